import { describe, expect, it } from 'vitest';
import { expiryText } from './wallet-code-expiry.ts';

describe('an InnBucks or O’mari code’s expiry, as Paynow gives it', () => {
  it('reads as a time and a date', () => {
    expect(expiryText('27-Nov-2026 14:35')).toBe('14:35 on 27 Nov 2026');
    expect(expiryText('3-Dec-2026 9:05')).toBe('09:05 on 3 Dec 2026');
    expect(expiryText('03-Jan-2027 00:10')).toBe('00:10 on 3 Jan 2027');
  });

  it('is shown as Paynow wrote it when it is in another format', () => {
    expect(expiryText('2026-11-27T14:35:00')).toBe('2026-11-27T14:35:00');
    expect(expiryText('27-Xyz-2026 14:35')).toBe('27-Xyz-2026 14:35');
  });
});
