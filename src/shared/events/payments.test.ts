import { describe, expect, it } from 'vitest';
import { mobileMoneyCodeText } from './payments.ts';

describe('a mobile-money code in words', () => {
  it('has the fee filled in when it is known', () => {
    expect(mobileMoneyCodeText('*153*1*1*0770000000*{amount}#', '10.00')).toBe('*153*1*1*0770000000*10.00#');
  });
  it('says "enter the amount" where it goes when no fee is known, never a placeholder', () => {
    const text = mobileMoneyCodeText('*153*1*1*0770000000*{amount}#', null);
    expect(text).toBe('*153*1*1*0770000000*, then enter the amount, then #');
    expect(text).not.toMatch(/AMOUNT|\{amount\}/);
    expect(mobileMoneyCodeText('*153*{amount}', null)).toBe('*153*, then enter the amount');
  });
});
