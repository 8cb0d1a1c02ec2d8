import * as z from 'zod/mini';
import { ActorAccountSchema } from '../accounts/actor.ts';
import { DISCIPLINES } from '../events/event-display.ts';
import { pageFields, pageParam, pageSizeParam } from '../paging.ts';
import { ReceiptSchema } from '../payments/receipts.ts';
import { guardianRule } from '../registrations/guardian.ts';
import { RegistrationFieldsSchema } from '../registrations/registration.ts';
import { PAYMENT_STATUSES } from '../registrations/team.ts';
import { isoDate, oneLine, requiredText } from '../validation.ts';

export { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from '../registrations/team.ts';

/** The ways an admin records a payment by hand. */
export const MANUAL_PAYMENT_METHODS = ['usd_bank', 'zwg_bank', 'cash', 'mobile_money'] as const;
/** Those, and the ways Paynow records one itself (never offered for marking paid by hand). */
export const PAYMENT_METHODS = [
  ...MANUAL_PAYMENT_METHODS,
  'paynow_ecocash',
  'paynow_onemoney',
  'paynow_innbucks',
  'paynow_omari',
  'paynow_web',
  /** A credit the person kept from an earlier entry (issue 42), applied through the ledger. */
  'credit',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  usd_bank: 'USD bank transfer',
  zwg_bank: 'ZWG bank transfer',
  cash: 'Cash',
  mobile_money: 'Mobile money',
  paynow_ecocash: 'Paynow – EcoCash',
  paynow_onemoney: 'Paynow – OneMoney',
  paynow_innbucks: 'Paynow – InnBucks',
  paynow_omari: 'Paynow – O’mari',
  paynow_web: 'Paynow – card or wallet',
  credit: 'Credit from an earlier entry',
};
/** How a receipt names the payment method; a method without a label here is shown as stored. */
export const paymentMethodLabel = (method: string) =>
  PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method.replaceAll('_', ' ');
export const CURRENCIES = ['USD', 'ZWG'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency a method is paid in, where the method says it. */
export const METHOD_CURRENCY: Partial<Record<PaymentMethod, Currency>> = { usd_bank: 'USD', zwg_bank: 'ZWG' };

/**
 * Columns of the participants list, in the order of the earlier version plus ours. The next of kin's
 * mobile is not one: it shows only in an opened entry (ParticipantDetailSchema) and in the exports.
 */
export const PARTICIPANT_COLUMNS = [
  ['firstName', 'Name'],
  ['lastName', 'Surname'],
  ['email', 'Email'],
  ['mobile', 'Mobile'],
  ['age', 'Age'],
  ['gender', 'Gender'],
  ['raceType', 'Race Type'],
  ['discipline', 'Discipline'],
  ['tshirtSize', 'T-shirt'],
  ['paymentStatus', 'Payment'],
  ['reference', 'Reference'],
  ['bib', 'Bib'],
  ['createdAt', 'Registered'],
] as const;
export type ParticipantColumn = (typeof PARTICIPANT_COLUMNS)[number][0];
export const SORTABLE_COLUMNS = PARTICIPANT_COLUMNS.map(([key]) => key) as [
  ParticipantColumn,
  ...ParticipantColumn[],
];

export const PARTICIPANTS_PAGE_SIZES = [25, 50, 100] as const;

const optionalText = (max: number) => z.optional(oneLine(max));

/** Filters shared by the list, the PDF and the CSV. */
export const ParticipantFilterSchema = z.object({
  q: optionalText(100),
  discipline: z.optional(z.enum(DISCIPLINES)),
  race: optionalText(50),
  payment: z.optional(z.enum(PAYMENT_STATUSES)),
  gender: z.optional(z.enum(['Male', 'Female', 'unknown'])),
  tshirt: optionalText(20),
  /** An edition's id; the current one when left out. */
  // A regex rather than z.uuid: zod's UUID type would ride in every form's chunk, public ones too.
  edition: z.optional(
    z.string().check(z.regex(/^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i, 'There is no such edition.')),
  ),
});
export type ParticipantFilter = z.infer<typeof ParticipantFilterSchema>;

export const ParticipantListQuerySchema = z.extend(ParticipantFilterSchema, {
  sort: z.optional(z.enum(SORTABLE_COLUMNS)),
  dir: z.optional(z.enum(['asc', 'desc'])),
  page: pageParam,
  pageSize: pageSizeParam(100),
});
export type ParticipantListQuery = z.infer<typeof ParticipantListQuerySchema>;

/** A row of the list: what the table shows, nothing more (no next of kin, no guardian). */
export const ParticipantSchema = z.object({
  id: z.string(),
  reference: z.string(),
  discipline: z.enum(DISCIPLINES),
  firstName: z.string(),
  lastName: z.string(),
  /** Null: the entrant gave none (he chose SMS alone). */
  email: z.nullable(z.string()),
  mobile: z.string(),
  /** Under 18 is a minor (isMinor). */
  age: z.number(),
  gender: z.nullable(z.string()),
  raceType: z.string(),
  tshirtSize: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** The race number; null until the admin gives one. */
  bib: z.nullable(z.number()),
  createdAt: z.string(),
  /** What was paid, where it was; the entry's own answer says more (ParticipantDetailSchema). */
  payment: z.object({ amount: z.nullable(z.string()), currency: z.nullable(z.enum(CURRENCIES)) }),
  /** The fee of the entry's race in each currency; null where none is set. */
  fees: z.object({ USD: z.nullable(z.string()), ZWG: z.nullable(z.string()) }),
  /** The reference of the group form that registered it with others (CFR26-G3F9A2C); null: alone. */
  group: z.optional(z.nullable(z.string())),
});
export type Participant = z.infer<typeof ParticipantSchema>;

export const ParticipantListSchema = z.object({
  rows: z.array(ParticipantSchema),
  ...pageFields,
});
export type ParticipantList = z.infer<typeof ParticipantListSchema>;

export const PaymentSchema = z.object({
  method: z.nullable(z.enum(PAYMENT_METHODS)),
  amount: z.nullable(z.string()),
  currency: z.nullable(z.enum(CURRENCIES)),
  payerReference: z.nullable(z.string()),
  paidOn: z.nullable(z.string()),
  waiverReason: z.nullable(z.string()),
});

export const HistoryEntrySchema = z.object({
  at: z.string(),
  by: z.nullable(z.string()),
  /** The account behind `by`; null for the entrant (by the private link), Paynow or the registration form. */
  byAccount: z.nullable(ActorAccountSchema),
  /** 'check-in': a tap that reached the server late (kept, and marked so). 'text': a text message sent. */
  action: z.enum([
    'registered',
    'edited',
    'payment',
    'cancelled',
    'check-in',
    'transferred',
    'text',
    'result',
  ]),
  summary: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const ParticipantDetailSchema = z.extend(ParticipantSchema, {
  nextOfKinMobile: z.string(),
  /** A minor's parent or guardian and when their agreement was given; null for an adult. */
  guardianName: z.nullable(z.string()),
  guardianMobile: z.nullable(z.string()),
  guardianConsentedAt: z.nullable(z.string()),
  status: z.enum(['active', 'cancelled']),
  /** An entry of an earlier edition: it can be read, not changed. */
  archived: z.boolean(),
  listedInSearch: z.boolean(),
  /** "Show my name in published results". */
  showInResults: z.boolean(),
  /** The bib numbers of the entry's race, which a bib set by hand must be one of. */
  raceBibs: z.object({ bibFrom: z.nullable(z.number()), bibTo: z.nullable(z.number()) }),
  // All of it, where the list has the amount and currency only.
  payment: PaymentSchema,
  /** The newest first: an entry paid, marked unpaid and paid again has two. */
  receipts: z.array(ReceiptSchema),
  history: z.array(HistoryEntrySchema),
});
export type ParticipantDetail = z.infer<typeof ParticipantDetailSchema>;

const amount = z
  .string({ error: 'Enter the amount' })
  .check(z.trim(), z.regex(/^\d{1,9}(\.\d{1,2})?$/, 'Enter the amount as a number, e.g. 10 or 10.50'));

export const PaymentUpdateSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('paid'),
    method: z.enum(MANUAL_PAYMENT_METHODS, { error: 'Choose how it was paid' }),
    amount,
    currency: z.enum(CURRENCIES, { error: 'Choose the currency' }),
    payerReference: z.optional(oneLine(100, 'Reference must be at most 100 characters')),
    paidOn: isoDate('Enter the date it was paid'),
  }),
  z.object({ status: z.literal('waived'), reason: requiredText('the reason', 200) }),
  z.object({ status: z.literal('unpaid') }),
]);
export type PaymentUpdate = z.input<typeof PaymentUpdateSchema>;
export type PaymentUpdateData = z.output<typeof PaymentUpdateSchema>;

/** At most a page of the list (its largest size) in one go. */
export const MARK_PAID_MAX = 100;

/** Several entries paid by one method: each is given its own race's fee in the currency. */
export const MarkPaidSchema = z.object({
  ids: z
    .array(z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Not an entry id')))
    .check(
      z.minLength(1, 'Choose the entries to mark paid'),
      z.maxLength(MARK_PAID_MAX, `Mark at most ${MARK_PAID_MAX} entries at a time`),
    ),
  method: z.enum(MANUAL_PAYMENT_METHODS, { error: 'Choose how they were paid' }),
  currency: z.enum(CURRENCIES, { error: 'Choose the currency' }),
  paidOn: isoDate('Enter the date they were paid'),
});
export type MarkPaid = z.output<typeof MarkPaidSchema>;

/** Why an entry was left as it was. */
export const MARK_PAID_SKIPS = [
  'paid',
  'waived',
  'cancelled',
  'no_fee',
  /** Part paid in the other currency: the organisers settle the balance. */
  'other_currency',
  'not_found',
] as const;
export type MarkPaidSkip = (typeof MARK_PAID_SKIPS)[number];

export const MarkPaidResultSchema = z.object({
  marked: z.array(
    z.object({ id: z.string(), reference: z.string(), amount: z.string(), currency: z.enum(CURRENCIES) }),
  ),
  skipped: z.array(
    z.object({ id: z.string(), reference: z.nullable(z.string()), reason: z.enum(MARK_PAID_SKIPS) }),
  ),
});
export type MarkPaidResult = z.infer<typeof MarkPaidResultSchema>;

/** An admin's correction: every field of the public form except discipline and consent. */
export const ParticipantEditSchema = z
  .extend(
    z.omit(RegistrationFieldsSchema, { discipline: true, consent: true }),
    // Left out, it stays as it is: an edit that does not mention it must not list someone who chose not to be.
    { listedInSearch: z.optional(z.boolean()), showInResults: z.optional(z.boolean()) },
  )
  .check(guardianRule);
export type ParticipantEdit = z.input<typeof ParticipantEditSchema>;
export type ParticipantEditData = z.output<typeof ParticipantEditSchema>;
