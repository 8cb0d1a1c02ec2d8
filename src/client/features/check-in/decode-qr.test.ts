import { describe, expect, it } from 'vitest';
import { checkInCodeIn } from './decode-qr.ts';

describe('the check-in code in what a QR code says', () => {
  const code = '0123456789abcdef0123456789abcdef';

  it('is the code alone, in either case, or the code inside a link', () => {
    expect(checkInCodeIn(code)).toBe(code);
    expect(checkInCodeIn(code.toUpperCase())).toBe(code);
    expect(checkInCodeIn(`https://funrun.example.org/CheckIn?code=${code}`)).toBe(code);
  });

  it('is nothing in other text: a longer run of hex digits, a short one, a name', () => {
    expect(checkInCodeIn(`${code}0`)).toBeNull();
    expect(checkInCodeIn(code.slice(1))).toBeNull();
    expect(checkInCodeIn('Tendai Moyo')).toBeNull();
    expect(checkInCodeIn('')).toBeNull();
  });
});
