import { describe, expect, it } from 'vitest';
import { fixedFeeAboveRate, freshRate, quotedFees, quoteText, zwgAtRate, zwgFeeOf } from './zwg-rate.ts';

/** USD × rate as an exact fraction of whole ZWG: numerator over 1,000,000 (cents × ten-thousandths). */
const exactMillionths = (usd: string, rate: string) =>
  BigInt(usd.replace('.', '')) *
  BigInt(rate.replace('.', '').padEnd((rate.split('.')[0] ?? '').length + 4, '0'));

describe('the ZWG fee at the official rate', () => {
  it('rounds down to 1, 5 or 10 ZWG', () => {
    expect(zwgAtRate('10.00', '24.3', 1)).toBe('243.00');
    expect(zwgAtRate('10.00', '24.39', 1)).toBe('243.00');
    expect(zwgAtRate('10.00', '24.39', 5)).toBe('240.00');
    expect(zwgAtRate('10.00', '24.99', 10)).toBe('240.00');
    expect(zwgAtRate('15.50', '26.7845', 1)).toBe('415.00');
  });

  it('is never above USD × rate, where floating point would round up', () => {
    // 0.29 × 100 is 28.999999999999996 in floating point and 1.15 × 100 is 114.99999999999999: exact here.
    expect(zwgAtRate('0.29', '100', 1)).toBe('29.00');
    expect(zwgAtRate('1.15', '100', 1)).toBe('115.00');
    for (let cents = 1; cents <= 5_000; cents += 7) {
      for (const rate of ['13.56', '24.3', '26.7845', '0.0001', '9999.9999']) {
        for (const step of [1, 5, 10]) {
          const usd = (cents / 100).toFixed(2);
          const zwg = BigInt(zwgAtRate(usd, rate, step).replace('.00', ''));
          const exact = exactMillionths(usd, rate);
          expect(zwg * 1_000_000n <= exact, `${usd} × ${rate} / ${step}`).toBe(true);
          expect(
            (zwg + BigInt(step)) * 1_000_000n > exact,
            `${usd} × ${rate} / ${step} as high as allowed`,
          ).toBe(true);
          expect(zwg % BigInt(step)).toBe(0n);
        }
      }
    }
  });

  it('follows the rate only when the event says so, and has none without a rate or a USD fee', () => {
    const race = { feeUsd: '10.00', feeZwg: '270.00' };
    expect(zwgFeeOf(race, { zwgFollowsRate: false, zwgRate: '24.3', zwgRoundTo: 1 })).toBe('270.00');
    expect(zwgFeeOf(race, { zwgFollowsRate: true, zwgRate: '24.3', zwgRoundTo: 1 })).toBe('243.00');
    expect(zwgFeeOf(race, { zwgFollowsRate: true, zwgRate: null, zwgRoundTo: 1 })).toBeNull();
    expect(
      zwgFeeOf({ feeUsd: null, feeZwg: '270.00' }, { zwgFollowsRate: true, zwgRate: '24.3', zwgRoundTo: 1 }),
    ).toBeNull();
  });

  it('warns of a fixed fee above USD × rate, and of a stale or future rate', () => {
    expect(fixedFeeAboveRate({ feeUsd: '10.00', feeZwg: '243.01' }, '24.3')).toBe(true);
    expect(fixedFeeAboveRate({ feeUsd: '10.00', feeZwg: '243.00' }, '24.3')).toBe(false);
    expect(fixedFeeAboveRate({ feeUsd: '10.00', feeZwg: '999.00' }, null)).toBe(false);
    expect(freshRate('2026-11-20', '2026-11-27')).toBe(true);
    expect(freshRate('2026-11-19', '2026-11-27')).toBe(false);
    expect(freshRate('2026-11-28', '2026-11-27')).toBe(false);
  });

  it('says a quote as entrants read it', () => {
    expect(quoteText({ zwg: '243.00', rate: '24.3000', rateDate: '2026-11-20' })).toBe(
      'ZWG 243 (at the official rate of 24.30 on 20/11/26)',
    );
    expect(
      quotedFees({ feeUsd: '10.00', feeZwg: '243.00', zwgRate: '24.3000', zwgRateDate: '2026-11-20' }),
    ).toBe('US$10.00 or ZWG 243 (at the official rate of 24.30 on 20/11/26)');
    expect(quotedFees({ feeUsd: '10.00', feeZwg: '270.00' })).toBe('US$10.00 or ZWG 270.00');
  });
});
