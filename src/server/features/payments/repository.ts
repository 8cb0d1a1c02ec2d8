import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { OnlinePaymentSettings } from '../../../shared/payments/online-payment-settings.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { events, onlinePayments, paymentNotices, registrations } from '../../db/schema/index.ts';

export type OnlinePaymentRow = typeof onlinePayments.$inferSelect;
export type NewOnlinePayment = typeof onlinePayments.$inferInsert;
export type PaymentNotice = typeof paymentNotices.$inferInsert;

/** The event's Paynow settings and its encrypted key. */
export async function findPaynowSettings(db: Database, eventId: string) {
  const [row] = await db
    .select({ settings: events.onlinePayment, keyEncrypted: events.paynowKeyEncrypted })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}

/** Saves the settings; the key only when a new one is given. */
export async function savePaynowSettings(
  db: Database,
  eventId: string,
  settings: OnlinePaymentSettings,
  keyEncrypted: string | undefined,
) {
  await db
    .update(events)
    .set({
      onlinePayment: settings,
      ...(keyEncrypted === undefined ? {} : { paynowKeyEncrypted: keyEncrypted }),
    })
    .where(eq(events.id, eventId));
}

/** Locks the entry's row for the rest of the transaction, so two taps on Pay start their attempts in turn. */
export async function lockEntry(tx: Transaction, registrationId: string) {
  await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.id, registrationId))
    .for('update');
}

export async function insertAttempt(db: Database, attempt: NewOnlinePayment) {
  const [row] = await db.insert(onlinePayments).values(attempt).returning();
  if (!row) throw new Error('online payment not inserted');
  return row;
}

export async function updateAttempt(db: Database, id: string, change: Partial<NewOnlinePayment>) {
  await db
    .update(onlinePayments)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(onlinePayments.id, id));
}

export async function findAttempt(db: Database, id: string) {
  const [row] = await db.select().from(onlinePayments).where(eq(onlinePayments.id, id));
  return row;
}

/** The attempt a status update names: our reference is the attempt's merchant trace. */
export async function findAttemptByTrace(db: Database, merchantTrace: string) {
  const [row] = await db
    .select({
      id: onlinePayments.id,
      registrationId: onlinePayments.registrationId,
      eventId: registrations.eventId,
      pollUrl: onlinePayments.pollUrl,
      nextPollAt: onlinePayments.nextPollAt,
      paidAt: onlinePayments.paidAt,
      status: onlinePayments.status,
    })
    .from(onlinePayments)
    .innerJoin(registrations, eq(registrations.id, onlinePayments.registrationId))
    .where(eq(onlinePayments.merchantTrace, merchantTrace));
  return row;
}

/** The entry's latest attempt. */
export async function latestAttemptOf(db: Database, registrationId: string) {
  const [row] = await db
    .select()
    .from(onlinePayments)
    .where(eq(onlinePayments.registrationId, registrationId))
    .orderBy(desc(onlinePayments.createdAt))
    .limit(1);
  return row;
}

/** Asks the poller to confirm an attempt now, unless it was settled already. */
export async function pollSoon(db: Database, id: string) {
  await db
    .update(onlinePayments)
    .set({ nextPollAt: sql`now()` })
    .where(
      and(
        eq(onlinePayments.id, id),
        isNull(onlinePayments.paidAt),
        sql`${onlinePayments.nextPollAt} is not null`,
      ),
    );
}

/**
 * Attempts due to be polled, each leased for `leaseSeconds` (its next poll moved on), so that two servers
 * never poll the same attempt at once.
 */
export async function claimDueAttempts(db: Database, limit: number, leaseSeconds: number) {
  const due = db
    .select({ id: onlinePayments.id })
    .from(onlinePayments)
    .where(lte(onlinePayments.nextPollAt, sql`now()`))
    .orderBy(onlinePayments.nextPollAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(onlinePayments)
    .set({ nextPollAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(inArray(onlinePayments.id, due))
    .returning();
}

/** The attempt is paid: it is not polled any more. */
export async function markPaid(db: Database, id: string, status: string, paynowReference: string) {
  await db
    .update(onlinePayments)
    .set({
      status,
      paynowReference,
      paidAt: sql`now()`,
      nextPollAt: null,
      error: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(onlinePayments.id, id), isNull(onlinePayments.paidAt)));
}

export async function insertNotice(db: Database, notice: PaymentNotice) {
  await db.insert(paymentNotices).values(notice);
}

/** The notices to review first (newest first), then the latest reviewed ones. */
export async function noticesForReview(db: Database, limit: number) {
  return db
    .select({
      id: paymentNotices.id,
      receivedAt: paymentNotices.receivedAt,
      source: paymentNotices.source,
      problem: paymentNotices.problem,
      payload: paymentNotices.payload,
      entryReference: registrations.reference,
      reviewedAt: paymentNotices.reviewedAt,
      reviewedBy: paymentNotices.reviewedBy,
    })
    .from(paymentNotices)
    .leftJoin(onlinePayments, eq(onlinePayments.id, paymentNotices.onlinePaymentId))
    .leftJoin(registrations, eq(registrations.id, onlinePayments.registrationId))
    .orderBy(sql`${paymentNotices.reviewedAt} is not null`, desc(paymentNotices.id))
    .limit(limit);
}

/** Marks a notice reviewed by this admin; false when there is no such notice. */
export async function markNoticeReviewed(db: Database, id: number, by: string) {
  const done = await db
    .update(paymentNotices)
    .set({
      reviewedAt: sql`coalesce(${paymentNotices.reviewedAt}, now())`,
      reviewedBy: sql`coalesce(${paymentNotices.reviewedBy}, ${by})`,
    })
    .where(eq(paymentNotices.id, id))
    .returning({ id: paymentNotices.id });
  return done.length > 0;
}
