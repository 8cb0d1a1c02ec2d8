import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ResultStatus } from '../../../shared/results/results.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { events, raceOptions, registrations, results } from '../../db/schema/index.ts';
import { activeInEvent } from '../registrations/queries.ts';

/** The event's active entries that have a bib, by bib: what a timer's file can name. */
export async function entriesWithBibs(db: Database | Transaction, eventId: string) {
  const rows = await db
    .select({
      id: registrations.id,
      bib: registrations.bib,
      reference: registrations.reference,
      result: { status: results.status, timeMs: results.timeMs, timerPlace: results.timerPlace },
    })
    .from(registrations)
    .leftJoin(results, eq(results.registrationId, registrations.id))
    .where(and(activeInEvent(eventId), isNotNull(registrations.bib)));
  return new Map(rows.map((row) => [row.bib as number, row]));
}

export interface ResultValues {
  registrationId: string;
  status: ResultStatus;
  timeMs: number | null;
  timerPlace: number | null;
}

/** Writes results (a new one, or over the entry's earlier one) in the caller's transaction. */
export async function putResults(
  tx: Transaction,
  eventId: string,
  rows: ResultValues[],
  source: 'import' | 'finish-line' | 'admin',
) {
  if (rows.length === 0) return;
  await tx
    .insert(results)
    .values(rows.map((row) => ({ ...row, eventId, source })))
    .onConflictDoUpdate({
      target: results.registrationId,
      set: {
        status: sql`excluded.status`,
        timeMs: sql`excluded.time_ms`,
        timerPlace: sql`excluded.timer_place`,
        source: sql`excluded.source`,
        recordedAt: sql`now()`,
      },
    });
}

/** Every result of the event with its entry and race, in each race's finishing order. */
export function resultsOfEvent(db: Database | Transaction, eventId: string) {
  return db
    .select({
      registrationId: registrations.id,
      reference: registrations.reference,
      bib: registrations.bib,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      raceId: raceOptions.id,
      status: results.status,
      timeMs: results.timeMs,
      timerPlace: results.timerPlace,
    })
    .from(results)
    .innerJoin(registrations, eq(registrations.id, results.registrationId))
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(and(eq(results.eventId, eventId), activeInEvent(eventId)))
    .orderBy(
      asc(raceOptions.id),
      sql`${results.status} <> 'finished'`,
      asc(results.timeMs),
      sql`${results.timerPlace} nulls last`,
      asc(registrations.bib),
    );
}

/** The races of the event in the forms' order. */
export const racesOf = (db: Database | Transaction, eventId: string) =>
  db
    .select({ id: raceOptions.id, discipline: raceOptions.discipline, label: raceOptions.label })
    .from(raceOptions)
    .where(eq(raceOptions.eventId, eventId))
    .orderBy(asc(raceOptions.discipline), asc(raceOptions.sortOrder), asc(raceOptions.label));

/** One result with its entry, locked for a correction. */
export async function findResult(tx: Transaction, eventId: string, registrationId: string) {
  const [row] = await tx
    .select({
      reference: registrations.reference,
      status: results.status,
      timeMs: results.timeMs,
      timerPlace: results.timerPlace,
    })
    .from(registrations)
    .leftJoin(results, eq(results.registrationId, registrations.id))
    .where(and(eq(registrations.id, registrationId), activeInEvent(eventId)))
    .for('update', { of: registrations });
  return row;
}

/** Publishes the event's results now, or takes them back (null): answers the time set. */
export async function setResultsPublished(tx: Transaction, eventId: string, published: boolean) {
  const [row] = await tx
    .update(events)
    .set({ resultsPublishedAt: published ? sql`coalesce(${events.resultsPublishedAt}, now())` : null })
    .where(eq(events.id, eventId))
    .returning({ publishedAt: events.resultsPublishedAt });
  return row?.publishedAt ?? null;
}

/** The results of one race with what the public results show of each entrant, in finishing order. */
export function resultsOfRace(db: Database | Transaction, eventId: string, raceId: string) {
  return db
    .select({
      bib: registrations.bib,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      age: registrations.age,
      gender: registrations.gender,
      discipline: registrations.discipline,
      showInResults: registrations.showInResults,
      anonymisedAt: registrations.anonymisedAt,
      registrationId: registrations.id,
      status: results.status,
      timeMs: results.timeMs,
    })
    .from(results)
    .innerJoin(registrations, eq(registrations.id, results.registrationId))
    .where(and(eq(results.eventId, eventId), activeInEvent(eventId), eq(registrations.raceOptionId, raceId)))
    .orderBy(
      sql`${results.status} <> 'finished'`,
      asc(results.timeMs),
      sql`${results.timerPlace} nulls last`,
      asc(registrations.bib),
    );
}

/** The races of the event that have results. */
export async function racesWithResults(db: Database | Transaction, eventId: string) {
  const rows = await db
    .selectDistinct({ raceId: registrations.raceOptionId })
    .from(results)
    .innerJoin(registrations, eq(registrations.id, results.registrationId))
    .where(and(eq(results.eventId, eventId), activeInEvent(eventId)));
  return new Set(rows.map((row) => row.raceId));
}

/** The finishers not yet told their result, with how to reach them (none once anonymised). */
export function untoldFinishers(tx: Transaction, eventId: string) {
  return tx
    .select({
      id: registrations.id,
      reference: registrations.reference,
      firstName: registrations.firstName,
      email: registrations.email,
      mobile: registrations.mobile,
      guardianMobile: registrations.guardianMobile,
      age: registrations.age,
      notifyBy: registrations.notifyBy,
    })
    .from(results)
    .innerJoin(registrations, eq(registrations.id, results.registrationId))
    .where(
      and(
        eq(results.eventId, eventId),
        activeInEvent(eventId),
        eq(results.status, 'finished'),
        isNull(results.toldAt),
        isNull(registrations.anonymisedAt),
      ),
    )
    .for('update', { of: results });
}

/** Notes that these finishers were told their result. */
export async function markTold(tx: Transaction, registrationIds: string[]) {
  if (registrationIds.length === 0) return;
  await tx
    .update(results)
    .set({ toldAt: sql`now()` })
    .where(inArray(results.registrationId, registrationIds));
}

/** The race of an entry that has a result, if it has one. */
export async function raceOfResult(db: Database, registrationId: string) {
  const [row] = await db
    .select({ raceId: registrations.raceOptionId, label: raceOptions.label })
    .from(results)
    .innerJoin(registrations, eq(registrations.id, results.registrationId))
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(eq(results.registrationId, registrationId));
  return row;
}
