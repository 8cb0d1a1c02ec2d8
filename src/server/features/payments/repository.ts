import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { memberOf, membersInOrder, type PaidTogether } from '../../db/paid-together.ts';
import { paymentNotices, raceOptions, registrations } from '../../db/schema/index.ts';
import { activeEntry, paymentAgainstFee } from '../registrations/queries.ts';

/**
 * The entries of the event among `ids`, with their payment and their race's fees, locked until the transaction
 * ends: a payment recorded on one of them meanwhile waits, and is then seen.
 */
export async function entriesToPay(tx: Transaction, eventId: string, ids: string[]) {
  return tx
    .select({
      id: registrations.id,
      reference: registrations.reference,
      status: registrations.status,
      ...paymentAgainstFee,
      paymentMethod: registrations.paymentMethod,
      payerReference: registrations.payerReference,
      groupId: registrations.groupId,
      companyAccountId: registrations.companyAccountId,
    })
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(and(eq(registrations.eventId, eventId), inArray(registrations.id, ids)))
    .for('update', { of: registrations });
}

/**
 * These entries (once each, in the order given) as the payments marking them paid makes: the entries of one
 * group form, or of one company's team, together; any other entry, or an id of no entry of the event, alone.
 */
export async function paymentUnits(db: Database, eventId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({
      id: registrations.id,
      groupId: registrations.groupId,
      companyAccountId: registrations.companyAccountId,
    })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), inArray(registrations.id, unique)));
  const keys = new Map(
    rows.map((row) => [
      row.id,
      row.groupId ?? (row.companyAccountId ? `team ${row.companyAccountId}` : row.id),
    ]),
  );
  const units = new Map<string, string[]>();
  for (const id of unique) {
    const key = keys.get(id) ?? id;
    units.set(key, [...(units.get(key) ?? []), id]);
  }
  return [...units.values()];
}

type PaymentColumns = Pick<
  typeof registrations.$inferInsert,
  | 'paymentStatus'
  | 'paymentMethod'
  | 'paymentAmount'
  | 'paymentCurrency'
  | 'payerReference'
  | 'paidOn'
  | 'waiverReason'
>;

/** An entry's payment as it now stands. */
export async function setPayment(tx: Transaction, id: string, payment: Required<PaymentColumns>) {
  await tx.update(registrations).set(payment).where(eq(registrations.id, id));
}

/** Something about a recorded payment for an admin to look at (a part payment, more than the fee). */
export async function insertPaymentNotices(tx: Transaction, notices: (typeof paymentNotices.$inferInsert)[]) {
  if (notices.length > 0) await tx.insert(paymentNotices).values(notices);
}

/** A group's or team's active entries of the event in order: whom its payment pays. */
export async function memberIds(tx: Transaction, together: PaidTogether, eventId: string) {
  const rows = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(memberOf(together, eventId), activeEntry))
    .orderBy(...membersInOrder);
  return rows.map((row) => row.id);
}
