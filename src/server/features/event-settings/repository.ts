import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { events, raceOptions, registrations } from '../../db/schema/index.ts';

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
