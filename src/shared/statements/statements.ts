import * as z from 'zod/mini';
import { pageFields, pageParam } from '../paging.ts';
import { CURRENCIES, type Currency } from '../participants/participants.ts';
import { PAYMENT_STATUSES } from '../registrations/team.ts';

/** The accounts a statement comes from; each is also the payment method its entries are marked paid by. */
export const STATEMENT_ACCOUNTS = ['usd_bank', 'zwg_bank', 'mobile_money'] as const;
export type StatementAccount = (typeof STATEMENT_ACCOUNTS)[number];
export const STATEMENT_ACCOUNT_LABELS: Record<StatementAccount, string> = {
  usd_bank: 'USD bank account',
  zwg_bank: 'ZWG bank account',
  mobile_money: 'Mobile money (merchant)',
};
/** The currency a bank account's lines are in when the file has no currency column. */
export const ACCOUNT_CURRENCY: Record<StatementAccount, Currency | null> = {
  usd_bank: 'USD',
  zwg_bank: 'ZWG',
  mobile_money: null,
};

export const STATEMENT_OUTCOMES = ['matched', 'ambiguous', 'amount-differs', 'unmatched'] as const;
export type StatementOutcome = (typeof STATEMENT_OUTCOMES)[number];

/** Largest statement file, most lines taken from one, and lines per page of a review. */
export const STATEMENT_LIMITS = { fileBytes: 2 * 1024 * 1024, lines: 5000, reviewPage: 50 };

const column = (label: string) =>
  z.string({ error: `Choose the ${label} column` }).check(z.minLength(1, `Choose the ${label} column`));

/**
 * Which column of the file holds what, by its heading; the currency is a column or one for the whole file
 * (`fixedCurrency`), which a bank account's own currency is when neither is given.
 */
export const StatementMappingSchema = z.object({
  date: column('date'),
  narrative: column('description'),
  amount: column('amount'),
  currency: z.optional(z.string()),
  fixedCurrency: z.optional(z.enum(CURRENCIES)),
  /** A mobile-money statement's sender number: a line without a reference is matched by it. */
  payer: z.optional(z.string()),
  /** The sender's name, added to the line's description for the admin to read. */
  payerName: z.optional(z.string()),
});
export type StatementMapping = z.infer<typeof StatementMappingSchema>;

/** The query of an upload: the account and the mapping. */
export const StatementUploadQuerySchema = z.extend(StatementMappingSchema, {
  account: z.enum(STATEMENT_ACCOUNTS, { error: 'Choose the account' }),
});
export type StatementUploadQuery = z.infer<typeof StatementUploadQuerySchema>;

/** A file's headings and first rows, with the mapping to offer (the last one for the account, or a guess). */
export const StatementPreviewSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  rowCount: z.number(),
  mapping: z.nullable(
    z.object({
      date: z.string(),
      narrative: z.string(),
      amount: z.string(),
      currency: z.optional(z.string()),
      fixedCurrency: z.optional(z.enum(CURRENCIES)),
      payer: z.optional(z.string()),
      payerName: z.optional(z.string()),
    }),
  ),
  /** Whether the mapping is the one last used for this account (rather than guessed from the headings). */
  remembered: z.boolean(),
});
export type StatementPreview = z.infer<typeof StatementPreviewSchema>;

export const StatementEntrySchema = z.object({
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  race: z.string(),
  /** The entry's fee in the line's currency, or null when its race has none in it. */
  fee: z.nullable(z.string()),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  cancelled: z.boolean(),
});
export type StatementEntry = z.infer<typeof StatementEntrySchema>;

export const StatementLineSchema = z.object({
  id: z.number(),
  postedOn: z.nullable(z.string()),
  narrative: z.string(),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  outcome: z.enum(STATEMENT_OUTCOMES),
  /** The entries the line pays (one, or a team's together), or the ones an ambiguous line could be. */
  entries: z.array(StatementEntrySchema),
  /** The line pays all of `entries` at once (a team's or group's reference, several references, one number's entries). */
  team: z.boolean(),
  /** How the line found its entries: by reference, by the payer's number (no reference), by the admin's hand; null: none. */
  matchedBy: z.nullable(z.enum(['reference', 'payer', 'hand'])),
  /** Every entry it names is paid, waived or cancelled already: it marks nothing. */
  alreadyPaid: z.boolean(),
  /** The entry an ambiguous line was applied to, once confirmed. */
  chosen: z.nullable(z.string()),
  appliedAt: z.nullable(z.string()),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

/** An import's lines a group at a time: `GET /api/statements/:id/lines?outcome=…&page=…`. */
export const StatementLinesQuerySchema = z.object({
  outcome: z.enum(STATEMENT_OUTCOMES, { error: 'Choose matched, ambiguous, amount-differs or unmatched' }),
  page: pageParam,
});
export type StatementLinesQuery = z.infer<typeof StatementLinesQuerySchema>;

/**
 * A page of one group's lines, in the file's order; matched lines still to act on come before those paid
 * already (or applied).
 */
export const StatementLinesPageSchema = z.object({ lines: z.array(StatementLineSchema), ...pageFields });
export type StatementLinesPage = z.infer<typeof StatementLinesPageSchema>;

/** Where an import came from, who uploaded it and whether it is confirmed. */
const importFields = {
  id: z.string(),
  account: z.enum(STATEMENT_ACCOUNTS),
  fileName: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.nullable(z.string()),
  confirmedAt: z.nullable(z.string()),
};

/** An import: where it came from, how many lines each group holds, and what confirming marks by default. */
export const StatementReviewSchema = z.object({
  ...importFields,
  counts: z.object({
    matched: z.number(),
    ambiguous: z.number(),
    'amount-differs': z.number(),
    unmatched: z.number(),
  }),
  /** Entries the matched lines mark paid unless unticked (none once confirmed). */
  toMark: z.number(),
  /** Matched lines whose entries were all paid, waived or cancelled before (they mark nothing). */
  alreadyPaid: z.number(),
});
export type StatementReview = z.infer<typeof StatementReviewSchema>;

/** An import in the list of recent ones: whether it still waits for the admin's confirmation. */
export const StatementImportSummarySchema = z.object({
  ...importFields,
  lines: z.number(),
  matched: z.number(),
});
export type StatementImportSummary = z.infer<typeof StatementImportSummarySchema>;

/** What an upload did: the new lines' review (none when every line was known), lines known and rows left out. */
export const StatementImportResultSchema = z.object({
  review: z.nullable(StatementReviewSchema),
  alreadyImported: z.number(),
  /** Rows without a usable amount or in another currency (headings, totals, blank lines). */
  skippedRows: z.number(),
});
export type StatementImportResult = z.infer<typeof StatementImportResultSchema>;

const lineId = z.int().check(z.positive());
const entryId = z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Not an entry id'));

/**
 * The admin's choices: matched lines to leave (unticked), and for ambiguous or amount-differs lines the entry
 * to mark paid (a team's line: any of its entries, standing for the team). Lines not named keep the default:
 * matched ones are applied, the others are not.
 */
export const StatementConfirmSchema = z.object({
  skip: z.array(lineId).check(z.maxLength(STATEMENT_LIMITS.lines)),
  choose: z
    .array(z.object({ line: lineId, registrationId: entryId }))
    .check(z.maxLength(1000, 'Choose at most 1,000 entries at a time')),
  /** Any line not applied, paid to the entries the admin picked, in that order, by the one payment rule. */
  assign: z.optional(
    z
      .array(
        z.object({
          line: lineId,
          registrationIds: z
            .array(entryId)
            .check(
              z.minLength(1, 'Choose the entries the line pays'),
              z.maxLength(50, 'Choose at most 50 entries'),
            ),
        }),
      )
      .check(z.maxLength(1000, 'Assign at most 1,000 lines at a time')),
  ),
});
export type StatementConfirm = z.infer<typeof StatementConfirmSchema>;

export const StatementConfirmResultSchema = z.object({
  review: StatementReviewSchema,
  /** References of the entries marked paid by this confirmation (none the second time). */
  marked: z.array(z.string()),
});
export type StatementConfirmResult = z.infer<typeof StatementConfirmResultSchema>;
