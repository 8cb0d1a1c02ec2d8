import { and, asc, eq, sql } from 'drizzle-orm';
import type { Discipline } from '../../../shared/events/event.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { events, raceOptions } from '../../db/schema/index.ts';
import { activeEntriesOfRace, placesHeldInRace, waitlistPlacesOfRace } from '../registrations/queries.ts';

export type EventRow = typeof events.$inferSelect;
export type RaceOptionRow = typeof raceOptions.$inferSelect;

export async function findCurrentEvent(db: Database): Promise<EventRow | undefined> {
  const [event] = await db.select().from(events).where(eq(events.isCurrent, true)).limit(1);
  return event;
}

export async function findEventById(db: Database, id: string): Promise<EventRow | undefined> {
  const [event] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return event;
}

/** The current event's id alone (the full row carries the terms text). */
export async function findCurrentEventId(db: Database): Promise<string | undefined> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.isCurrent, true)).limit(1);
  return event?.id;
}

/** The current event's privacy notice version alone; undefined while there is no event. */
export async function findCurrentPrivacyVersion(db: Database): Promise<number | undefined> {
  const [event] = await db
    .select({ privacyVersion: events.privacyVersion })
    .from(events)
    .where(eq(events.isCurrent, true))
    .limit(1);
  return event?.privacyVersion;
}

/**
 * The event's races with how many active entries each holds, counted per race from the partial index
 * on active entries (a join would read every registration). `cappedOnly` counts only races with a
 * capacity: the public pages need no more to mark a race full.
 */
/** The event's races in the order the forms list them. */
export function listRaces(db: Database, eventId: string) {
  return db
    .select()
    .from(raceOptions)
    .where(eq(raceOptions.eventId, eventId))
    .orderBy(asc(raceOptions.discipline), asc(raceOptions.sortOrder), asc(raceOptions.label));
}

export async function listRacesWithTakenPlaces(db: Database, eventId: string, { cappedOnly = false } = {}) {
  // Qualified by hand: Drizzle leaves column names unqualified in a single-table select, and inside the
  // subquery a bare "id" would be the registration's.
  const count = sql<number>`${sql.raw(activeEntriesOfRace('"race_options"."id"'))}`;
  const held = sql<number>`${sql.raw(waitlistPlacesOfRace('"race_options"."id"'))}`;
  return db
    .select({
      race: raceOptions,
      held,
      taken: cappedOnly
        ? sql<number>`case when ${raceOptions.capacity} is null then 0 else ${count} end`
        : count,
    })
    .from(raceOptions)
    .where(eq(raceOptions.eventId, eventId))
    .orderBy(asc(raceOptions.discipline), asc(raceOptions.sortOrder), asc(raceOptions.label));
}

export async function findRace(
  db: Database | Transaction,
  eventId: string,
  discipline: Discipline,
  label: string,
) {
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

/**
 * What the public pages' copy of the event is checked against: the current event's id and revision, and its
 * races with a capacity whose every place is held (entries and the waitlist's). One small read: only capped
 * races are counted, each from the partial index on active entries.
 */
export async function readEventState(
  db: Database,
): Promise<{ id: string; revision: number; full: string[] } | undefined> {
  const result = (await db.execute(sql`
    select e.id, e.revision, (
      select string_agg(r.id::text, ',' order by r.id) from race_options as r
      where r.event_id = e.id and r.capacity is not null
        and ${sql.raw(placesHeldInRace('r.id'))} >= r.capacity
    ) as full
    from events as e where e.is_current limit 1`)) as unknown as {
    rows: { id: string; revision: number | string; full: string | null }[];
  };
  const [row] = result.rows;
  return row && { id: row.id, revision: Number(row.revision), full: row.full ? row.full.split(',') : [] };
}
