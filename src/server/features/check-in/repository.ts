import { and, asc, count, desc, eq, gte, isNotNull, isNull, like, lte, ne, or, sql } from 'drizzle-orm';
import type { CheckInAction } from '../../../shared/check-in/check-in.ts';
import { ADULT_AGE } from '../../../shared/registrations/guardian.ts';
import type { Database, Transaction } from '../../db/client.ts';
import {
  bibBlocks,
  checkInActions,
  raceOptions,
  registrations,
  walkUpClashes,
  walkUps,
} from '../../db/schema/index.ts';
import { activeInEvent, paymentAgainstFee } from '../registrations/queries.ts';

/** What check-in reads of an entry: no email, mobile, next of kin or age (only whether a minor). */
const entryColumns = {
  id: registrations.id,
  reference: registrations.reference,
  firstName: registrations.firstName,
  lastName: registrations.lastName,
  bib: registrations.bib,
  discipline: registrations.discipline,
  race: raceOptions.label,
  tshirtSize: registrations.tshirtSize,
  minor: sql<boolean>`${registrations.age} < ${ADULT_AGE}`.mapWith(Boolean),
  ...paymentAgainstFee,
  checkedInAt: registrations.checkedInAt,
  checkedInBy: registrations.checkedInBy,
  tshirtCollectedAt: registrations.tshirtCollectedAt,
  tshirtCollectedBy: registrations.tshirtCollectedBy,
  registeredAt: registrations.createdAt,
};
export type EntryRow = Awaited<ReturnType<typeof findEntry>>;

const entries = (db: Database | Transaction) =>
  db
    .select(entryColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId));

export async function findEntry(db: Database | Transaction, eventId: string, id: string) {
  const [row] = await entries(db).where(and(activeInEvent(eventId), eq(registrations.id, id)));
  return row;
}

export async function findEntryByCode(db: Database, eventId: string, code: string) {
  const [row] = await entries(db).where(and(activeInEvent(eventId), eq(registrations.checkInCode, code)));
  return row;
}

const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Active entries whose bib or check-in code the text is, and, with `partial`, whose name (either way round) or
 * reference contains it.
 */
export async function searchEntries(
  db: Database,
  eventId: string,
  text: string,
  { limit, partial }: { limit: number; partial: boolean },
) {
  const lower = text.toLowerCase();
  const bib = /^\d{1,9}$/.test(text) ? Number(text) : null;
  return entries(db)
    .where(
      and(
        activeInEvent(eventId),
        or(
          partial ? like(registrations.nameText, likeEscaped(lower)) : undefined,
          // Tables read lists surname first, and volunteers type names as they read them.
          partial
            ? like(
                sql`lower(${registrations.lastName} || ' ' || ${registrations.firstName})`,
                likeEscaped(lower),
              )
            : undefined,
          partial ? like(sql`lower(${registrations.reference})`, likeEscaped(lower)) : undefined,
          bib === null ? undefined : eq(registrations.bib, bib),
          eq(registrations.checkInCode, lower),
        ),
      ),
    )
    .orderBy(asc(registrations.lastName), asc(registrations.firstName), asc(registrations.reference))
    .limit(limit);
}

/** Holds the entry until the transaction ends, so two taps on it are applied one after the other. */
export async function lockEntry(tx: Transaction, eventId: string, id: string) {
  const [row] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(activeInEvent(eventId), eq(registrations.id, id)))
    .for('update');
  return row;
}

export async function findAction(db: Database | Transaction, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(checkInActions)
    .where(eq(checkInActions.idempotencyKey, idempotencyKey));
  return row;
}

export async function insertAction(tx: Transaction, action: typeof checkInActions.$inferInsert) {
  await tx.insert(checkInActions).values(action);
}

type Done = { at: Date; by: string } | null;

export async function setCheckedIn(tx: Transaction, id: string, done: Done) {
  await tx
    .update(registrations)
    .set({ checkedInAt: done?.at ?? null, checkedInBy: done?.by ?? null })
    .where(eq(registrations.id, id));
}

export async function setTshirtCollected(tx: Transaction, id: string, done: Done) {
  await tx
    .update(registrations)
    .set({ tshirtCollectedAt: done?.at ?? null, tshirtCollectedBy: done?.by ?? null })
    .where(eq(registrations.id, id));
}

export async function actionsOf(db: Database, registrationId: string, action?: CheckInAction) {
  return db
    .select()
    .from(checkInActions)
    .where(
      and(
        eq(checkInActions.registrationId, registrationId),
        action ? eq(checkInActions.action, action) : undefined,
      ),
    )
    .orderBy(asc(checkInActions.id));
}

/** Per race and T-shirt size: active entries, how many are checked in, how many T-shirts are not collected. */
export async function countsBySize(db: Database, eventId: string) {
  return db
    .select({
      raceId: registrations.raceOptionId,
      size: registrations.tshirtSize,
      registered: count(),
      checkedIn: count(registrations.checkedInAt),
      tshirtsLeft: sql<number>`(count(*) filter (where ${isNull(registrations.tshirtCollectedAt)}))::int`,
    })
    .from(registrations)
    .where(activeInEvent(eventId))
    .groupBy(registrations.raceOptionId, registrations.tshirtSize);
}

export async function racesOf(db: Database, eventId: string) {
  return db
    .select({ id: raceOptions.id, discipline: raceOptions.discipline, label: raceOptions.label })
    .from(raceOptions)
    .where(eq(raceOptions.eventId, eventId))
    .orderBy(asc(raceOptions.discipline), asc(raceOptions.sortOrder), asc(raceOptions.label));
}

/** What a phone's roster keeps of an entry (issue 37): still nothing to reach the entrant by. */
const rosterColumns = {
  id: registrations.id,
  reference: registrations.reference,
  firstName: registrations.firstName,
  lastName: registrations.lastName,
  raceId: registrations.raceOptionId,
  bib: registrations.bib,
  tshirtSize: registrations.tshirtSize,
  ...paymentAgainstFee,
  checkInCode: registrations.checkInCode,
  checkedInAt: registrations.checkedInAt,
  checkedInBy: registrations.checkedInBy,
  tshirtCollectedAt: registrations.tshirtCollectedAt,
  tshirtCollectedBy: registrations.tshirtCollectedBy,
  age: registrations.age,
};
export type RosterEntryRow = Awaited<ReturnType<typeof rosterEntries>>[number];

/** On a phone's list: active, and not emptied by retention or an erasure. */
const onRoster = (eventId: string) => and(activeInEvent(eventId), isNull(registrations.anonymisedAt));

/** The database's clock: a phone's roster is dated by it, never by the app server's. */
export async function databaseNow(db: Database) {
  // Milliseconds: pg and PGlite read a timestamptz each their own way, a number alike.
  const result = (await db.execute(
    sql`select (extract(epoch from now()) * 1000)::float8 as ms`,
  )) as unknown as {
    rows: { ms: number | string }[];
  };
  return new Date(Math.floor(Number(result.rows[0]?.ms)));
}

/** The event's entries on a phone's list; with `since`, only those changed from then on. */
export function rosterEntries(db: Database, eventId: string, since?: Date) {
  return db
    .select(rosterColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(and(onRoster(eventId), since ? gte(registrations.changedAt, since) : undefined))
    .orderBy(asc(registrations.lastName), asc(registrations.firstName), asc(registrations.reference));
}

/** Entries changed since that are no longer on the event's list: cancelled, erased, or moved to another event. */
export async function entriesLeftSince(db: Database, eventId: string, since: Date) {
  const rows = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        gte(registrations.changedAt, since),
        or(
          ne(registrations.eventId, eventId),
          ne(registrations.status, 'active'),
          isNotNull(registrations.anonymisedAt),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

export async function rosterRaces(db: Database, eventId: string) {
  return db
    .select({
      id: raceOptions.id,
      discipline: raceOptions.discipline,
      label: raceOptions.label,
      feeUsd: raceOptions.feeUsd,
      feeZwg: raceOptions.feeZwg,
    })
    .from(raceOptions)
    .where(eq(raceOptions.eventId, eventId))
    .orderBy(asc(raceOptions.discipline), asc(raceOptions.sortOrder), asc(raceOptions.label));
}

/** The event's races with a bib range, locked: preparing phones and the admin's bib assignment wait in turn. */
export async function lockRacesWithBibs(tx: Transaction, eventId: string) {
  return tx
    .select({ id: raceOptions.id, bibFrom: raceOptions.bibFrom, bibTo: raceOptions.bibTo })
    .from(raceOptions)
    .where(
      and(eq(raceOptions.eventId, eventId), isNotNull(raceOptions.bibFrom), isNotNull(raceOptions.bibTo)),
    )
    .orderBy(asc(raceOptions.id))
    .for('update');
}

/** The unreleased bib blocks of the event: this device's, or with `deviceId` undefined everyone's. */
export async function bibBlocksOf(db: Database | Transaction, eventId: string, deviceId?: string) {
  return db
    .select({
      raceId: bibBlocks.raceOptionId,
      deviceId: bibBlocks.deviceId,
      from: bibBlocks.bibFrom,
      to: bibBlocks.bibTo,
    })
    .from(bibBlocks)
    .where(
      and(
        eq(bibBlocks.eventId, eventId),
        isNull(bibBlocks.releasedAt),
        deviceId === undefined ? undefined : eq(bibBlocks.deviceId, deviceId),
      ),
    )
    .orderBy(asc(bibBlocks.raceOptionId));
}

/** The bibs between `from` and `to` an entry of the event holds (cancelled ones too: never given again). */
export async function bibsGivenBetween(tx: Transaction, eventId: string, from: number, to: number) {
  const rows = await tx
    .select({ bib: registrations.bib })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), gte(registrations.bib, from), lte(registrations.bib, to)));
  return new Set(rows.map((row) => row.bib as number));
}

export async function insertBibBlock(tx: Transaction, block: typeof bibBlocks.$inferInsert) {
  await tx.insert(bibBlocks).values(block);
}

/** After the event: the device's blocks return to their races (the numbers it gave are entries' bibs by now). */
export async function releaseBibBlocks(db: Database, eventId: string, deviceId: string) {
  await db
    .update(bibBlocks)
    .set({ releasedAt: sql`now()` })
    .where(
      and(eq(bibBlocks.eventId, eventId), eq(bibBlocks.deviceId, deviceId), isNull(bibBlocks.releasedAt)),
    );
}

// ---- Walk-ups (issue 37) -----------------------------------------------------------------------------------

/** Locks the race's row (walk-ups' bibs are then chosen one at a time) and answers its bib range. */
export async function lockRaceRange(tx: Transaction, raceOptionId: string) {
  const [row] = await tx
    .select({ bibFrom: raceOptions.bibFrom, bibTo: raceOptions.bibTo })
    .from(raceOptions)
    .where(eq(raceOptions.id, raceOptionId))
    .for('update');
  return row;
}

export async function setWalkUpEntry(
  tx: Transaction,
  id: string,
  { bib, checkedIn }: { bib: number | null; checkedIn: { at: Date; by: string } },
) {
  await tx
    .update(registrations)
    .set({ bib, checkedInAt: checkedIn.at, checkedInBy: checkedIn.by })
    .where(eq(registrations.id, id));
}

export async function insertWalkUp(tx: Transaction, values: typeof walkUps.$inferInsert) {
  await tx.insert(walkUps).values(values);
}

/** The walk-up an entry was registered as, with the entry's key. */
export async function findWalkUp(db: Database | Transaction, registrationId: string) {
  const [row] = await db
    .select({
      registrationId: walkUps.registrationId,
      eventId: walkUps.eventId,
      takenAt: walkUps.takenAt,
      overCapacity: walkUps.overCapacity,
    })
    .from(walkUps)
    .where(eq(walkUps.registrationId, registrationId));
  return row;
}

export async function findWalkUpByKey(db: Database, idempotencyKey: string) {
  const [row] = await db
    .select({
      registrationId: walkUps.registrationId,
      overCapacity: walkUps.overCapacity,
      requestDigest: registrations.requestDigest,
    })
    .from(walkUps)
    .innerJoin(registrations, eq(registrations.id, walkUps.registrationId))
    .where(eq(registrations.idempotencyKey, idempotencyKey));
  return row;
}

export async function findClashByKey(db: Database, idempotencyKey: string) {
  const [row] = await db
    .select({
      id: walkUpClashes.id,
      requestDigest: walkUpClashes.requestDigest,
      clashingReference: walkUpClashes.clashingReference,
    })
    .from(walkUpClashes)
    .where(eq(walkUpClashes.idempotencyKey, idempotencyKey));
  return row;
}

/**
 * Keeps a clash once per key, tied to the entry it clashed with (by reference in the event: anonymising that
 * entry deletes the clash, the same person's form); false when the key was kept already.
 */
export async function insertClash(db: Database, values: typeof walkUpClashes.$inferInsert) {
  const rows = await db
    .insert(walkUpClashes)
    .values({
      ...values,
      clashingRegistrationId: sql`(select ${registrations.id} from ${registrations}
        where ${registrations.eventId} = ${values.eventId} and ${registrations.reference} = ${values.clashingReference})`,
    })
    .onConflictDoNothing({ target: walkUpClashes.idempotencyKey })
    .returning({ id: walkUpClashes.id });
  return rows.length > 0;
}

/** The clashes of the event an admin has not marked done, the newest first: names, race and who took it. */
export async function openClashes(db: Database, eventId: string) {
  return db
    .select({
      id: walkUpClashes.id,
      firstName: walkUpClashes.firstName,
      lastName: walkUpClashes.lastName,
      discipline: raceOptions.discipline,
      race: raceOptions.label,
      clashWith: walkUpClashes.clashingReference,
      clashWithId: walkUpClashes.clashingRegistrationId,
      takenBy: walkUpClashes.takenByName,
      takenAt: walkUpClashes.takenAt,
    })
    .from(walkUpClashes)
    .leftJoin(raceOptions, eq(raceOptions.id, walkUpClashes.raceOptionId))
    .where(and(eq(walkUpClashes.eventId, eventId), isNull(walkUpClashes.doneAt)))
    .orderBy(desc(walkUpClashes.takenAt));
}

/** An open clash marked done: the form's data is dropped. Answers its reference, or nothing when not open. */
export async function markClashDone(db: Database, eventId: string, id: string, by: string) {
  const [row] = await db
    .update(walkUpClashes)
    .set({ doneAt: sql`now()`, doneBy: by, submitted: null })
    .where(and(eq(walkUpClashes.id, id), eq(walkUpClashes.eventId, eventId), isNull(walkUpClashes.doneAt)))
    .returning({ clashWith: walkUpClashes.clashingReference });
  return row;
}

/** Walk-ups registered although their race was full, for the admin. */
export async function overCapacityWalkUps(db: Database, eventId: string) {
  return db
    .select({
      id: registrations.id,
      reference: registrations.reference,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      discipline: raceOptions.discipline,
      race: raceOptions.label,
      takenBy: walkUps.takenByName,
      takenAt: walkUps.takenAt,
    })
    .from(walkUps)
    .innerJoin(registrations, eq(registrations.id, walkUps.registrationId))
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(and(eq(walkUps.eventId, eventId), eq(walkUps.overCapacity, true), activeInEvent(eventId)))
    .orderBy(desc(walkUps.takenAt));
}
