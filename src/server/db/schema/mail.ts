import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A QR code sent with a mail: drawn as a PNG when the mail goes out (not stored), attached under `cid` so
 * the HTML part can show it inline.
 */
export interface MailQrCode {
  cid: string;
  filename: string;
  /** What the code says, e.g. an entry's check-in code. */
  text: string;
  /** The image's text alternative. */
  alt: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    /** What the mail is, where a limit per recipient needs to count it (e.g. 'registration-confirmation'). */
    kind: text('kind'),
    /**
     * Set off by an anonymous public action (a form, "mail me my links"): such mails share one limit per
     * recipient address (PUBLIC_ACTION_MAIL_LIMIT).
     */
    publicAction: boolean('public_action').notNull().default(false),
    subject: text('subject').notNull(),
    /** Null once purged: a delivered mail's body is kept 7 days, its delivery status 90. */
    text: text('text'),
    html: text('html'),
    /** QR codes sent with the mail (the entrant's check-in code); purged with the body. */
    attachments: jsonb('attachments').$type<MailQrCode[]>(),
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
