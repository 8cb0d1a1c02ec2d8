import { createHash } from 'node:crypto';
import type { CurrentUser } from '../../../shared/accounts/account.ts';
import { CODE_DIGEST_LENGTH } from '../../../shared/check-in/check-in.ts';
import {
  type BibBlock,
  ROSTER_TOO_EARLY,
  type Roster,
  type RosterChanges,
  type RosterRace,
  type RosterRow,
} from '../../../shared/check-in/roster.ts';
import { harareToday } from '../../../shared/dates.ts';
import { zwgFeeOf } from '../../../shared/events/zwg-rate.ts';
import { amountDue, owes } from '../../../shared/payments/balance.ts';
import { isMinor } from '../../../shared/registrations/guardian.ts';
import type { AppContext } from '../../context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { conflict } from '../../http/problem.ts';
import { recordAudit } from '../audit-log/service.ts';
import { type EventRow, getCurrentEvent } from '../events/service.ts';
import {
  bibBlocksOf,
  bibsGivenBetween,
  databaseNow,
  entriesLeftSince,
  insertBibBlock,
  lockRacesWithBibs,
  type RosterEntryRow,
  releaseBibBlocks,
  rosterEntries,
  rosterRaces,
} from './repository.ts';

/**
 * How far back a changes read looks before the time it is asked from: a change written just before a roster
 * was read but committed after it is sent (again) rather than missed.
 */
export const CHANGES_OVERLAP_MS = 5_000;

export const codeDigest = (code: string) =>
  createHash('sha256').update(code).digest('hex').slice(0, CODE_DIGEST_LENGTH);

/** The calendar day before a YYYY-MM-DD date. */
function dayBefore(date: string) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

const isDayOver = (event: Pick<EventRow, 'eventDate'>) =>
  event.eventDate !== null && harareToday() > event.eventDate;

function asRow(row: RosterEntryRow, raceIndex: Map<string, number>): RosterRow {
  const owing = {
    paymentStatus: row.paymentStatus,
    payment: { amount: row.paymentAmount, currency: row.paymentCurrency },
    fees: { USD: row.feeUsd, ZWG: row.feeZwg },
  };
  const due = owes(row.paymentStatus);
  return [
    row.id,
    row.reference,
    row.firstName,
    row.lastName,
    raceIndex.get(row.raceId) ?? -1,
    row.bib,
    row.tshirtSize,
    row.paymentStatus,
    due ? amountDue(owing, 'USD') : null,
    due ? amountDue(owing, 'ZWG') : null,
    codeDigest(row.checkInCode),
    row.checkedInAt && row.checkedInBy ? [row.checkedInAt.toISOString(), row.checkedInBy] : null,
    row.tshirtCollectedAt && row.tshirtCollectedBy
      ? [row.tshirtCollectedAt.toISOString(), row.tshirtCollectedBy]
      : null,
    isMinor(row.age),
  ];
}

async function racesAndRows(db: Database, event: EventRow, since?: Date) {
  const [races, rows] = await Promise.all([rosterRaces(db, event.id), rosterEntries(db, event.id, since)]);
  const raceIndex = new Map(races.map((race, index) => [race.id, index]));
  const shown: RosterRace[] = races.map((race) => ({
    id: race.id,
    discipline: race.discipline,
    label: race.label,
    feeUsd: race.feeUsd,
    feeZwg: zwgFeeOf(race, event),
  }));
  return { races: shown, entries: rows.map((row) => asRow(row, raceIndex)) };
}

/**
 * The highest run of `size` numbers of the range that no entry holds and no other phone keeps; when no run is
 * that long, the longest one found (highest first). Undefined when every number is taken.
 */
function highestFreeRun(from: number, to: number, size: number, used: (bib: number) => boolean) {
  let best: { from: number; to: number } | undefined;
  let runTop: number | undefined;
  for (let bib = to; bib >= from - 1; bib--) {
    if (bib >= from && !used(bib)) {
      runTop ??= bib;
      if (runTop - bib + 1 === size) return { from: bib, to: runTop };
      continue;
    }
    if (runTop !== undefined) {
      const run = { from: bib + 1, to: runTop };
      if (!best || run.to - run.from > best.to - best.from) best = run;
      runTop = undefined;
    }
  }
  return best;
}

/**
 * This phone's block of bib numbers in each race with a range: the one it was given before, or a new one from
 * the top of the range, below the blocks other phones keep and past the numbers entries hold.
 */
async function reserveBibBlocks(
  tx: Transaction,
  event: EventRow,
  deviceId: string,
  actor: CurrentUser,
): Promise<BibBlock[]> {
  const races = await lockRacesWithBibs(tx, event.id);
  const blocks = await bibBlocksOf(tx, event.id);
  const mine = new Map(
    blocks.filter((block) => block.deviceId === deviceId).map((block) => [block.raceId, block]),
  );
  for (const race of races) {
    if (mine.has(race.id) || race.bibFrom === null || race.bibTo === null || event.walkUpBibBlock < 1)
      continue;
    const given = await bibsGivenBetween(tx, event.id, race.bibFrom, race.bibTo);
    const kept = blocks.filter((block) => block.deviceId !== deviceId);
    const run = highestFreeRun(
      race.bibFrom,
      race.bibTo,
      event.walkUpBibBlock,
      (bib) => given.has(bib) || kept.some((block) => bib >= block.from && bib <= block.to),
    );
    if (!run) continue;
    await insertBibBlock(tx, {
      eventId: event.id,
      raceOptionId: race.id,
      deviceId,
      bibFrom: run.from,
      bibTo: run.to,
      preparedBy: actor.id,
    });
    mine.set(race.id, { raceId: race.id, deviceId, ...run });
  }
  return [...mine.values()].map(({ raceId, from, to }) => ({ raceId, from, to }));
}

/**
 * Prepares a volunteer's phone for race morning: the current edition's roster, and the phone's bib blocks.
 * From the day before the event (Harare) to the end of its day; recorded in the audit trail.
 */
export async function prepareRoster(
  { database: { db } }: AppContext,
  deviceId: string,
  actor: CurrentUser,
): Promise<Roster> {
  const event = await getCurrentEvent(db);
  if (event.eventDate === null) {
    throw conflict(
      'The event has no date yet, so a phone cannot be prepared for race morning: an organiser sets it in Event settings.',
      ROSTER_TOO_EARLY,
    );
  }
  if (harareToday() < dayBefore(event.eventDate)) {
    throw conflict(
      'Phones can be prepared for race morning from the day before the event: come back then.',
      ROSTER_TOO_EARLY,
    );
  }
  if (isDayOver(event)) throw conflict('The event’s day is over: there is no race morning to prepare for.');
  const bibBlocks = await db.transaction((tx) => reserveBibBlocks(tx, event, deviceId, actor));
  const asOf = await databaseNow(db);
  const { races, entries } = await racesAndRows(db, event);
  await recordAudit(db, actor, {
    action: 'check-in.roster',
    subject: `device ${deviceId}`,
    rowCount: entries.length,
  });
  return {
    eventId: event.id,
    eventDate: event.eventDate,
    asOf: asOf.toISOString(),
    races,
    entries,
    bibBlocks,
  };
}

/**
 * What changed on the phone's roster since its time: entries new or changed, and those that left it. After
 * the event's day, or once another edition is current, the phone is told to wipe it; after the day, the
 * numbers of its bib blocks it did not use return to their races.
 */
export async function rosterChanges(
  { database: { db } }: AppContext,
  query: { since: string; eventId: string; deviceId: string },
): Promise<RosterChanges> {
  const event = await getCurrentEvent(db);
  const asOf = (await databaseNow(db)).toISOString();
  const over = isDayOver(event);
  if (over) await releaseBibBlocks(db, event.id, query.deviceId);
  if (event.id !== query.eventId || over) {
    return { asOf, entries: [], removed: [], races: [], wipe: true };
  }
  const since = new Date(Date.parse(query.since) - CHANGES_OVERLAP_MS);
  const [{ races, entries }, removed] = await Promise.all([
    racesAndRows(db, event, since),
    entriesLeftSince(db, event.id, since),
  ]);
  return { asOf, entries, removed, races, wipe: false };
}
