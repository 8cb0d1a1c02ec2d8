import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import { finishBibs, finishTaps, raceOptions, registrations } from '../../../db/schema/index.ts';
import { activeInEvent } from '../../registrations/queries.ts';

type Db = Database | Transaction;

/** The current edition's races, in the forms' order. */
export const racesOfEvent = (db: Db, eventId: string) =>
  db
    .select({ id: raceOptions.id, discipline: raceOptions.discipline, label: raceOptions.label })
    .from(raceOptions)
    .where(eq(raceOptions.eventId, eventId))
    .orderBy(asc(raceOptions.discipline), asc(raceOptions.sortOrder), asc(raceOptions.label));

export interface NewTap {
  raceOptionId: string;
  seq: number;
  kind: 'start' | 'finish';
  tappedAt: Date;
}

/** A phone's taps; those it sent before (same phone, same sequence number) are skipped. */
export async function addTaps(tx: Transaction, eventId: string, phoneId: string, rows: NewTap[]) {
  if (rows.length === 0) return;
  await tx
    .insert(finishTaps)
    .values(rows.map((row) => ({ ...row, eventId, phoneId })))
    .onConflictDoNothing({ target: [finishTaps.phoneId, finishTaps.seq] });
}

export interface NewBib {
  raceOptionId: string;
  seq: number;
  bib: number;
  enteredAt: Date;
}

export async function addBibs(tx: Transaction, eventId: string, phoneId: string, rows: NewBib[]) {
  if (rows.length === 0) return;
  await tx
    .insert(finishBibs)
    .values(rows.map((row) => ({ ...row, eventId, phoneId })))
    .onConflictDoNothing({ target: [finishBibs.phoneId, finishBibs.seq] });
}

/** The phone's own taps it undid (a second undo changes nothing). */
export async function undoTaps(tx: Transaction, eventId: string, phoneId: string, seqs: number[]) {
  if (seqs.length === 0) return;
  await tx
    .update(finishTaps)
    .set({ removedAt: sql`coalesce(${finishTaps.removedAt}, now())` })
    .where(
      and(eq(finishTaps.eventId, eventId), eq(finishTaps.phoneId, phoneId), inArray(finishTaps.seq, seqs)),
    );
}

export async function undoBibs(tx: Transaction, eventId: string, phoneId: string, seqs: number[]) {
  if (seqs.length === 0) return;
  await tx
    .update(finishBibs)
    .set({ removedAt: sql`coalesce(${finishBibs.removedAt}, now())` })
    .where(
      and(eq(finishBibs.eventId, eventId), eq(finishBibs.phoneId, phoneId), inArray(finishBibs.seq, seqs)),
    );
}

/** A race's taps still standing, in time order. */
export const tapsOfRace = (db: Db, raceId: string) =>
  db
    .select({ id: finishTaps.id, kind: finishTaps.kind, tappedAt: finishTaps.tappedAt })
    .from(finishTaps)
    .where(and(eq(finishTaps.raceOptionId, raceId), isNull(finishTaps.removedAt)))
    .orderBy(asc(finishTaps.tappedAt), asc(finishTaps.phoneId), asc(finishTaps.seq));

/** A race's bibs still standing, in the order they were typed. */
export const bibsOfRace = (db: Db, raceId: string) =>
  db
    .select({ id: finishBibs.id, bib: finishBibs.bib, enteredAt: finishBibs.enteredAt })
    .from(finishBibs)
    .where(and(eq(finishBibs.raceOptionId, raceId), isNull(finishBibs.removedAt)))
    .orderBy(asc(finishBibs.enteredAt), asc(finishBibs.phoneId), asc(finishBibs.seq));

/** The edition's active entries with a bib: who a typed bib is, and in which race. */
export const entriesByBib = async (db: Db, eventId: string) => {
  const rows = await db
    .select({
      id: registrations.id,
      bib: registrations.bib,
      raceOptionId: registrations.raceOptionId,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
    })
    .from(registrations)
    .where(and(activeInEvent(eventId), sql`${registrations.bib} is not null`));
  return new Map(rows.map((row) => [row.bib as number, row]));
};

/** Deletes an extra tap or bib from the merge (kept, marked removed); false when the race has no such one. */
export async function removeTap(db: Db, raceId: string, id: string) {
  const rows = await db
    .update(finishTaps)
    .set({ removedAt: sql`now()` })
    .where(and(eq(finishTaps.id, id), eq(finishTaps.raceOptionId, raceId), isNull(finishTaps.removedAt)))
    .returning({ id: finishTaps.id });
  return rows.length > 0;
}

export async function removeBib(db: Db, raceId: string, id: string) {
  const rows = await db
    .update(finishBibs)
    .set({ removedAt: sql`now()` })
    .where(and(eq(finishBibs.id, id), eq(finishBibs.raceOptionId, raceId), isNull(finishBibs.removedAt)))
    .returning({ id: finishBibs.id });
  return rows.length > 0;
}
