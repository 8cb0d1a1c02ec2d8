import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';
import { PAYMENT_STATUSES } from '../registrations/team.ts';

// Not from participants.ts: that brings the registration form's contracts into the check-in page.
const CURRENCIES = ['USD', 'ZWG'] as const;

/** What an entrant's QR code carries: 32 random hex digits (registrations.check_in_code). */
export const CHECK_IN_CODE = /^[0-9a-f]{32}$/;

/** The digest of a check-in code a phone's roster carries (issue 37): the first 16 hex digits of its SHA-256. */
export const CODE_DIGEST_LENGTH = 16;

export const CHECK_IN_ACTIONS = [
  'check-in',
  'undo-check-in',
  'tshirt-collected',
  'undo-tshirt-collected',
] as const;
export type CheckInAction = (typeof CHECK_IN_ACTIONS)[number];

/** Who did it and when (an ISO instant). */
const DoneSchema = z.nullable(z.object({ at: z.string(), by: z.string() }));

/**
 * An entry as the check-in table sees it: enough to hand over a bib and a T-shirt and take the fee, and
 * nothing to reach the entrant by (no email, mobile, next of kin or age).
 */
export const CheckInEntrySchema = z.object({
  id: z.string(),
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  bib: z.nullable(z.number()),
  discipline: z.enum(DISCIPLINES),
  race: z.string(),
  tshirtSize: z.string(),
  /** Under 18: the table looks for the guardian's agreement (whether, not the age). */
  minor: z.boolean(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** What an entrant who owes must pay in each currency (decimal strings): the race's fee, or a part payment's balance. */
  fees: z.object({ USD: z.nullable(z.string()), ZWG: z.nullable(z.string()) }),
  checkedIn: DoneSchema,
  tshirtCollected: DoneSchema,
});
export type CheckInEntry = z.infer<typeof CheckInEntrySchema>;

export const CHECK_IN_SEARCH_LIMIT = 8;

/**
 * Fewer characters than this match a whole bib number only (a whole check-in code is longer): one or two
 * letters would list every entrant a few at a time.
 */
export const CHECK_IN_SEARCH_MIN = 3;
export const CHECK_IN_SEARCH_HINT =
  'Type at least 3 characters of a name or reference, or a whole bib number.';
const BIB = /^\d{1,9}$/;
/** Whether the text is enough to search by: a whole bib at any length, anything else from 3 characters. */
export const isCheckInSearch = (text: string) => text.length >= CHECK_IN_SEARCH_MIN || BIB.test(text);

export const CheckInSearchQuerySchema = z.object({
  q: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Type a name, bib or reference'),
      z.maxLength(100),
      z.refine(isCheckInSearch, CHECK_IN_SEARCH_HINT),
    ),
});

export const CheckInEntriesSchema = z.object({ entries: z.array(CheckInEntrySchema) });
export type CheckInEntries = z.infer<typeof CheckInEntriesSchema>;

/** One tap on the phone, sent at once or later from its queue; the key makes a second sending harmless. */
export const CheckInTapSchema = z.object({
  idempotencyKey: z.string().check(z.regex(/^[\w-]{8,64}$/, 'Not an idempotency key')),
  registrationId: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Not an entry id')),
  action: z.enum(CHECK_IN_ACTIONS),
  /** When the volunteer tapped, by the phone's clock. */
  at: z.string().check(
    z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/, 'Not a time'),
    z.refine((value: string) => !Number.isNaN(Date.parse(value)), 'Not a time'),
  ),
});
export type CheckInTap = z.infer<typeof CheckInTapSchema>;

export const CheckInTapResultSchema = z.object({
  /** 'already': someone had done it first (or it was already undone); the entry says who and when. */
  outcome: z.enum(['done', 'already']),
  action: z.enum(CHECK_IN_ACTIONS),
  entry: CheckInEntrySchema,
});
export type CheckInTapResult = z.infer<typeof CheckInTapResultSchema>;

/** The race fee taken in cash at the table. */
export const CashPaymentSchema = z.object({
  registrationId: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Not an entry id')),
  currency: z.enum(CURRENCIES, { error: 'Choose the currency' }),
  /**
   * Names a payment queued on a phone without signal (issue 37). Sending it again pays nothing twice: an entry
   * already paid is answered as it is.
   */
  idempotencyKey: z.optional(z.string().check(z.regex(/^[\w-]{8,64}$/, 'Not an idempotency key'))),
});
export type CashPayment = z.infer<typeof CashPaymentSchema>;

export const CheckInCountsSchema = z.object({
  races: z.array(
    z.object({
      id: z.string(),
      discipline: z.enum(DISCIPLINES),
      race: z.string(),
      /** Active entries. */
      registered: z.number(),
      checkedIn: z.number(),
      /** Active entries of each size whose T-shirt is not collected yet, in the event's size order. */
      tshirtsLeft: z.array(z.object({ size: z.string(), count: z.number() })),
    }),
  ),
});
export type CheckInCounts = z.infer<typeof CheckInCountsSchema>;
