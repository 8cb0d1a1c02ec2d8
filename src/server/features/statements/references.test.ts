import { describe, expect, it } from 'vitest';
import { type EntryToMatch, matchLine } from './matching.ts';
import { namedReferences } from './references.ts';

const entries = (narrative: string) => namedReferences(narrative, 'CFR25').entries;

describe('references named in a narrative', () => {
  it('reads references however they are written', () => {
    for (const narrative of [
      'CFR25-0042',
      'cfr25-0042',
      'cfr25 42',
      'CFR25 42 fun run',
      'CFR250042',
      'CFR25.0042',
      'CFR 25 0042',
      'cfr-25-42',
      'CFR25-00042',
      'FT REF:CFR25/42 T MOYO',
      'TRF FROM T MOYO REF cfr25 - 0042',
      'Payment,CFR25_42',
    ]) {
      expect(entries(narrative), narrative).toEqual(['CFR25-0042']);
    }
    expect(entries('CFR25-10000 runner')).toEqual(['CFR25-10000']);
  });

  it('takes no phone number, other prefix, or number glued to another for a reference', () => {
    for (const narrative of [
      'CFR25 0771234567',
      'CFR250771234567',
      'AIRTIME 0771234567 CFR',
      'CFR24-0042',
      'ACFR26-0042',
      'CFR25-0000',
      'SALARY NOV 2025',
      'CFR 2 5 0042',
    ]) {
      expect(entries(narrative), narrative).toEqual([]);
    }
    expect(entries('2CFR25-0042')).toEqual([]);
  });

  it('lists every distinct reference of a line, once', () => {
    expect(entries('CFR25-0042 and CFR25-0043 and cfr25 42')).toEqual(['CFR25-0042', 'CFR25-0043']);
  });

  it('reads team references, loosely written, and not as an entry', () => {
    for (const narrative of ['CFR25-T3F9A2C', 'cfr25 t3f9a2c staff', 'CFR25T3F9A2C', 'ACME CFR 25-T3f9a2c']) {
      expect(namedReferences(narrative, 'CFR25'), narrative).toEqual({
        entries: [],
        teams: ['3F9A2C'],
        groups: [],
      });
    }
    expect(namedReferences('CFR25-T3F9A2CX', 'CFR25').teams).toEqual([]);
  });

  it('reads group references, loosely written, apart from teams and entries', () => {
    for (const narrative of [
      'CFR25-G3F9A2C',
      'moyo family cfr25 g3f9a2c',
      'CFR25G3F9A2C',
      'CFR 25-G3f9a2c',
    ]) {
      expect(namedReferences(narrative, 'CFR25'), narrative).toEqual({
        entries: [],
        teams: [],
        groups: ['3F9A2C'],
      });
    }
    expect(namedReferences('CFR25-G3F9A2CX', 'CFR25').groups).toEqual([]);
  });
});

const entry = (id: string, change: Partial<EntryToMatch> = {}): EntryToMatch => ({
  id,
  status: 'active',
  paymentStatus: 'unpaid',
  paymentAmount: null,
  paymentCurrency: null,
  feeUsd: '20.00',
  feeZwg: null,
  ...change,
});
const usd = (amount: string) => ({ amount, currency: 'USD' as const });

describe('a line matched to what it names', () => {
  it('is matched when the amount is the fee in its currency, and amount-differs otherwise', () => {
    expect(matchLine(usd('20.00'), { entries: [entry('a')], teams: [] })).toEqual({
      matchedBy: 'reference',
      outcome: 'matched',
      registrationId: 'a',
      candidates: null,
    });
    expect(matchLine(usd('15.00'), { entries: [entry('a')], teams: [] }).outcome).toBe('amount-differs');
    const zwg = { amount: '20.00', currency: 'ZWG' as const };
    expect(matchLine(zwg, { entries: [entry('a')], teams: [] }).outcome).toBe('amount-differs');
  });

  it('pays several entries named together, in the order named; is ambiguous when it names entries and a team', () => {
    expect(matchLine(usd('40.00'), { entries: [entry('b'), entry('a')], teams: [] })).toEqual({
      matchedBy: 'reference',
      outcome: 'matched',
      registrationId: null,
      candidates: ['b', 'a'],
    });
    expect(matchLine(usd('30.00'), { entries: [entry('b'), entry('a')], teams: [] })).toEqual({
      matchedBy: 'reference',
      outcome: 'amount-differs',
      registrationId: null,
      candidates: ['b', 'a'],
    });
    expect(matchLine(usd('20.00'), { entries: [entry('a')], teams: [[entry('b')]] })).toEqual({
      matchedBy: 'reference',
      outcome: 'ambiguous',
      registrationId: null,
      candidates: ['a', 'b'],
    });
    expect(matchLine(usd('20.00'), { entries: [], teams: [] }).outcome).toBe('unmatched');
    expect(matchLine(usd('-20.00'), { entries: [entry('a')], teams: [] }).outcome).toBe('unmatched');
  });

  it("matches a part-paid entry's balance, not its fee", () => {
    const part = entry('a', { paymentStatus: 'part_paid', paymentAmount: '15.00', paymentCurrency: 'USD' });
    expect(matchLine(usd('5.00'), { entries: [part], teams: [] }).outcome).toBe('matched');
    expect(matchLine(usd('20.00'), { entries: [part], teams: [] }).outcome).toBe('amount-differs');
  });

  it("pays a team's unpaid entries together when the amount is their fees' sum", () => {
    const team = [entry('a'), entry('b', { feeUsd: '30.00' }), entry('c', { paymentStatus: 'paid' })];
    expect(matchLine(usd('50.00'), { entries: [], teams: [team] })).toEqual({
      matchedBy: 'reference',
      outcome: 'matched',
      registrationId: null,
      candidates: ['a', 'b'],
    });
    expect(matchLine(usd('70.00'), { entries: [], teams: [team] }).outcome).toBe('amount-differs');
  });
});
