import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Discipline } from '../../../shared/events/event-settings.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { raceOptions, registrations } from '../../db/schema/index.ts';

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

export async function insertRegistration(tx: Transaction, values: NewRegistration, referencePrefix: string) {
  const [row] = await tx
    .insert(registrations)
    .values({
      ...values,
      reference: sql`${referencePrefix} || '-' || lpad(nextval('registration_number_seq')::text, 4, '0')`,
    })
    .returning({ id: registrations.id, reference: registrations.reference });
  if (!row) throw new Error('insert returned no row');
  return row;
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
