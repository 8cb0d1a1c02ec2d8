import { and, asc, eq, sql } from 'drizzle-orm';
import type { Discipline } from '../../../shared/events/event-settings.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { events, raceOptions, registrations } from '../../db/schema/index.ts';

export type EventRow = typeof events.$inferSelect;
export type RaceOptionRow = typeof raceOptions.$inferSelect;

export async function findCurrentEvent(db: Database): Promise<EventRow | undefined> {
  const [event] = await db.select().from(events).where(eq(events.isCurrent, true)).limit(1);
  return event;
}

/** The event's races with how many active entries each holds (counted only where a capacity is set). */
export async function listRacesWithTakenPlaces(db: Database, eventId: string) {
  return db
    .select({
      race: raceOptions,
      taken: sql<number>`case when ${raceOptions.capacity} is null then 0 else (
        select count(*) from ${registrations}
        where ${registrations.raceOptionId} = ${raceOptions.id} and ${registrations.status} = 'active'
      ) end`.mapWith(Number),
    })
    .from(raceOptions)
    .where(eq(raceOptions.eventId, eventId))
    .orderBy(asc(raceOptions.discipline), asc(raceOptions.sortOrder), asc(raceOptions.label));
}

export async function findRace(db: Database, eventId: string, discipline: Discipline, label: string) {
  const [race] = await db
    .select()
    .from(raceOptions)
    .where(
      and(
        eq(raceOptions.eventId, eventId),
        eq(raceOptions.discipline, discipline),
        eq(raceOptions.label, label),
      ),
    )
    .limit(1);
  return race;
}

/** Locks a race's row for the rest of the transaction so capacity checks on it run one at a time. */
export async function lockRace(tx: Transaction, raceId: string) {
  await tx.select({ id: raceOptions.id }).from(raceOptions).where(eq(raceOptions.id, raceId)).for('update');
}
