import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { isNotMobile } from './mobile-only.ts';

const NOT_MOBILE = ['FIXED_LINE', 'TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST', 'UAN', 'VOICEMAIL'];

describe('isNotMobile', () => {
  it.each([
    ['+263771234567', false], // Econet mobile
    ['+263242701234', true], // Harare landline
    ['+27821234567', false], // South African mobile
    ['+27115551234', true], // Johannesburg landline
    ['+27800123456', true], // toll-free
    ['+2630242701234', true], // a landline written with its national 0: parsed, as before
    ['+2630771234567', false],
    ['0242701234', false], // not E.164: no kind found, given the benefit of the doubt
  ])('%s is not a mobile: %s', (number, expected) => {
    expect(isNotMobile(number)).toBe(expected);
  });

  it('answers as the full parser does for numbers of many countries and lengths', () => {
    const codes = ['263', '27', '1', '44', '260', '267', '258', '254', '61', '86', '91', '800'];
    let seed = 7;
    const digit = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return String(seed % 10);
    };
    for (const code of codes) {
      for (let i = 0; i < 300; i += 1) {
        const number = `+${code}${Array.from({ length: 5 + (i % 9) }, digit).join('')}`;
        const type = parsePhoneNumberFromString(number)?.getType();
        expect(isNotMobile(number), number).toBe(type !== undefined && NOT_MOBILE.includes(type));
      }
    }
  });
});
