import {
  boolean,
  index,
  integer,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { registrations } from './registrations.ts';

/** unpaid until money comes; lapsed when none came within GIFT_LAPSES_AFTER_DAYS. */
export const giftStatusEnum = pgEnum('gift_status', ['unpaid', 'paid', 'lapsed']);

/** Numbers behind gift references (CFR26-D12); gaps after a failed insert are harmless. */
export const giftNumberSeq = pgSequence('gift_number_seq', { startWith: 1 });

/**
 * A gift to the cause (issue 43), kept apart from any fee: it never pays a fee and a fee never counts as a gift.
 * The giver's name and contact are personal data: retention and erasure treat them as an entrant's.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    /** The event's prefix, D and a number (CFR26-D12): what a bank transfer quotes. */
    reference: text('reference').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency', { enum: ['USD', 'ZWG'] }).notNull(),
    giverName: text('giver_name').notNull(),
    giverEmail: text('giver_email'),
    giverMobile: text('giver_mobile'),
    /** The giver agreed to have his first name and amount shown on /Give. */
    showName: boolean('show_name').notNull().default(false),
    /** The entry it was given with; null for a gift made on /Give alone. */
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    status: giftStatusEnum('status').notNull().default('unpaid'),
    /** How it was paid (bank, cash, EcoCash…), when. */
    paidBy: text('paid_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The receipt's number in the event's series (receipts are numbered without gaps). */
    receiptNumber: integer('receipt_number'),
    /** The digest of the giver's private token to pay it online (never the id in a URL); the token is not kept. */
    payTokenDigest: text('pay_token_digest'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when retention or an erasure emptied the giver's fields; the amount stays for the totals. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('gifts_reference').on(table.reference),
    uniqueIndex('gifts_pay_token').on(table.payTokenDigest),
    index('gifts_event_status').on(table.eventId, table.status),
    index('gifts_registration').on(table.registrationId),
  ],
);
