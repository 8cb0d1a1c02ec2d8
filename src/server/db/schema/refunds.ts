import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { events } from './events.ts';
import { onlinePayments } from './payments.ts';
import { registrations } from './registrations.ts';

/**
 * Money an entry received that was given back (a refund: Celebration records it, never sends it) or kept for
 * the person's next entry (a credit), each under its credit note's number, gapless per event
 * (credit_note_numbers). A credit is found again by digests of the person's email and of mobile and names,
 * never by the contacts themselves, so it outlives the entry's anonymisation until it is used or expires.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['refund', 'credit'] }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency', { enum: ['USD', 'ZWG'] }).notNull(),
    /** How a refund went back (usd_bank, cash, paynow_ecocash…); null for a credit. */
    method: text('method'),
    /** The day the money went back or the credit was given. */
    refundedOn: date('refunded_on').notNull(),
    /** The bank's, wallet's or Paynow's reference. */
    reference: text('reference'),
    creditNoteNumber: integer('credit_note_number').notNull(),
    /** Paynow reported the attempt refunded (recorded once per attempt). */
    onlinePaymentId: uuid('online_payment_id').references(() => onlinePayments.id, { onDelete: 'set null' }),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    /** Who recorded it, as the history names them (an admin's name, or Paynow). */
    recordedByName: text('recorded_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A credit: usable until this Harare day. */
    expiresOn: date('expires_on'),
    /** sha256 of the lower-cased email; null when the entry had none, or once erased, used or expired. */
    emailDigest: text('email_digest'),
    /** sha256 of the mobile (E.164) and the lower-cased names. */
    mobileDigest: text('mobile_digest'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedOnRegistrationId: uuid('used_on_registration_id').references(() => registrations.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    uniqueIndex('refunds_event_credit_note').on(table.eventId, table.creditNoteNumber),
    index('refunds_registration').on(table.registrationId),
    uniqueIndex('refunds_online_payment')
      .on(table.onlinePaymentId)
      .where(sql`${table.onlinePaymentId} is not null`),
    index('refunds_open_credit_email')
      .on(table.emailDigest)
      .where(sql`${table.kind} = 'credit' and ${table.usedAt} is null`),
    index('refunds_open_credit_mobile')
      .on(table.mobileDigest)
      .where(sql`${table.kind} = 'credit' and ${table.usedAt} is null`),
    check('refunds_positive', sql`${table.amount} > 0`),
  ],
);

/** The last credit note number of each event: its row lock makes concurrent notes wait, so numbers never skip. */
export const creditNoteNumbers = pgTable('credit_note_numbers', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id),
  last: integer('last').notNull(),
});
