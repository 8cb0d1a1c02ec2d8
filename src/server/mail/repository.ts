import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Set where a limit per recipient counts this kind of mail. */
  kind?: string;
}

export async function enqueueMail(db: Database | Transaction, mail: OutgoingMail) {
  await db.insert(mailOutbox).values(mail);
}

/**
 * Queues a mail unless its recipient got `perHour` mails of its kind in the last hour (a form that mails
 * whatever address is typed in must not become a way to flood someone). True when it was queued.
 */
export async function enqueueMailWithinLimit(
  db: Database | Transaction,
  mail: OutgoingMail & { kind: string },
  perHour: number,
) {
  const [recent] = await db
    .select({ mails: count() })
    .from(mailOutbox)
    .where(
      and(
        sql`lower(${mailOutbox.to}) = lower(${mail.to})`,
        eq(mailOutbox.kind, mail.kind),
        gt(mailOutbox.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  // Two concurrent calls may both pass: the limit is a bound against abuse, not an exact count.
  if ((recent?.mails ?? 0) >= perHour) return false;
  await db.insert(mailOutbox).values(mail);
  return true;
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
    .set({ text: null, html: null })
    .where(
      and(
        lt(mailOutbox.sentAt, sql`now() - make_interval(days => ${MAIL_RETENTION.bodyDays})`),
        or(isNotNull(mailOutbox.text), isNotNull(mailOutbox.html)),
      ),
    )
    .returning({ id: mailOutbox.id });
  const deleted = await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.createdAt, sql`now() - make_interval(days => ${MAIL_RETENTION.recordDays})`))
    .returning({ id: mailOutbox.id });
  return { emptied: emptied.length, deleted: deleted.length };
}
