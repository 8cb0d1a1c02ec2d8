import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
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
 * Queues the mail unless one of the same kind went to the same address within the last `windowSeconds`,
 * so a public form that mails someone cannot be used to flood his inbox. A lock on the address and kind
 * makes the count and the insert one step: two requests at once queue one mail. Says whether it queued.
 */
export async function enqueueMailAtMostEvery(
  db: Database,
  mail: OutgoingMail & { kind: string },
  windowSeconds: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`mail:${mail.kind}:${mail.to.toLowerCase()}`}))`,
    );
    const [recent] = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          sql`lower(${mailOutbox.to}) = lower(${mail.to})`,
          sql`${mailOutbox.createdAt} > now() - make_interval(secs => ${windowSeconds})`,
          eq(mailOutbox.kind, mail.kind),
        ),
      )
      .limit(1);
    if (recent) return false;
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

/** The newest mail first, for admins reading the dev outbox. */
export async function recentMail(db: Database, limit: number) {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text ?? '',
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    attempts: row.attempts,
    lastError: row.lastError,
  }));
}
