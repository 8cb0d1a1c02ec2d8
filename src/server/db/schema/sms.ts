import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.ts';

/**
 * Text messages waiting to go, going and gone, as the mail outbox: queued in the transaction of what they
 * tell, claimed with a lease so two servers never send one twice, retried with backoff. `status`:
 * queued (not yet accepted by the gateway), accepted (the gateway took it: its id is kept and its delivery is
 * asked for until final or 24 hours), delivered, undelivered, failed (never accepted within 24 hours).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The edition it counts against (its cap). */
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The entry or waitlist place it is about, for their history (never a foreign key: erasure keeps the count). */
    registrationId: uuid('registration_id'),
    waitlistId: uuid('waitlist_id'),
    /** E.164 */
    to: text('to').notNull(),
    kind: text('kind').notNull(),
    /** Set off by an anonymous public action: counted per number (PUBLIC_ACTION_SMS_LIMIT). */
    publicAction: boolean('public_action').notNull().default(false),
    /** Null once purged (as mail: the body after 7 days, the record after 90). */
    body: text('body'),
    status: text('status', { enum: ['queued', 'accepted', 'delivered', 'undelivered', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When to try (or ask about its delivery) next: quiet hours push a held message's first try. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the gateway accepted it, and the id it gave. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    gatewayId: text('gateway_id'),
    /** The gateway's last word on delivery, or why sending failed (at most 200 characters of the answer). */
    deliveryDetail: text('delivery_detail'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sms_outbox_due').on(table.nextAttemptAt).where(sql`${table.status} in ('queued', 'accepted')`),
    index('sms_outbox_event').on(table.eventId),
    index('sms_outbox_recipient').on(table.to, table.createdAt),
    index('sms_outbox_registration').on(table.registrationId),
  ],
);
