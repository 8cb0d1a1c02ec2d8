import { describe, expect, it } from 'vitest';
import { isoDate } from './validation.ts';

describe('isoDate', () => {
  const check = (value: unknown) => isoDate('Enter the date').safeParse(value).success;

  it('takes days that exist, leap days included', () => {
    expect(['2026-02-28', '2024-02-29', '2026-12-31'].map(check)).toEqual([true, true, true]);
  });

  it('refuses days and months that do not exist, and anything not written YYYY-MM-DD, without throwing', () => {
    expect(
      ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '14/03/2026', '2026-3-14', '', 20260314].map(
        check,
      ),
    ).toEqual([false, false, false, false, false, false, false, false]);
  });
});
