import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstWayToPay, paidDefaults, rememberPayment } from './paid-defaults.ts';

// This browser's storage, in memory: an admin who has never marked a payment here, unless a test says so.
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
});
afterEach(() => stored.clear());

const fees = { USD: '15.00', ZWG: '400.00' };

describe('"Mark paid" defaults', () => {
  it('start from the first way to pay the event lists, not cash', () => {
    const first = firstWayToPay({ order: ['usd', 'cash', 'mobileMoney', 'zwg'] });
    expect(paidDefaults('admin', fees, { first })).toMatchObject({
      method: 'usd_bank',
      currency: 'USD',
      amount: '15.00',
    });
    const zwgFirst = firstWayToPay({ order: ['zwg'] });
    expect(paidDefaults('admin', fees, { first: zwgFirst })).toMatchObject({
      method: 'zwg_bank',
      currency: 'ZWG',
      amount: '400.00',
    });
  });

  it('follow the order entrants see when the organisers set none (mobile money first)', () => {
    expect(firstWayToPay({ order: [] })).toEqual({ method: 'mobile_money', currency: 'USD' });
  });

  it("take a statement's account over everything else", () => {
    rememberPayment('admin', 'cash', 'USD');
    const first = firstWayToPay({ order: ['usd'] });
    expect(paidDefaults('admin', fees, { first, account: 'zwg_bank' })).toMatchObject({
      method: 'zwg_bank',
      currency: 'ZWG',
      amount: '400.00',
    });
  });

  it('keep the way this admin last recorded a payment in this browser', () => {
    rememberPayment('admin', 'cash', 'ZWG');
    expect(paidDefaults('admin', fees, { first: firstWayToPay({ order: ['usd'] }) })).toMatchObject({
      method: 'cash',
      currency: 'ZWG',
    });
  });
});
