import { and, count, desc, eq, inArray, isNull, lt, or, sql, sum } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { events, giftNumberSeq, gifts, registrations } from '../../db/schema/index.ts';

type CauseChange = Partial<
  Pick<typeof events.$inferInsert, 'causeTitle' | 'causeText' | 'causeImage' | 'causeGoalUsd' | 'giftsOpen'>
>;

export async function updateCause(db: Database, eventId: string, change: CauseChange) {
  await db
    .update(events)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(events.id, eventId));
}

/** Inserts a gift with the next reference of the event's prefix (CFR26-D12). */
export async function insertGift(
  db: Database,
  values: Omit<typeof gifts.$inferInsert, 'reference'>,
  referencePrefix: string,
) {
  const [row] = await db
    .insert(gifts)
    .values({
      ...values,
      reference: sql`${referencePrefix} || '-D' || nextval(${sql.raw(`'${giftNumberSeq.seqName}'`)})::text`,
    })
    .returning({ id: gifts.id, reference: gifts.reference, amount: gifts.amount, currency: gifts.currency });
  if (!row) throw new Error('gift not inserted');
  return row;
}

/** Paid totals by currency and the number of paid gifts of the event. */
export async function paidTotals(db: Database, eventId: string) {
  const rows = await db
    .select({ currency: gifts.currency, total: sum(gifts.amount), count: count() })
    .from(gifts)
    .where(and(eq(gifts.eventId, eventId), eq(gifts.status, 'paid')))
    .groupBy(gifts.currency);
  return rows.map((row) => ({ currency: row.currency, total: row.total ?? '0', count: Number(row.count) }));
}

export async function unpaidCount(db: Database, eventId: string) {
  const [row] = await db
    .select({ count: count() })
    .from(gifts)
    .where(and(eq(gifts.eventId, eventId), eq(gifts.status, 'unpaid')));
  return Number(row?.count ?? 0);
}

/** Paid gifts whose givers agreed to be named, newest first: only the name and the amount leave here. */
export async function namedPaidGifts(db: Database, eventId: string, limit: number) {
  return db
    .select({ giverName: gifts.giverName, amount: gifts.amount, currency: gifts.currency })
    .from(gifts)
    .where(
      and(
        eq(gifts.eventId, eventId),
        eq(gifts.status, 'paid'),
        eq(gifts.showName, true),
        isNull(gifts.anonymisedAt),
      ),
    )
    .orderBy(desc(gifts.paidAt))
    .limit(limit);
}

export async function listGifts(db: Database, eventId: string) {
  return db
    .select({ gift: gifts, entryReference: registrations.reference })
    .from(gifts)
    .leftJoin(registrations, eq(registrations.id, gifts.registrationId))
    .where(eq(gifts.eventId, eventId))
    .orderBy(desc(gifts.createdAt));
}

/** The gift, locked until the transaction ends (two payments of one gift wait for each other). */
export async function lockGift(tx: Transaction, id: string) {
  const [row] = await tx.select().from(gifts).where(eq(gifts.id, id)).for('update');
  return row;
}

export async function findGift(db: Database, id: string) {
  const [row] = await db.select().from(gifts).where(eq(gifts.id, id));
  return row;
}

/** The gift whose giver holds the pay token of this digest. */
export async function findGiftByPayToken(db: Database, digest: string) {
  const [row] = await db.select().from(gifts).where(eq(gifts.payTokenDigest, digest));
  return row;
}

export async function findGiftByReference(db: Database, reference: string) {
  const [row] = await db.select().from(gifts).where(eq(gifts.reference, reference));
  return row;
}

export async function markGiftPaid(
  tx: Transaction,
  id: string,
  paid: { paidBy: string; paidAt: Date; receiptNumber: number },
) {
  await tx
    .update(gifts)
    .set({ status: 'paid', ...paid })
    .where(eq(gifts.id, id));
}

/** Unpaid gifts made before `before` lapse; answers how many did. */
export async function lapseUnpaidBefore(db: Database, before: Date) {
  const rows = await db
    .update(gifts)
    .set({ status: 'lapsed' })
    .where(and(eq(gifts.status, 'unpaid'), lt(gifts.createdAt, before)))
    .returning({ id: gifts.id });
  return rows.length;
}

/** Gifts given with these entries, or by these contacts (an erasure's or an access request's person). */
export async function giftsOfPerson(
  db: Database,
  who: { giftIds: string[]; registrationIds: string[]; emails: string[]; mobiles: string[] },
) {
  const emails = who.emails.map((email) => email.toLowerCase());
  const conditions = [
    who.giftIds.length ? inArray(gifts.id, who.giftIds) : undefined,
    who.registrationIds.length ? inArray(gifts.registrationId, who.registrationIds) : undefined,
    emails.length ? inArray(sql`lower(${gifts.giverEmail})`, emails) : undefined,
    who.mobiles.length ? inArray(gifts.giverMobile, who.mobiles) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return [];
  return db
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(isNull(gifts.anonymisedAt), or(...conditions)));
}

/** The gifts themselves, for a download of everything held about a person (never another's). */
export async function giftRowsOf(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      reference: gifts.reference,
      amount: gifts.amount,
      currency: gifts.currency,
      giverName: gifts.giverName,
      giverEmail: gifts.giverEmail,
      giverMobile: gifts.giverMobile,
      showName: gifts.showName,
      status: gifts.status,
      paidBy: gifts.paidBy,
      paidAt: gifts.paidAt,
      receiptNumber: gifts.receiptNumber,
      createdAt: gifts.createdAt,
    })
    .from(gifts)
    .where(inArray(gifts.id, ids))
    .orderBy(gifts.createdAt);
}

/** Empties the givers' fields; the amounts stay for the totals. */
export async function anonymiseGifts(db: Database, ids: string[], now: Date) {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(gifts)
    .set({ giverName: '', giverEmail: null, giverMobile: null, showName: false, anonymisedAt: now })
    .where(inArray(gifts.id, ids))
    .returning({ id: gifts.id });
  return rows.length;
}

/** Gifts of events whose entries retention anonymised, not yet emptied themselves. */
export async function giftsOfAnonymisedEvents(db: Database, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return db
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(inArray(gifts.eventId, eventIds), isNull(gifts.anonymisedAt)));
}

/** The entry a gift is added to, by its reference (the receipt names only that), with its giver's fields. */
export async function entryForGift(db: Database, eventId: string, reference: string) {
  const [row] = await db
    .select({
      id: registrations.id,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      email: registrations.email,
      mobile: registrations.mobile,
      listedInSearch: registrations.listedInSearch,
    })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.reference, reference)));
  return row;
}

/** The entry's gift still waiting for money (unpaid or lapsed), the newest. */
export async function openGiftOfEntry(db: Database, registrationId: string) {
  const [row] = await db
    .select()
    .from(gifts)
    .where(
      and(
        eq(gifts.registrationId, registrationId),
        or(eq(gifts.status, 'unpaid'), eq(gifts.status, 'lapsed')),
      ),
    )
    .orderBy(desc(gifts.createdAt))
    .limit(1);
  return row;
}

/** The entries' gifts waiting for money, locked until the transaction ends. */
export async function lockOpenGiftsOfEntries(tx: Transaction, registrationIds: string[]) {
  if (registrationIds.length === 0) return [];
  return tx
    .select()
    .from(gifts)
    .where(
      and(
        inArray(gifts.registrationId, registrationIds),
        or(eq(gifts.status, 'unpaid'), eq(gifts.status, 'lapsed')),
      ),
    )
    .orderBy(gifts.createdAt)
    .for('update');
}

/** The entries' unpaid gifts, what their totals due add. */
export async function unpaidGiftsOfEntries(db: Database, registrationIds: string[]) {
  if (registrationIds.length === 0) return [];
  return db
    .select({
      registrationId: gifts.registrationId,
      amount: gifts.amount,
      currency: gifts.currency,
      reference: gifts.reference,
    })
    .from(gifts)
    .where(and(inArray(gifts.registrationId, registrationIds), eq(gifts.status, 'unpaid')));
}

export async function changeGiftAmount(
  db: Database,
  id: string,
  change: { amount: string; currency: 'USD' | 'ZWG' },
) {
  const [row] = await db
    .update(gifts)
    .set({ ...change, status: 'unpaid', createdAt: new Date() })
    .where(eq(gifts.id, id))
    .returning({ id: gifts.id, reference: gifts.reference, amount: gifts.amount, currency: gifts.currency });
  if (!row) throw new Error('gift not changed');
  return row;
}

/** The entry's latest gift that is not lapsed (waiting for money, or paid): what /My shows. */
export async function currentGiftOfEntry(db: Database, registrationId: string) {
  const [row] = await db
    .select({
      reference: gifts.reference,
      amount: gifts.amount,
      currency: gifts.currency,
      status: gifts.status,
    })
    .from(gifts)
    .where(
      and(eq(gifts.registrationId, registrationId), or(eq(gifts.status, 'unpaid'), eq(gifts.status, 'paid'))),
    )
    .orderBy(desc(gifts.createdAt))
    .limit(1);
  return row;
}

/** Deletes the entry's gifts still waiting for money (a lapsed one too, as money could still revive it). */
export async function deleteOpenGiftsOfEntry(db: Database, registrationId: string) {
  const rows = await db
    .delete(gifts)
    .where(
      and(
        eq(gifts.registrationId, registrationId),
        or(eq(gifts.status, 'unpaid'), eq(gifts.status, 'lapsed')),
      ),
    )
    .returning({ id: gifts.id });
  return rows.length;
}
