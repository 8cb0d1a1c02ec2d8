import * as z from 'zod/mini';
import { CURRENCIES } from '../participants/participants.ts';
import { isoDate, oneLine } from '../validation.ts';

/** How long a credit is kept for the person's next entry. */
export const CREDIT_MONTHS = 18;

/** How an admin says money went back: the ways money is received by hand. */
export const REFUND_METHODS = ['usd_bank', 'zwg_bank', 'cash', 'mobile_money'] as const;

const amount = z.string({ error: 'Enter the amount' }).check(
  z.trim(),
  z.regex(/^\d{1,9}(\.\d{1,2})?$/, 'Enter the amount as a number, e.g. 10 or 10.50'),
  z.refine((value) => Number(value) > 0, 'Enter an amount above 0'),
);
const common = {
  amount,
  currency: z.enum(CURRENCIES, { error: 'Choose the currency' }),
  refundedOn: isoDate('Enter the date'),
  reference: z.optional(oneLine(100, 'Reference must be at most 100 characters')),
};

/** An admin's record on an entry: money given back (Celebration never sends it), or kept as a credit. */
export const RecordRefundSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('refund'),
    method: z.enum(REFUND_METHODS, { error: 'Choose how the money went back' }),
    ...common,
  }),
  z.object({ kind: z.literal('credit'), ...common }),
]);
export type RecordRefund = z.input<typeof RecordRefundSchema>;
export type RecordRefundData = z.output<typeof RecordRefundSchema>;

export const RefundSchema = z.object({
  kind: z.enum(['refund', 'credit']),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  /** How a refund went back; null for a credit. */
  method: z.nullable(z.string()),
  refundedOn: z.string(),
  reference: z.nullable(z.string()),
  creditNoteNumber: z.number(),
  /** Who recorded it: an admin's name, or Paynow. */
  by: z.string(),
  /** Paynow reported the payment refunded. */
  byPaynow: z.boolean(),
  /** A credit's last day. */
  expiresOn: z.nullable(z.string()),
  /** The entry a credit paid, once used. */
  usedOn: z.nullable(z.string()),
});
export type Refund = z.infer<typeof RefundSchema>;

/** A credit the same person kept from an earlier entry, which this entry may use. */
export const CreditOfferSchema = z.object({
  id: z.number(),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  /** The entry it came from, and its edition. */
  fromReference: z.string(),
  fromEdition: z.string(),
  expiresOn: z.string(),
});
export type CreditOffer = z.infer<typeof CreditOfferSchema>;

/** What an entry's dialog shows of its refunds and credits. */
export const EntryRefundsSchema = z.object({
  recorded: z.array(RefundSchema),
  /** What can still be given back or credited, per currency it was received in ('0.00': nothing). */
  refundable: z.object({ USD: z.string(), ZWG: z.string() }),
  /** Credits of the same person this entry may use (an unpaid or part-paid entry of the current edition). */
  credits: z.array(CreditOfferSchema),
});
export type EntryRefunds = z.infer<typeof EntryRefundsSchema>;

/** Credits not yet used nor expired, for the admin. */
export const OpenCreditsSchema = z.array(
  z.object({
    id: z.number(),
    amount: z.string(),
    currency: z.enum(CURRENCIES),
    reference: z.string(),
    name: z.string(),
    edition: z.string(),
    creditNoteNumber: z.number(),
    expiresOn: z.string(),
  }),
);
export type OpenCredits = z.infer<typeof OpenCreditsSchema>;

/** Money the edition gave back or kept as credit, per currency, as decimal strings. */
export const RefundTotalsSchema = z.object({
  refunded: z.object({ usd: z.string(), zwg: z.string() }),
  credited: z.object({ usd: z.string(), zwg: z.string() }),
});
export type RefundTotals = z.infer<typeof RefundTotalsSchema>;

/** Entries of the current edition with money to give back or credit: cancelled after paying, or paid too much. */
export const MoneyBackSchema = z.array(
  z.object({
    id: z.string(),
    reference: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    reason: z.enum(['cancelled', 'over']),
    /** Received and not yet given back or credited (above the fee, when paid too much). */
    amount: z.string(),
    currency: z.enum(CURRENCIES),
  }),
);
export type MoneyBack = z.infer<typeof MoneyBackSchema>;
