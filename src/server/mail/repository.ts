import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, RunStatement, Statement, Transaction } from '../db/client.ts';
import { type MailQrCode, mailOutbox } from '../db/schema/index.ts';
import { statementsOn } from '../db/statements-on.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** QR codes to attach (an HTML part showing them is made from the text when there is none). */
  attachments?: MailQrCode[];
  /** Set where a limit per recipient counts this kind of mail. */
  kind?: string;
  /**
   * Set off by an anonymous public action (a registration form, a waitlist join, "mail me my links"): such
   * mail is dropped once its address had PUBLIC_ACTION_MAIL_LIMIT of them (see queuePublicActionMail).
   */
  publicAction?: boolean;
}

/**
 * A public form mails whatever address is typed in, so it can be aimed at a stranger's inbox: all mail set off
 * by anonymous public actions shares this limit per recipient address, counted in the outbox (so it holds
 * across servers). Receipts, offers, reminders and what an admin sends are not counted and never dropped.
 */
export const PUBLIC_ACTION_MAIL_LIMIT = { perRecipient: 5, windowSeconds: 60 * 60 };

/**
 * The condition under which a public action's mail to the address in parameter `to` (e.g. '$18') may go, for
 * statements that queue it themselves. It takes the address's lock (as lockMailRecipient does) before it
 * counts, in the database's public_action_mail_room (migration 0047): exact in a statement of its own, with or
 * without a transaction around it. Use it once per statement, for one address.
 */
export const publicActionRoomSql = (to: string) =>
  `public_action_mail_room(${to}, ${PUBLIC_ACTION_MAIL_LIMIT.perRecipient}, ${PUBLIC_ACTION_MAIL_LIMIT.windowSeconds})`;

const LOCK_RECIPIENT: Statement = {
  name: 'mail_lock_recipient',
  text: `select pg_advisory_xact_lock(hashtext('mail-to:' || lower($1)))`,
};

/**
 * Inside a transaction that mails several addresses: takes their locks first, in the caller's order, so two
 * such transactions never wait for each other's. Take it after any race's lock (the order every caller keeps).
 */
export async function lockMailRecipient(run: RunStatement, to: string) {
  await run(LOCK_RECIPIENT, [to]);
}

const QUEUE_PUBLIC_ACTION_MAIL: Statement = {
  name: 'mail_queue_public_action',
  text: `insert into mail_outbox ("to", kind, subject, text, html, attachments, public_action)
    select $1, $2, $3, $4, $5, $6::jsonb, true where ${publicActionRoomSql('$1')}
    returning id`,
};

/** Queues a public action's mail unless its address is over the limit; says whether it did. */
export async function queuePublicActionMail(run: RunStatement, mail: OutgoingMail): Promise<boolean> {
  const queued = await run(QUEUE_PUBLIC_ACTION_MAIL, mailParameters(mail));
  return queued.length > 0;
}

/** $1…$6 of the statements that queue a mail. */
const mailParameters = (mail: OutgoingMail) => [
  mail.to,
  mail.kind ?? null,
  mail.subject,
  mail.text,
  mail.html ?? null,
  mail.attachments ? JSON.stringify(mail.attachments) : null,
];

const QUEUE_MAIL: Statement = {
  name: 'mail_queue',
  text: `insert into mail_outbox ("to", kind, subject, text, html, attachments) values ($1, $2, $3, $4, $5, $6::jsonb)`,
};

/** Inside a transaction of written-out statements: queues a mail no limit holds back (not a public action's). */
export async function queueMailOn(run: RunStatement, mail: OutgoingMail) {
  await run(QUEUE_MAIL, mailParameters(mail));
}

/** Queues the mail; one set off by a public action only within PUBLIC_ACTION_MAIL_LIMIT. Says whether it did. */
export async function enqueueMail(db: Database | Transaction, mail: OutgoingMail): Promise<boolean> {
  if (mail.publicAction) return db.transaction((tx) => queuePublicActionMail(statementsOn(tx), mail));
  await db.insert(mailOutbox).values(mail);
  return true;
}

/**
 * Queues the mail unless its recipient already got `max` mails of its kind in the last `seconds`, so a
 * public form that mails whatever address is typed in cannot flood someone's inbox. A lock on the address
 * and kind makes the count and the insert one step: requests at once never pass the limit together.
 * Says whether it queued.
 */
export async function enqueueMailWithinLimit(
  db: Database | Transaction,
  mail: OutgoingMail & { kind: string },
  limit: { max: number; seconds: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`mail:${mail.kind}:${mail.to.toLowerCase()}`}))`,
    );
    const [recent] = await tx
      .select({ mails: count() })
      .from(mailOutbox)
      .where(
        and(
          sql`lower(${mailOutbox.to}) = lower(${mail.to})`,
          sql`${mailOutbox.createdAt} > now() - make_interval(secs => ${limit.seconds})`,
          eq(mailOutbox.kind, mail.kind),
        ),
      );
    if ((recent?.mails ?? 0) >= limit.max) return false;
    await tx.insert(mailOutbox).values(mail);
    return true;
  });
}

/**
 * Claims due mail for this process by pushing its next attempt out (a lease), so several servers
 * never send the same message at once; a crash before marking it sent lets it be retried later.
 * One statement, whatever the batch size.
 */
export async function claimDueMail(db: Database, limit: number, leaseSeconds: number) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markMailSent(db: Database, ids: number[], transport: string) {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, transport, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
    .where(inArray(mailOutbox.id, ids));
}

export async function markMailFailed(db: Database, id: number, error: string, retryInSeconds: number) {
  await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(eq(mailOutbox.id, id));
}

/**
 * The newest mail first, for admins. Bodies only when asked (the dev outbox): with a mail server they hold
 * live sign-in links, and are not even read.
 */
export async function recentMail(db: Database, limit: number, { withBodies }: { withBodies: boolean }) {
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: withBodies ? mailOutbox.text : sql<null>`null`,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}

/** How long delivered mail keeps its body, and any mail its delivery record. */
export const MAIL_RETENTION = { bodyDays: 7, recordDays: 90 };

/** Forgets delivered mail's bodies after a week and every record after 90 days; safe to run anywhere, any time. */
export async function purgeOldMail(db: Database) {
  const emptied = await db
    .update(mailOutbox)
    .set({ text: null, html: null, attachments: null })
    .where(
      and(
        lt(mailOutbox.sentAt, sql`now() - make_interval(days => ${MAIL_RETENTION.bodyDays})`),
        or(isNotNull(mailOutbox.text), isNotNull(mailOutbox.html), isNotNull(mailOutbox.attachments)),
      ),
    )
    .returning({ id: mailOutbox.id });
  const deleted = await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.createdAt, sql`now() - make_interval(days => ${MAIL_RETENTION.recordDays})`))
    .returning({ id: mailOutbox.id });
  return { emptied: emptied.length, deleted: deleted.length };
}

/** Queues many mails in few statements (a message to thousands); answers their ids in the same order. */
export async function queueMails(tx: Transaction, mails: OutgoingMail[]) {
  const ids: number[] = [];
  for (let start = 0; start < mails.length; start += BATCH) {
    const rows = await tx
      .insert(mailOutbox)
      .values(mails.slice(start, start + BATCH))
      .returning({ id: mailOutbox.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Rows per insert: well under PostgreSQL's 65,535 parameters a statement. */
const BATCH = 500;
