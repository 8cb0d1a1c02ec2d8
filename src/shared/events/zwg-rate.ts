import { priceText } from '../money.ts';

/**
 * Issue 42 §1: a race's ZWG fee follows its USD fee at the official rate the admin typed, rounded DOWN to whole
 * 1, 5 or 10 ZWG, so it is never above USD × rate (charging above the official rate is what a church must not
 * do). Worked out in integers, never in floating point, which can round up. The database works out the same
 * rule in numeric arithmetic for what an entry owes (server registrations/queries.ts, paymentAgainstFee).
 */

export const ZWG_ROUNDINGS = [1, 5, 10] as const;
export type ZwgRounding = (typeof ZWG_ROUNDINGS)[number];
export const ZWG_RATE_KINDS = ['mid', 'selling'] as const;
export type ZwgRateKind = (typeof ZWG_RATE_KINDS)[number];
/** A rate older than this many days is stale: the settings warn, and an edition following it cannot be published. */
export const RATE_FRESH_DAYS = 7;

/** What the event's ZWG fees follow. */
export interface ZwgPricing {
  zwgFollowsRate: boolean;
  /** ZWG per USD, as the admin typed it ("24.3"); null: none known. */
  zwgRate: string | null;
  zwgRoundTo: number;
}

/** A non-negative decimal text as an integer of `places` decimals (extra digits dropped: a floor). */
function scaled(value: string, places: number): bigint {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a decimal amount: ${value}`);
  const fraction = (match[2] ?? '').padEnd(places, '0').slice(0, places);
  return BigInt(`${match[1]}${fraction}`);
}

/** USD × rate rounded down to a multiple of `roundTo` ZWG, as an amount text ("243.00"). */
export function zwgAtRate(usd: string, rate: string, roundTo: number): string {
  const millionths = scaled(usd, 2) * scaled(rate, 4);
  const step = BigInt(roundTo) * 1_000_000n;
  return `${((millionths / step) * BigInt(roundTo)).toString()}.00`;
}

/**
 * THE ZWG fee of a race as entrants are asked for it: at the rate when the event follows it (null while no rate
 * is known or the race has no USD fee), else the race's fixed ZWG fee.
 */
export function zwgFeeOf(race: { feeUsd: string | null; feeZwg: string | null }, pricing: ZwgPricing) {
  if (!pricing.zwgFollowsRate) return race.feeZwg;
  if (pricing.zwgRate === null || race.feeUsd === null) return null;
  return zwgAtRate(race.feeUsd, pricing.zwgRate, pricing.zwgRoundTo);
}

/** The race with its ZWG fee as entrants are asked for it. */
export const priced = <Race extends { feeUsd: string | null; feeZwg: string | null }>(
  race: Race,
  pricing: ZwgPricing,
): Race => ({ ...race, feeZwg: zwgFeeOf(race, pricing) });

/** A fixed ZWG fee above USD × rate (when a rate is known): the settings warn about it. */
export function fixedFeeAboveRate(
  race: { feeUsd: string | null; feeZwg: string | null },
  rate: string | null,
) {
  if (rate === null || race.feeUsd === null || race.feeZwg === null) return false;
  return scaled(race.feeZwg, 2) * 10_000n > scaled(race.feeUsd, 2) * scaled(rate, 4);
}

/** Whole days from `rateDate` (YYYY-MM-DD) to `today` (YYYY-MM-DD). */
export function rateAgeDays(rateDate: string, today: string) {
  return Math.round((Date.parse(today) - Date.parse(rateDate)) / 86_400_000);
}

/** Whether a rate of `rateDate` is recent enough to charge by (not in the future, at most RATE_FRESH_DAYS old). */
export function freshRate(rateDate: string, today: string) {
  const age = rateAgeDays(rateDate, today);
  return age >= 0 && age <= RATE_FRESH_DAYS;
}

/** The rate as the Reserve Bank writes it: at least two decimals, no trailing zeros beyond ("24.30", "24.3456"). */
export function rateText(rate: string) {
  const [whole, fraction = ''] = rate.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

/** A quote as entrants read it: "ZWG 243 (at the official rate of 24.30 on 20/11/26)". */
export function quoteText(quote: { zwg: string; rate: string; rateDate: string }) {
  const [year = '', month, day] = quote.rateDate.split('-');
  const zwg = quote.zwg.replace(/\.00$/, '');
  return `ZWG ${zwg} (at the official rate of ${rateText(quote.rate)} on ${day}/${month}/${year.slice(2)})`;
}

/** The rate an entry's ZWG fee was quoted at, as receipts carry it (both null: a fixed fee, no quote). */
export interface QuotedRate {
  zwgRate?: string | null;
  zwgRateDate?: string | null;
}

/**
 * An entry's fees as the entrant is told them: "US$10.00 or ZWG 243 (at the official rate of 24.30 on
 * 20/11/26)" when its ZWG fee was quoted at a rate, else as formatFees writes them; null when neither is set.
 */
export function quotedFees(
  fee: { feeUsd: string | null; feeZwg: string | null } & QuotedRate,
  separator = ' or ',
): string | null {
  const zwg =
    fee.feeZwg !== null && fee.zwgRate && fee.zwgRateDate
      ? quoteText({ zwg: fee.feeZwg, rate: fee.zwgRate, rateDate: fee.zwgRateDate })
      : priceText('ZWG', fee.feeZwg);
  const parts = [priceText('USD', fee.feeUsd), zwg].filter(Boolean);
  return parts.length ? parts.join(separator) : null;
}
