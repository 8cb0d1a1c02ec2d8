import { and, count, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { events, raceOptions, registrations, waitlistEntries } from '../../db/schema/index.ts';

type EventChange = Partial<Omit<typeof events.$inferInsert, 'id'>>;
type RaceValues = Omit<typeof raceOptions.$inferInsert, 'id' | 'eventId'>;

export async function updateEvent(db: Database, eventId: string, change: EventChange) {
  await db
    .update(events)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(events.id, eventId));
}

/** The ids of the event's races other than `keptIds`. */
export async function racesNotIn(tx: Transaction, eventId: string, keptIds: string[]) {
  const rows = await tx
    .select({ id: raceOptions.id })
    .from(raceOptions)
    .where(
      and(eq(raceOptions.eventId, eventId), keptIds.length ? notInArray(raceOptions.id, keptIds) : undefined),
    );
  return rows.map((row) => row.id);
}

/** One of these races that has an entry, active or cancelled, if any. */
export async function firstRaceWithEntries(tx: Transaction, raceIds: string[]) {
  const [used] = await tx
    .select({ label: raceOptions.label })
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(inArray(registrations.raceOptionId, raceIds))
    .limit(1);
  return used;
}

/** The first of these races that has anyone on its waitlist, now or before (the rows are kept). */
export async function firstRaceWithWaitlist(tx: Transaction, raceIds: string[]) {
  const [used] = await tx
    .select({ label: raceOptions.label })
    .from(waitlistEntries)
    .innerJoin(raceOptions, eq(raceOptions.id, waitlistEntries.raceOptionId))
    .where(inArray(waitlistEntries.raceOptionId, raceIds))
    .limit(1);
  return used;
}

export async function deleteRaces(tx: Transaction, raceIds: string[]) {
  await tx.delete(raceOptions).where(inArray(raceOptions.id, raceIds));
}

/** Updates one of the event's races; false when it is not one of them. */
export async function updateRace(
  tx: Transaction,
  eventId: string,
  raceId: string,
  values: Partial<RaceValues>,
) {
  const updated = await tx
    .update(raceOptions)
    .set(values)
    .where(and(eq(raceOptions.id, raceId), eq(raceOptions.eventId, eventId)))
    .returning({ id: raceOptions.id });
  return updated.length > 0;
}

export async function insertRace(tx: Transaction, eventId: string, values: RaceValues) {
  await tx.insert(raceOptions).values({ ...values, eventId });
}

/** Every edition, newest first, with its entries counted (cancelled ones too: they are its history). */
export async function listEditions(db: Database) {
  return db
    .select({
      id: events.id,
      year: events.year,
      title: events.title,
      referencePrefix: events.referencePrefix,
      current: events.isCurrent,
      archivedAt: events.archivedAt,
      entries: count(registrations.id),
    })
    .from(events)
    .leftJoin(registrations, eq(registrations.eventId, events.id))
    .groupBy(events.id)
    .orderBy(desc(events.year), desc(events.archivedAt));
}

/** The edition that has this year, slug or reference prefix, if any. */
export async function findEditionClashing(
  tx: Transaction,
  edition: { year: number; slug: string; prefix: string },
) {
  const [clash] = await tx
    .select({ year: events.year, slug: events.slug, referencePrefix: events.referencePrefix })
    .from(events)
    .where(
      or(
        eq(events.year, edition.year),
        eq(events.slug, edition.slug),
        eq(events.referencePrefix, edition.prefix),
      ),
    )
    .limit(1);
  return clash;
}

export async function archiveEvent(tx: Transaction, eventId: string) {
  await tx
    .update(events)
    .set({ isCurrent: false, archivedAt: new Date(), updatedAt: new Date() })
    .where(eq(events.id, eventId));
}

export async function insertEvent(tx: Transaction, values: Omit<typeof events.$inferInsert, 'id'>) {
  const [inserted] = await tx.insert(events).values(values).returning({ id: events.id });
  if (!inserted) throw new Error('the new edition was not inserted');
  return inserted.id;
}

export async function listRaceRows(tx: Transaction, eventId: string) {
  return tx.select().from(raceOptions).where(eq(raceOptions.eventId, eventId)).orderBy(raceOptions.sortOrder);
}

/** References restart at 0001 with each edition (its prefix tells them apart). */
export async function restartReferenceNumbers(tx: Transaction) {
  await tx.execute(sql`alter sequence registration_number_seq restart with 1`);
}
