import { and, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { OnlinePaymentSettings } from '../../../../shared/payments/online-payment-settings.ts';
import type { Database, Transaction } from '../../../db/client.ts';
import { paysEntry, underWay } from '../../../db/online-payment-under-way.ts';
import { memberOf, membersInOrder, type PaidTogether, paymentOfTogether } from '../../../db/paid-together.ts';
import {
  events,
  gifts,
  onlinePayments,
  paymentNotices,
  paynowUncheckedMessages,
  raceOptions,
  registrationGroups,
  registrations,
  user,
} from '../../../db/schema/index.ts';
import { teamCode } from '../../../db/team-code.ts';
import { activeEntry, paymentAgainstFee } from '../../registrations/queries.ts';

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

/** Whose attempts: an entry's, or a gift's made on /Give alone (issue 43). */
export type AttemptOwner = { registrationId: string } | { giftId: string };
const ownedBy = (owner: AttemptOwner) =>
  'giftId' in owner
    ? eq(onlinePayments.giftId, owner.giftId)
    : eq(onlinePayments.registrationId, owner.registrationId);

/** The gift's row locked, so that two taps at once start one attempt in turn. */
export async function lockGiftRow(tx: Transaction, giftId: string) {
  await tx.select({ id: gifts.id }).from(gifts).where(eq(gifts.id, giftId)).for('update');
}

/** Whether an attempt that may still end paid is under way for the gift. */
export async function giftAttemptUnderWay(tx: Transaction, giftId: string) {
  const [row] = await tx
    .select({ id: onlinePayments.id })
    .from(onlinePayments)
    .where(and(underWay, eq(onlinePayments.giftId, giftId)))
    .limit(1);
  return row !== undefined;
}

/** The gift's latest attempt. */
export async function latestGiftAttemptOf(db: Database, giftId: string) {
  const [row] = await db
    .select()
    .from(onlinePayments)
    .where(eq(onlinePayments.giftId, giftId))
    .orderBy(desc(onlinePayments.createdAt))
    .limit(1);
  return row;
}

/** The attempt a status update names: our reference is the attempt's merchant trace. */
export async function findAttemptByTrace(db: Database, merchantTrace: string) {
  const [row] = await db
    .select({
      id: onlinePayments.id,
      registrationId: onlinePayments.registrationId,
      eventId: sql<string>`coalesce(${registrations.eventId}, ${gifts.eventId})`,
      pollUrl: onlinePayments.pollUrl,
      nextPollAt: onlinePayments.nextPollAt,
      paidAt: onlinePayments.paidAt,
      status: onlinePayments.status,
    })
    .from(onlinePayments)
    .leftJoin(registrations, eq(registrations.id, onlinePayments.registrationId))
    .leftJoin(gifts, eq(gifts.id, onlinePayments.giftId))
    .where(eq(onlinePayments.merchantTrace, merchantTrace));
  return row;
}

/** The entry's attempts started since then: when, and the wallet prompted (null for Paynow's page). */
export async function attemptsSince(db: Database, payer: AttemptOwner, since: Date) {
  return db
    .select({ phone: onlinePayments.phone, createdAt: onlinePayments.createdAt })
    .from(onlinePayments)
    .where(and(ownedBy(payer), gte(onlinePayments.createdAt, since)))
    .orderBy(onlinePayments.createdAt);
}

/** The entry's latest attempt. */
export async function latestAttemptOf(db: Database, registrationId: string) {
  const [row] = await db
    .select()
    .from(onlinePayments)
    // A team's payment is filed under one of its entries, but is its manager's to follow.
    .where(and(eq(onlinePayments.registrationId, registrationId), isNull(onlinePayments.companyAccountId)))
    .orderBy(desc(onlinePayments.createdAt))
    .limit(1);
  return row;
}

/** The latest attempt of a company's team's total. */
export async function latestTeamAttemptOf(db: Database, companyAccountId: string) {
  const [row] = await db
    .select()
    .from(onlinePayments)
    .where(eq(onlinePayments.companyAccountId, companyAccountId))
    .orderBy(desc(onlinePayments.createdAt))
    .limit(1);
  return row;
}

/** The latest attempt started from a pay link to the entry alone, or to the group's total. */
export async function latestPayLinkAttemptOf(
  db: Database,
  target: { registrationId: string } | { groupId: string },
) {
  const [row] = await db
    .select()
    .from(onlinePayments)
    .where(
      and(
        eq(onlinePayments.byPayLink, true),
        'groupId' in target
          ? eq(onlinePayments.groupId, target.groupId)
          : and(eq(onlinePayments.registrationId, target.registrationId), isNull(onlinePayments.groupId)),
      ),
    )
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

/**
 * Keeps a notice: one row per attempt, source and problem, so the same again adds to its count (and, if it
 * was reviewed, asks for review again). A notice about no attempt is kept as it comes.
 */
export async function keepNotice(db: Database, notice: PaymentNotice) {
  if (notice.onlinePaymentId) {
    const again = await db
      .update(paymentNotices)
      .set({
        count: sql`${paymentNotices.count} + 1`,
        lastReceivedAt: sql`now()`,
        payload: notice.payload,
        reviewedAt: null,
        reviewedBy: null,
      })
      .where(
        and(
          eq(paymentNotices.onlinePaymentId, notice.onlinePaymentId),
          eq(paymentNotices.source, notice.source),
          eq(paymentNotices.problem, notice.problem),
        ),
      )
      .returning({ id: paymentNotices.id });
    if (again.length > 0) return;
  }
  await db.insert(paymentNotices).values(notice);
}

/** Counts one unchecked message from this client address in the current hour; how many it has sent in it. */
export async function countUncheckedMessage(db: Database, source: string) {
  const [row] = await db
    .insert(paynowUncheckedMessages)
    .values({ hour: sql`date_trunc('hour', now())`, source, count: 1 })
    .onConflictDoUpdate({
      target: [paynowUncheckedMessages.hour, paynowUncheckedMessages.source],
      set: { count: sql`${paynowUncheckedMessages.count} + 1`, lastReceivedAt: sql`now()` },
    })
    .returning({ count: paynowUncheckedMessages.count });
  return row?.count ?? 1;
}

// A recorded payment's notice names its entry (a statement's has no attempt): it is about a real payment too.
const aboutAnAttempt = sql`(${paymentNotices.onlinePaymentId} is not null or ${paymentNotices.registrationId} is not null)`;
const aboutNoAttempt = sql`(${paymentNotices.onlinePaymentId} is null and ${paymentNotices.registrationId} is null)`;

/** Notices about our attempts (or about none), those to review first, then newest first. */
export async function noticesForReview(
  db: Database,
  { aboutAttempts, limit, offset }: { aboutAttempts: boolean; limit: number; offset: number },
) {
  return db
    .select({
      id: paymentNotices.id,
      receivedAt: paymentNotices.receivedAt,
      lastReceivedAt: paymentNotices.lastReceivedAt,
      count: paymentNotices.count,
      source: paymentNotices.source,
      problem: paymentNotices.problem,
      payload: paymentNotices.payload,
      entryReference: registrations.reference,
      reviewedAt: paymentNotices.reviewedAt,
      reviewedBy: paymentNotices.reviewedBy,
    })
    .from(paymentNotices)
    .leftJoin(onlinePayments, eq(onlinePayments.id, paymentNotices.onlinePaymentId))
    .leftJoin(
      registrations,
      eq(registrations.id, sql`coalesce(${paymentNotices.registrationId}, ${onlinePayments.registrationId})`),
    )
    .where(aboutAttempts ? aboutAnAttempt : aboutNoAttempt)
    .orderBy(sql`${paymentNotices.reviewedAt} is not null`, desc(paymentNotices.lastReceivedAt))
    .limit(limit)
    .offset(offset);
}

/** How many notices there are about our attempts (or about none), and how many of them are not reviewed. */
export async function noticeCounts(db: Database, aboutAttempts: boolean) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${paymentNotices.reviewedAt} is null))::int`,
    })
    .from(paymentNotices)
    .where(aboutAttempts ? aboutAnAttempt : aboutNoAttempt);
  return { total: Number(row?.total ?? 0), open: Number(row?.open ?? 0) };
}

/** The latest hours' counts of unchecked messages by client address, and the totals over all kept. */
export async function uncheckedMessages(db: Database, limit: number) {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(paynowUncheckedMessages)
      .orderBy(desc(paynowUncheckedMessages.hour), desc(paynowUncheckedMessages.count))
      .limit(limit),
    db
      .select({
        messages: sql<number>`coalesce(sum(${paynowUncheckedMessages.count}), 0)::int`,
        sources: sql<number>`count(distinct ${paynowUncheckedMessages.source})::int`,
      })
      .from(paynowUncheckedMessages),
  ]);
  return { rows, messages: Number(totals?.messages ?? 0), sources: Number(totals?.sources ?? 0) };
}

/** Deletes notices about no attempt and counts of unchecked messages older than `before`; how many went. */
export async function purgeUnattachedBefore(db: Database, before: Date) {
  const notices = await db
    .delete(paymentNotices)
    .where(and(aboutNoAttempt, lt(paymentNotices.lastReceivedAt, before)))
    .returning({ id: paymentNotices.id });
  const counts = await db
    .delete(paynowUncheckedMessages)
    .where(lt(paynowUncheckedMessages.hour, before))
    .returning({ hour: paynowUncheckedMessages.hour });
  return notices.length + counts.length;
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

/** The group an entry was registered with: its id and reference's parts (none for an entry alone). */
export async function groupOfEntry(db: Database, registrationId: string) {
  const [row] = await db
    .select({
      id: registrationGroups.id,
      eventId: registrationGroups.eventId,
      code: registrationGroups.code,
      prefix: events.referencePrefix,
    })
    .from(registrations)
    .innerJoin(registrationGroups, eq(registrationGroups.id, registrations.groupId))
    .innerJoin(events, eq(events.id, registrationGroups.eventId))
    .where(eq(registrations.id, registrationId));
  return row;
}

/** A company's team in the event: its reference's parts and the account's email (none before its first entry). */
export async function teamOfAccount(db: Database, companyAccountId: string, eventId: string) {
  const [row] = await db
    .select({ code: teamCode, prefix: events.referencePrefix, email: user.email })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .innerJoin(user, eq(user.id, registrations.companyAccountId))
    .where(memberOf({ companyAccountId }, eventId))
    .limit(1);
  return row;
}

/** A group's or team's active entries of the event in order, with what each has paid against its race's fee. */
export async function membersOwing(db: Database | Transaction, together: PaidTogether, eventId: string) {
  return db
    .select({ id: registrations.id, ...paymentAgainstFee })
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(and(memberOf(together, eventId), activeEntry))
    .orderBy(...membersInOrder);
}

/** Whether any attempt that may still end paid is under way for the entry: its own, or its group's or team's. */
export async function entryAttemptUnderWay(tx: Transaction, registrationId: string) {
  const [row] = await tx
    .select({ id: onlinePayments.id })
    .from(onlinePayments)
    .where(and(underWay, paysEntry(registrationId)))
    .limit(1);
  return row !== undefined;
}

/** Whether any attempt that may still end paid is under way for the group or team, or one of its entries. */
export async function attemptUnderWayFor(tx: Transaction, together: PaidTogether, eventId: string) {
  const [row] = await tx
    .select({ id: onlinePayments.id })
    .from(onlinePayments)
    .where(
      and(
        underWay,
        or(
          paymentOfTogether(together),
          inArray(
            onlinePayments.registrationId,
            tx.select({ id: registrations.id }).from(registrations).where(memberOf(together, eventId)),
          ),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
