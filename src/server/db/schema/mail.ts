import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The Content-ID the HTML refers to as cid:…, for an image shown in the mail. */
  cid?: string;
  contentBase64: string;
}

/** Mail is written here inside the transaction that causes it, then delivered with retries. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    /** What the mail is, where a limit per recipient needs to count it (e.g. 'registration-confirmation'). */
    kind: text('kind'),
    subject: text('subject').notNull(),
    /** Null once purged: a delivered mail's body is kept 7 days, its delivery status 90. */
    text: text('text'),
    html: text('html'),
    /** Files sent with the mail (e.g. the check-in QR code the HTML shows by cid); purged with the body. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    transport: text('transport'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mail_outbox_pending').on(table.nextAttemptAt).where(sql`${table.sentAt} is null`),
    index('mail_outbox_recipient').on(sql`lower(${table.to})`, table.createdAt),
  ],
);
