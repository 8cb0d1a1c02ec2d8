import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { events, raceOptions, receipts, registrations } from '../../db/schema/index.ts';

/** The paid entries among `ids`, with what their receipts say. */
export async function paidEntries(tx: Transaction, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: registrations.id,
      eventId: registrations.eventId,
      reference: registrations.reference,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      email: registrations.email,
      method: registrations.paymentMethod,
      amount: registrations.paymentAmount,
      currency: registrations.paymentCurrency,
      paidOn: registrations.paidOn,
      eventTitle: events.title,
      eventYear: events.year,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(inArray(registrations.id, ids), eq(registrations.paymentStatus, 'paid')))
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
