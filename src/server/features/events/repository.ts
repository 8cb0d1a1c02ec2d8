import { and, asc, count, eq } from 'drizzle-orm';
import type { Discipline } from '../../../shared/events/event-settings.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { events, raceOptions, registrations } from '../../db/schema/index.ts';

export type EventRow = typeof events.$inferSelect;
export type RaceOptionRow = typeof raceOptions.$inferSelect;

export async function findCurrentEvent(db: Database): Promise<EventRow | undefined> {
  const [event] = await db.select().from(events).where(eq(events.isCurrent, true)).limit(1);
  return event;
}

/** The current event's id alone (the full row carries the terms text). */
export async function findCurrentEventId(db: Database): Promise<string | undefined> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.isCurrent, true)).limit(1);
  return event?.id;
}

/**
 * The event's races with how many active entries each holds. A join, not a correlated subquery:
 * Drizzle leaves column names unqualified in a single-table select, so a subquery's
 * `race_option_id = id` would compare two columns of registrations and always count 0.
 */
export async function listRacesWithTakenPlaces(db: Database, eventId: string) {
  return db
    .select({ race: raceOptions, taken: count(registrations.id) })
    .from(raceOptions)
    .leftJoin(
      registrations,
      and(eq(registrations.raceOptionId, raceOptions.id), eq(registrations.status, 'active')),
    )
    .where(eq(raceOptions.eventId, eventId))
    .groupBy(raceOptions.id)
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
