import { and, asc, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../../db/client.ts';
import { creditNoteNumbers, events, raceOptions, refunds, registrations } from '../../../db/schema/index.ts';
import { paymentAgainstFee } from '../../registrations/queries.ts';

/**
 * Takes the event's next credit note number: the counter's row lock, held until the transaction ends, makes
 * concurrent notes wait, so numbers never repeat and, as a rolled-back note gives its number back, never skip.
 */
export async function takeCreditNoteNumber(tx: Transaction, eventId: string) {
  const [row] = await tx
    .insert(creditNoteNumbers)
    .values({ eventId, last: 1 })
    .onConflictDoUpdate({
      target: creditNoteNumbers.eventId,
      set: { last: sql`${creditNoteNumbers.last} + 1` },
    })
    .returning({ last: creditNoteNumbers.last });
  if (!row) throw new Error(`no credit note number for event ${eventId}`);
  return row.last;
}

export async function insertRefund(tx: Transaction, row: typeof refunds.$inferInsert) {
  const [inserted] = await tx.insert(refunds).values(row).returning();
  if (!inserted) throw new Error('refund not inserted');
  return inserted;
}

/** The entry with what it received, locked until the transaction ends (two refunds at once see each other). */
export async function entryToRefund(tx: Transaction, id: string) {
  const [row] = await tx
    .select({
      id: registrations.id,
      eventId: registrations.eventId,
      reference: registrations.reference,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      email: registrations.email,
      mobile: registrations.mobile,
      status: registrations.status,
      paymentStatus: registrations.paymentStatus,
      paymentAmount: registrations.paymentAmount,
      paymentCurrency: registrations.paymentCurrency,
    })
    .from(registrations)
    .where(eq(registrations.id, id))
    .for('update');
  return row;
}

/** What was given back or credited from an entry, per currency. */
export async function refundedOf(db: Database | Transaction, registrationId: string) {
  return db
    .select({
      currency: refunds.currency,
      total: sql<string>`sum(${refunds.amount})::text`,
    })
    .from(refunds)
    .where(eq(refunds.registrationId, registrationId))
    .groupBy(refunds.currency);
}

const usedOn = alias(registrations, 'used_on');

/** An entry's refunds and credits, the newest first. */
export async function refundsOfEntry(db: Database | Transaction, registrationId: string) {
  return db
    .select({
      kind: refunds.kind,
      amount: refunds.amount,
      currency: refunds.currency,
      method: refunds.method,
      refundedOn: refunds.refundedOn,
      reference: refunds.reference,
      creditNoteNumber: refunds.creditNoteNumber,
      by: refunds.recordedByName,
      onlinePaymentId: refunds.onlinePaymentId,
      expiresOn: refunds.expiresOn,
      usedOn: usedOn.reference,
    })
    .from(refunds)
    .leftJoin(usedOn, eq(usedOn.id, refunds.usedOnRegistrationId))
    .where(eq(refunds.registrationId, registrationId))
    .orderBy(desc(refunds.id));
}

const openCredit = (today: string) =>
  and(eq(refunds.kind, 'credit'), isNull(refunds.usedAt), gte(refunds.expiresOn, today));

/**
 * The person's credits not used nor expired (by the digests of the email, or of the mobile and names), from
 * entries other than `exceptId`, the oldest first.
 */
export async function openCreditsOf(
  db: Database | Transaction,
  person: { emailDigest: string | null; mobileDigest: string },
  exceptId: string,
  today: string,
  lock = false,
) {
  const query = db
    .select({
      id: refunds.id,
      amount: refunds.amount,
      currency: refunds.currency,
      expiresOn: refunds.expiresOn,
      fromReference: registrations.reference,
      fromEdition: sql<string>`${events.title} || ' ' || ${events.year}`,
    })
    .from(refunds)
    .innerJoin(registrations, eq(registrations.id, refunds.registrationId))
    .innerJoin(events, eq(events.id, refunds.eventId))
    .where(
      and(
        openCredit(today),
        sql`${refunds.registrationId} <> ${exceptId}`,
        or(
          eq(refunds.mobileDigest, person.mobileDigest),
          person.emailDigest ? eq(refunds.emailDigest, person.emailDigest) : undefined,
        ),
      ),
    )
    .orderBy(asc(refunds.id));
  return lock ? query.for('update', { of: refunds }) : query;
}

/** A credit is used: it pays this entry and can be offered no more. */
export async function markCreditUsed(tx: Transaction, id: number, registrationId: string) {
  await tx
    .update(refunds)
    .set({ usedAt: sql`now()`, usedOnRegistrationId: registrationId, emailDigest: null, mobileDigest: null })
    .where(eq(refunds.id, id));
}

/** Every credit not used nor expired, the soonest to expire first. */
export async function openCredits(db: Database, today: string) {
  return db
    .select({
      id: refunds.id,
      amount: refunds.amount,
      currency: refunds.currency,
      reference: registrations.reference,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      edition: sql<string>`${events.title} || ' ' || ${events.year}`,
      creditNoteNumber: refunds.creditNoteNumber,
      expiresOn: refunds.expiresOn,
    })
    .from(refunds)
    .innerJoin(registrations, eq(registrations.id, refunds.registrationId))
    .innerJoin(events, eq(events.id, refunds.eventId))
    .where(openCredit(today))
    .orderBy(asc(refunds.expiresOn), asc(refunds.id));
}

/** One credit note with what it shows. */
export async function findCreditNote(db: Database, registrationId: string, number: number) {
  const [row] = await db
    .select({
      kind: refunds.kind,
      number: refunds.creditNoteNumber,
      amount: refunds.amount,
      currency: refunds.currency,
      method: refunds.method,
      refundedOn: refunds.refundedOn,
      reference: refunds.reference,
      expiresOn: refunds.expiresOn,
      issuedAt: refunds.createdAt,
      entryReference: registrations.reference,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      discipline: registrations.discipline,
      raceType: raceOptions.label,
      eventTitle: events.title,
      eventYear: events.year,
      contactPhone: events.contactPhone,
    })
    .from(refunds)
    .innerJoin(registrations, eq(registrations.id, refunds.registrationId))
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .innerJoin(events, eq(events.id, refunds.eventId))
    .where(and(eq(refunds.registrationId, registrationId), eq(refunds.creditNoteNumber, number)));
  return row;
}

/** The event's refunds and credits, per kind and currency. */
export async function refundTotalsOf(db: Database, eventId: string) {
  return db
    .select({
      kind: refunds.kind,
      currency: refunds.currency,
      total: sql<string>`sum(${refunds.amount})::text`,
    })
    .from(refunds)
    .where(eq(refunds.eventId, eventId))
    .groupBy(refunds.kind, refunds.currency);
}

/** An erased person's credits can no longer be found by their contacts. */
export async function forgetCreditsOf(tx: Transaction, registrationIds: string[]) {
  if (registrationIds.length === 0) return;
  await tx
    .update(refunds)
    .set({ emailDigest: null, mobileDigest: null })
    .where(inArray(refunds.registrationId, registrationIds));
}

/**
 * The event's entries that may have money to give back: cancelled with a payment recorded, or paid more than
 * their fee in the currency paid; with what was already given back or credited in that currency.
 */
export async function entriesWithMoneyBack(db: Database, eventId: string) {
  const fee = sql<
    string | null
  >`(case ${registrations.paymentCurrency} when 'USD' then ${paymentAgainstFee.feeUsd} else ${paymentAgainstFee.feeZwg} end)::numeric`;
  const given = sql<string>`coalesce((select sum(${refunds.amount}) from ${refunds}
    where ${refunds.registrationId} = ${registrations.id} and ${refunds.currency} = ${registrations.paymentCurrency}), 0)::text`;
  return db
    .select({
      id: registrations.id,
      reference: registrations.reference,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      status: registrations.status,
      paymentAmount: registrations.paymentAmount,
      paymentCurrency: registrations.paymentCurrency,
      fee: sql<string | null>`(${fee})::text`,
      given,
    })
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(
      and(
        eq(registrations.eventId, eventId),
        isNull(registrations.anonymisedAt),
        inArray(registrations.paymentStatus, ['paid', 'part_paid']),
        sql`${registrations.paymentAmount} is not null`,
        or(
          eq(registrations.status, 'cancelled'),
          and(
            eq(registrations.paymentStatus, 'paid'),
            sql`${fee} is not null`,
            sql`${registrations.paymentAmount} > ${fee}`,
          ),
        ),
      ),
    )
    .orderBy(asc(registrations.reference));
}

/** Credits past their last day are no longer anyone's: what found them by the person goes. */
export async function forgetExpiredCreditsOf(tx: Transaction, today: string) {
  await tx
    .update(refunds)
    .set({ emailDigest: null, mobileDigest: null })
    .where(
      and(
        eq(refunds.kind, 'credit'),
        sql`${refunds.expiresOn} < ${today}`,
        or(sql`${refunds.emailDigest} is not null`, sql`${refunds.mobileDigest} is not null`),
      ),
    );
}
