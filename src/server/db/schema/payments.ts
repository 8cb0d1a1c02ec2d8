import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { events } from './events.ts';
import { gifts } from './gifts.ts';
import { registrationGroups, registrations } from './registrations.ts';

/**
 * Each attempt to pay an entry through Paynow. `merchantTrace` is unique per attempt, so an attempt whose
 * answer was lost can be looked up; `status` is Paynow's word for it (Created, Sent, Paid, Cancelled…),
 * believed only from a message whose hash checked out.
 */
export const onlinePayments = pgTable(
  'online_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The entry it pays; null for a gift made on /Give alone (issue 43): exactly one of the two is set. */
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'cascade' }),
    giftId: uuid('gift_id').references(() => gifts.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['ecocash', 'onemoney', 'innbucks', 'omari', 'web'] }).notNull(),
    /**
     * Set when the attempt pays its entry's group's total (issue 36): started from one member's link, it pays
     * every member who owes, in form order; while it is under way no member changes race, leaves or cancels.
     */
    groupId: uuid('group_id').references(() => registrationGroups.id),
    /** Set when the attempt pays a company's team's total (issue 36): its entries of the event who owe, in order. */
    companyAccountId: text('company_account_id').references(() => user.id),
    /** Started from a pay link (issue 36, "Pay for me"): the entry's history says "paid by a pay link". */
    byPayLink: boolean('by_pay_link').notNull().default(false),
    /** The wallet prompted, for express checkout. */
    phone: text('phone'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency', { enum: ['USD', 'ZWG'] }).notNull(),
    merchantTrace: text('merchant_trace').notNull().unique(),
    pollUrl: text('poll_url'),
    browserUrl: text('browser_url'),
    /** What Paynow tells the payer to do (express checkout). */
    instructions: text('instructions'),
    /**
     * InnBucks and O'mari: the code the payer approves in the wallet's app, and until when, as Paynow gave
     * them ("27-Nov-2026 14:35"). PayGo's `authorizationqr` (a URL) is never kept nor loaded: we draw the code.
     */
    authorizationCode: text('authorization_code'),
    authorizationExpires: text('authorization_expires'),
    paynowReference: text('paynow_reference'),
    status: text('status').notNull().default('Created'),
    /** Why the attempt failed, in words for the payer (Paynow's error, or ours). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When our server next asks Paynow (null: not polling any more). */
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }),
  },
  (table) => [
    index('online_payments_registration').on(table.registrationId, table.createdAt),
    index('online_payments_gift').on(table.giftId).where(sql`${table.giftId} is not null`),
    check(
      'online_payments_entry_or_gift',
      sql`(${table.registrationId} is null) <> (${table.giftId} is null)`,
    ),
    index('online_payments_team')
      .on(table.companyAccountId, table.createdAt)
      .where(sql`${table.companyAccountId} is not null`),
    index('online_payments_polling').on(table.nextPollAt).where(sql`${table.nextPollAt} is not null`),
  ],
);

/**
 * "Pay for me" links (issue 36): a private link (only its digest kept, like entry_links) that shows someone
 * else one entry's or one group's first names, races and what is due, and lets him pay it. Exactly one of
 * registrationId and groupId is set. Deleted with its entry or group, by a transfer of the entry, and by
 * retention with the entry's other links.
 */
export const payLinks = pgTable(
  'pay_links',
  {
    tokenDigest: text('token_digest').primaryKey(),
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => registrationGroups.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pay_links_registration').on(table.registrationId),
    index('pay_links_group').on(table.groupId),
    check('pay_links_one_target', sql`(${table.registrationId} is null) <> (${table.groupId} is null)`),
  ],
);

/**
 * What needs a person's eyes about payments: Paynow messages that changed nothing (a bad hash, an amount that is
 * not the attempt's, a payment for an entry that was cancelled, a well-signed message naming no attempt of ours),
 * kept whole (the hash included); and payments recorded with an amount other than the entry's fee at that moment
 * (source 'payment': a part payment, or more than the fee). One row per attempt, source and problem: the same
 * again (every poll of an attempt whose answers fail the hash check) adds to `count` and keeps the latest payload.
 */
export const paymentNotices = pgTable(
  'payment_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source', { enum: ['result-url', 'poll', 'initiate', 'payment'] }).notNull(),
    problem: text('problem').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    onlinePaymentId: uuid('online_payment_id').references(() => onlinePayments.id, { onDelete: 'set null' }),
    /** The entry a recorded payment was about (a statement's has no attempt to reach it by). */
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'cascade' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    /** How many times it came, and when last. */
    count: integer('count').notNull().default(1),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_notices_received').on(table.receivedAt),
    index('payment_notices_attempt').on(table.onlinePaymentId, table.source, table.problem),
  ],
);

/**
 * Posts to the result URL that no one can have signed for an attempt of ours (an unknown reference and no
 * valid hash): anyone may send them, so they are counted per client address and hour, never stored one by one.
 */
export const paynowUncheckedMessages = pgTable(
  'paynow_unchecked_messages',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** The client address that posted them. */
    source: text('source').notNull(),
    count: integer('count').notNull(),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.source] })],
);

/**
 * A receipt per payment, numbered per event from events.last_receipt_number: one row per entry it paid (a
 * group's payment pays several entries under one number).
 */
export const receipts = pgTable(
  'receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    number: integer('number').notNull(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2 }),
    currency: text('currency', { enum: ['USD', 'ZWG'] }),
    /** The method as the entry's payment names it (usd_bank, cash, paynow_ecocash…). */
    method: text('method').notNull(),
    paidOn: date('paid_on').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('receipts_event_number').on(table.eventId, table.number, table.registrationId),
    index('receipts_registration').on(table.registrationId),
  ],
);

/**
 * Payment reminders sent: the automatic ones at most once per entry and kind; any reminder at most one per
 * entry in three days (counted from here).
 */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['after-registering', 'before-close', 'by-admin'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_reminders_registration').on(table.registrationId, table.sentAt),
    uniqueIndex('payment_reminders_once')
      .on(table.registrationId, table.kind)
      .where(sql`${table.kind} <> 'by-admin'`),
  ],
);

/** A bank or mobile-money statement an admin uploaded, to mark the entries it pays. */
export const statementImports = pgTable('statement_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  eventId: uuid('event_id')
    .notNull()
    .references(() => events.id),
  account: text('account', { enum: ['usd_bank', 'zwg_bank', 'mobile_money'] }).notNull(),
  fileName: text('file_name').notNull(),
  uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
  uploadedByName: text('uploaded_by_name'),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the admin confirmed the review and the chosen entries were marked paid. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /**
   * While its lines are still being stored (a few hundred per short transaction): hidden from the list and the
   * review, never confirmed. One short transaction at the end clears it.
   */
  staging: boolean('staging').notNull().default(false),
});

/**
 * Each line of an imported statement, with what it was matched to. `lineKey` (a digest of the account, date,
 * narrative, amount, currency and how many identical lines came before it in the file) is unique per event:
 * a statement imported twice adds nothing the second time.
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: uuid('import_id')
      .notNull()
      .references(() => statementImports.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    lineKey: text('line_key').notNull(),
    postedOn: date('posted_on'),
    narrative: text('narrative').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency', { enum: ['USD', 'ZWG'] }).notNull(),
    /** What matching found: one entry (matched), several (ambiguous), one whose fee differs, or none. */
    outcome: text('outcome', { enum: ['matched', 'ambiguous', 'amount-differs', 'unmatched'] }).notNull(),
    /** The entry the line pays, as matched or as the admin chose. */
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    /** The entries an ambiguous line could be (for the admin to choose from). */
    candidates: jsonb('candidates').$type<string[]>(),
    /** The payer's number (E.164) from a mobile-money statement's sender column. */
    payerPhone: text('payer_phone'),
    /** How the line found its entries: by reference, by the payer's number, or assigned by hand. */
    matchedBy: text('matched_by', { enum: ['reference', 'payer', 'hand'] }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('statement_lines_event_key').on(table.eventId, table.lineKey),
    index('statement_lines_import').on(table.importId, table.id),
  ],
);

/** The columns of the last statement imported for each account, offered again for the next one. */
export const statementMappings = pgTable('statement_mappings', {
  account: text('account', { enum: ['usd_bank', 'zwg_bank', 'mobile_money'] }).primaryKey(),
  mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
