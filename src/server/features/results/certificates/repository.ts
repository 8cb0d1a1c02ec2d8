import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { raceOptions, registrations, results } from '../../../db/schema/index.ts';
import { activeEntry, activeInEvent } from '../../registrations/queries.ts';

const certificateColumns = {
  id: registrations.id,
  eventId: registrations.eventId,
  firstName: registrations.firstName,
  lastName: registrations.lastName,
  age: registrations.age,
  showInResults: registrations.showInResults,
  checkedIn: sql<boolean>`${registrations.checkedInAt} is not null`.mapWith(Boolean),
  discipline: registrations.discipline,
  raceId: raceOptions.id,
  raceLabel: raceOptions.label,
  status: results.status,
  timeMs: results.timeMs,
};

/** An active entry with its race and result (if any), for its certificate. */
export async function certificateEntry(db: Database, registrationId: string) {
  const [row] = await db
    .select(certificateColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .leftJoin(results, eq(results.registrationId, registrations.id))
    .where(and(eq(registrations.id, registrationId), activeEntry));
  return row;
}

/** The edition's active, not erased entry wearing `bib`, with its race and result. */
export async function certificateEntryByBib(db: Database, eventId: string, bib: number) {
  const [row] = await db
    .select(certificateColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .leftJoin(results, eq(results.registrationId, registrations.id))
    .where(and(activeInEvent(eventId), eq(registrations.bib, bib), isNull(registrations.anonymisedAt)));
  return row;
}

/** The race's finishers in finishing order (as the organisers' results list them): ids only. */
export function finishersOfRace(db: Database, eventId: string, raceId: string) {
  return db
    .select({ registrationId: registrations.id })
    .from(results)
    .innerJoin(registrations, eq(registrations.id, results.registrationId))
    .where(
      and(
        eq(results.eventId, eventId),
        activeInEvent(eventId),
        eq(registrations.raceOptionId, raceId),
        eq(results.status, 'finished'),
      ),
    )
    .orderBy(asc(results.timeMs), sql`${results.timerPlace} nulls last`, asc(registrations.bib));
}
