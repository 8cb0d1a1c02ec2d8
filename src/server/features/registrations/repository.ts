import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Discipline } from '../../../shared/events/event-settings.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { events, mailOutbox, raceOptions, registrations } from '../../db/schema/index.ts';
import type { OutgoingMail } from '../../mail/repository.ts';

export type NewRegistration = Omit<typeof registrations.$inferInsert, 'reference'>;

const receiptColumns = {
  id: registrations.id,
  reference: registrations.reference,
  discipline: registrations.discipline,
  raceType: raceOptions.label,
  feeUsd: raceOptions.feeUsd,
  feeZwg: raceOptions.feeZwg,
  email: registrations.email,
  firstName: registrations.firstName,
};

export async function findByIdempotencyKey(db: Database, key: string) {
  const [row] = await db
    .select(receiptColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(eq(registrations.idempotencyKey, key))
    .limit(1);
  return row;
}

export async function findActiveSamePerson(
  db: Database,
  person: { eventId: string; discipline: Discipline; firstName: string; lastName: string; email: string },
) {
  const [row] = await db
    .select(receiptColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(
      and(
        eq(registrations.eventId, person.eventId),
        eq(registrations.discipline, person.discipline),
        eq(registrations.status, 'active'),
        sql`lower(${registrations.firstName}) = lower(${person.firstName})`,
        sql`lower(${registrations.lastName}) = lower(${person.lastName})`,
        sql`lower(${registrations.email}) = lower(${person.email})`,
      ),
    )
    .limit(1);
  return row;
}

export async function countActiveInRace(tx: Transaction, raceOptionId: string) {
  const [row] = await tx
    .select({ taken: count() })
    .from(registrations)
    .where(and(eq(registrations.raceOptionId, raceOptionId), eq(registrations.status, 'active')));
  return Number(row?.taken ?? 0);
}

/** Stands for the reference in a mail written before the database has numbered the entry. */
export const REFERENCE_PLACEHOLDER = `[reference-${randomUUID()}]`;

export type InsertOutcome =
  | { kind: 'inserted'; id: string; reference: string }
  /** An entry with the same Idempotency-Key exists already. */
  | { kind: 'duplicate-key' }
  /** The event changed since the caller read it (its revision moved): nothing was written. */
  | { kind: 'outdated-event' };

/**
 * Inserts the entry and its confirmation mail in one statement (one round trip, atomic on its own),
 * only while the event is still at the revision the caller read.
 * The reference is numbered by the sequence: CFR25-0042, and on past 9999 (CFR25-10000).
 */
export async function insertRegistrationWithMail(
  db: Database | Transaction,
  values: NewRegistration,
  event: { referencePrefix: string; revision: number },
  mail: OutgoingMail,
): Promise<InsertOutcome> {
  const r = registrations;
  const eventIsCurrent = sql`exists (select 1 from ${events} where ${events.id} = ${values.eventId}
    and ${events.revision} = ${event.revision})`;
  const result = await db.execute(sql`
    with inserted as (
      insert into ${r} (${sql.identifier(r.eventId.name)}, ${sql.identifier(r.discipline.name)},
        ${sql.identifier(r.raceOptionId.name)}, ${sql.identifier(r.reference.name)}, ${sql.identifier(r.firstName.name)},
        ${sql.identifier(r.lastName.name)}, ${sql.identifier(r.email.name)}, ${sql.identifier(r.mobile.name)},
        ${sql.identifier(r.nextOfKinMobile.name)}, ${sql.identifier(r.age.name)}, ${sql.identifier(r.gender.name)},
        ${sql.identifier(r.tshirtSize.name)}, ${sql.identifier(r.termsVersion.name)}, ${sql.identifier(r.consentedAt.name)},
        ${sql.identifier(r.idempotencyKey.name)}, ${sql.identifier(r.companyAccountId.name)})
      select ${values.eventId}::uuid, ${values.discipline}::discipline, ${values.raceOptionId}::uuid,
        (select ${event.referencePrefix} || '-' || lpad(n, greatest(4, length(n)), '0')
          from (select nextval('registration_number_seq')::text as n) as numbered),
        ${values.firstName}, ${values.lastName}, ${values.email}, ${values.mobile}, ${values.nextOfKinMobile},
        ${values.age}::smallint, ${values.gender ?? null}, ${values.tshirtSize}, ${values.termsVersion}::integer,
        ${values.consentedAt}::timestamptz, ${values.idempotencyKey ?? null}, ${values.companyAccountId ?? null}
      where ${eventIsCurrent}
      on conflict (${sql.identifier(r.idempotencyKey.name)}) do nothing
      returning ${sql.identifier(r.id.name)} as id, ${sql.identifier(r.reference.name)} as reference
    ),
    mail as (
      insert into ${mailOutbox} (${sql.identifier(mailOutbox.to.name)}, ${sql.identifier(mailOutbox.subject.name)},
        ${sql.identifier(mailOutbox.text.name)})
      select ${mail.to}, replace(${mail.subject}, ${REFERENCE_PLACEHOLDER}, reference),
        replace(${mail.text}, ${REFERENCE_PLACEHOLDER}, reference)
      from inserted
    )
    select (select id from inserted) as id, (select reference from inserted) as reference,
      ${eventIsCurrent} as current`);
  // Raw rows: the same shape on pg and PGlite, untyped by Drizzle.
  const [row] = (
    result as unknown as { rows: { id: string | null; reference: string | null; current: boolean }[] }
  ).rows;
  if (row?.id && row.reference) return { kind: 'inserted', id: row.id, reference: row.reference };
  return row?.current ? { kind: 'duplicate-key' } : { kind: 'outdated-event' };
}

/** Names, discipline and race only: this answers the public search. */
export async function searchByName(db: Database, eventId: string, text: string, limit: number) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      discipline: registrations.discipline,
      raceType: raceOptions.label,
    })
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(
      and(
        eq(registrations.eventId, eventId),
        eq(registrations.status, 'active'),
        ilike(sql`${registrations.firstName} || ' ' || ${registrations.lastName}`, pattern),
      ),
    )
    .orderBy(asc(registrations.lastName), asc(registrations.firstName))
    .limit(limit);
}

/** A company's own active entries, oldest first, with each race's fees. */
export async function listTeamEntries(db: Database, eventId: string, companyAccountId: string) {
  const rows = await db
    .select({
      reference: registrations.reference,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      discipline: registrations.discipline,
      raceType: raceOptions.label,
      tshirtSize: registrations.tshirtSize,
      paymentStatus: registrations.paymentStatus,
      feeUsd: raceOptions.feeUsd,
      feeZwg: raceOptions.feeZwg,
      createdAt: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(
      and(
        eq(registrations.eventId, eventId),
        eq(registrations.companyAccountId, companyAccountId),
        eq(registrations.status, 'active'),
      ),
    )
    .orderBy(asc(registrations.createdAt), asc(registrations.reference));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
