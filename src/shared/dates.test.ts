import { describe, expect, it } from 'vitest';
import { harareToday } from './dates.ts';

describe("Harare's date", () => {
  it('turns at 22:00 UTC (midnight in Harare)', () => {
    expect(harareToday(new Date('2026-11-27T21:59:00Z'))).toBe('2026-11-27');
    expect(harareToday(new Date('2026-11-27T22:00:00Z'))).toBe('2026-11-28');
    expect(harareToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
