import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Audience } from '../../../shared/messages/message.ts';
import { user } from './auth.ts';
import { events } from './events.ts';
import { mailOutbox } from './mail.ts';
import { registrations, waitlistEntries } from './registrations.ts';
import { smsOutbox } from './sms.ts';

/**
 * What an admin told chosen entrants (issue 39), now or at a time, by mail and/or SMS; and each edition's race
 * pack (kind `race-pack`, one per edition, sent to each entrant once as the race nears).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['message', 'race-pack'] })
      .notNull()
      .default('message'),
    audience: jsonb('audience').$type<Audience>().notNull(),
    byMail: boolean('by_mail').notNull(),
    bySms: boolean('by_sms').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    smsText: text('sms_text').notNull(),
    /** scheduled until sent at sendAt; missed when it could not go within 2 hours of it. */
    state: text('state', { enum: ['scheduled', 'sent', 'cancelled', 'missed'] }).notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    /** The admin's name at the time, kept even if the account goes. */
    createdByName: text('created_by_name'),
    /** How many it reached, and how many were left out of a channel (their choice, texts off, or the cap). */
    entrants: integer('entrants').notNull().default(0),
    notByMail: integer('not_by_mail').notNull().default(0),
    notBySms: integer('not_by_sms').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_due').on(table.sendAt).where(sql`${table.state} = 'scheduled'`),
    uniqueIndex('messages_race_pack').on(table.eventId).where(sql`${table.kind} = 'race-pack'`),
  ],
);

/** Who a message went to, and its mail and text in the outboxes (their delivery states). */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'cascade' }),
    waitlistId: uuid('waitlist_id').references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    mailId: bigint('mail_id', { mode: 'number' }).references(() => mailOutbox.id, { onDelete: 'set null' }),
    smsId: bigint('sms_id', { mode: 'number' }).references(() => smsOutbox.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('message_recipients_entry').on(table.messageId, table.registrationId),
    uniqueIndex('message_recipients_waiting').on(table.messageId, table.waitlistId),
    index('message_recipients_mail').on(table.mailId),
    index('message_recipients_sms').on(table.smsId),
  ],
);
