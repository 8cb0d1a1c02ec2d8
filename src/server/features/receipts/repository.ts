import { and, asc, count, desc, eq, inArray, lte, notExists, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  events,
  paymentReminders,
  raceOptions,
  receipts,
  registrations,
  user,
} from '../../db/schema/index.ts';
import { activeEntry, paymentAgainstFee } from '../registrations/queries.ts';

/** The entries among `ids`, with what their receipts say of them and their event. */
export async function receiptEntries(tx: Transaction, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: registrations.id,
      eventId: registrations.eventId,
      reference: registrations.reference,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      email: registrations.email,
      mobile: registrations.mobile,
      age: registrations.age,
      guardianMobile: registrations.guardianMobile,
      notifyBy: registrations.notifyBy,
      groupId: registrations.groupId,
      companyAccountId: registrations.companyAccountId,
      companyName: user.name,
      companyEmail: user.email,
      eventTitle: events.title,
      eventYear: events.year,
      textsOn: sql<boolean>`coalesce((${events.sms}->>'enabled')::boolean, false)`,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .leftJoin(user, eq(user.id, registrations.companyAccountId))
    .where(inArray(registrations.id, ids))
    .orderBy(asc(registrations.reference));
}

/**
 * Takes `count` receipt numbers of the event: the row lock held until the transaction ends makes concurrent
 * payments wait, so numbers never repeat and, as a rolled-back payment gives its numbers back, never skip.
 * Returns the first.
 */
export async function takeReceiptNumbers(tx: Transaction, eventId: string, count: number) {
  const [row] = await tx
    .update(events)
    .set({ lastReceiptNumber: sql`${events.lastReceiptNumber} + ${count}` })
    .where(eq(events.id, eventId))
    .returning({ last: events.lastReceiptNumber });
  if (!row) throw new Error(`no event ${eventId}`);
  return row.last - count + 1;
}

export async function insertReceipts(tx: Transaction, rows: (typeof receipts.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(receipts).values(rows);
}

const receiptColumns = {
  number: receipts.number,
  amount: receipts.amount,
  currency: receipts.currency,
  method: receipts.method,
  paidOn: receipts.paidOn,
  issuedAt: receipts.issuedAt,
};

/** An entry's receipts, the newest first. */
export async function receiptsOfEntry(db: Database, registrationId: string) {
  return db
    .select(receiptColumns)
    .from(receipts)
    .where(eq(receipts.registrationId, registrationId))
    .orderBy(desc(receipts.number));
}

/** One receipt of an entry, with what its PDF shows of the entry and the event. */
export async function findReceipt(db: Database, registrationId: string, number: number) {
  const [row] = await db
    .select({
      ...receiptColumns,
      reference: registrations.reference,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      discipline: registrations.discipline,
      raceType: raceOptions.label,
      eventTitle: events.title,
      eventYear: events.year,
      contactPhone: events.contactPhone,
    })
    .from(receipts)
    .innerJoin(registrations, eq(registrations.id, receipts.registrationId))
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .innerJoin(events, eq(events.id, receipts.eventId))
    .where(and(eq(receipts.registrationId, registrationId), eq(receipts.number, number)));
  return row;
}

/** Any reminder, of whatever kind, goes to an entry at most once in this many days. */
export const REMINDER_GAP_DAYS = 3;

export type ReminderKind = (typeof paymentReminders.$inferInsert)['kind'];

/** Whoever sends reminders holds this lock until the transaction ends: two servers never both remind one entry. */
export async function lockReminders(tx: Transaction) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payment-reminders'))`);
}

/** Not reminded in the last three days before `now` (nor ever, for an automatic kind, by that kind). */
const notRemindedLately = (now: Date, kind: ReminderKind) =>
  notExists(
    sql`(select 1 from ${paymentReminders} where ${paymentReminders.registrationId} = ${registrations.id}
      and (${kind === 'by-admin' ? sql`false` : sql`${paymentReminders.kind} = ${kind}`}
        or ${paymentReminders.sentAt} > ${now.toISOString()}::timestamptz - make_interval(days => ${REMINDER_GAP_DAYS})))`,
  );

/** Active entries that still owe: unpaid, or part paid (the balance). */
const unpaidActive = and(activeEntry, inArray(registrations.paymentStatus, ['unpaid', 'part_paid'])) as SQL;

/** What a reminder says of its entry. */
const reminderColumns = {
  id: registrations.id,
  reference: registrations.reference,
  firstName: registrations.firstName,
  email: registrations.email,
  discipline: registrations.discipline,
  raceType: raceOptions.label,
  mobile: registrations.mobile,
  age: registrations.age,
  guardianMobile: registrations.guardianMobile,
  notifyBy: registrations.notifyBy,
  smsRemindersStoppedAt: registrations.smsRemindersStoppedAt,
  ...paymentAgainstFee,
};

/**
 * The event's unpaid active entries due an automatic reminder of this kind at `now`: registered at or before
 * `registeredBy` (when given), never sent this kind, and not reminded at all in the last three days; the
 * `limit` first (a batch: those reminded drop out of the next).
 */
export async function entriesDueReminder(
  tx: Transaction,
  eventId: string,
  now: Date,
  kind: ReminderKind,
  registeredBy: Date | undefined,
  limit: number,
) {
  return tx
    .select(reminderColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(
      and(
        eq(registrations.eventId, eventId),
        unpaidActive,
        registeredBy ? lte(registrations.createdAt, registeredBy) : undefined,
        notRemindedLately(now, kind),
      ),
    )
    .orderBy(asc(registrations.createdAt), asc(registrations.id))
    .limit(limit);
}

/** Of these entries, the unpaid active ones not reminded in the last three days before `now`. */
export async function remindableAmong(tx: Database | Transaction, ids: string[], now: Date) {
  if (ids.length === 0) return [];
  return tx
    .select(reminderColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(and(inArray(registrations.id, ids), unpaidActive, notRemindedLately(now, 'by-admin')))
    .orderBy(asc(registrations.createdAt));
}

/** How many of these entries were reminded in the last three days before `now`. */
export async function countRemindedLately(db: Database, ids: string[], now: Date) {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ total: count() })
    .from(registrations)
    .where(and(inArray(registrations.id, ids), sql`not ${notRemindedLately(now, 'by-admin')}`));
  return Number(row?.total ?? 0);
}

/**
 * Notes the reminders as sent at `now`; an automatic kind already noted for an entry is skipped (the unique
 * index decides). Answers the entries noted here, the ones to mail.
 */
export async function noteReminders(tx: Transaction, ids: string[], kind: ReminderKind, now: Date) {
  if (ids.length === 0) return new Set<string>();
  const rows = await tx
    .insert(paymentReminders)
    .values(ids.map((registrationId) => ({ registrationId, kind, sentAt: now })))
    .onConflictDoNothing()
    .returning({ id: paymentReminders.registrationId });
  return new Set(rows.map((row) => row.id));
}
