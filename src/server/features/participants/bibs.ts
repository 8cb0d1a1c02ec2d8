import type { CurrentUser } from '../../../shared/accounts/account.ts';
import {
  type AssignBibs,
  type AssignBibsResult,
  type BibInput,
  formatBibRange,
  type RaceBibs,
} from '../../../shared/participants/bibs.ts';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../http/problem.ts';
import { untilDoneInShortTransactions } from '../../short-transactions.ts';
import { recordAudit } from '../audit-log/service.ts';
import { getCurrentEvent } from '../events/service.ts';
import {
  addHistoryNotes,
  bibsReservedBetween,
  bibsTakenBetween,
  countWithoutBib,
  entriesWithoutBib,
  giveBibs,
  lockRaceBibs,
  raceBibCounts,
  updateEntry,
} from './repository.ts';
import { changeEntry, participantDetail } from './service.ts';

/**
 * Each race of the current event with its bib range and what assigning its bibs would do: the numbers free are
 * those no entry holds and no prepared phone keeps for walk-ups.
 */
export async function raceBibs({ database }: AppContext): Promise<RaceBibs[]> {
  const { db } = database;
  const event = await getCurrentEvent(db);
  return Promise.all(
    (await raceBibCounts(db, event.id)).map(async ({ takenInRange, ...race }) => {
      let free = 0;
      if (race.bibFrom !== null && race.bibTo !== null) {
        const reserved = await bibsReservedBetween(db, event.id, race.bibFrom, race.bibTo);
        // A number a walk-up was given from a phone's block is taken already: counted once.
        const taken =
          reserved.size > 0 ? await bibsTakenBetween(db, event.id, race.bibFrom, race.bibTo) : null;
        const keptFree = [...reserved].filter((bib) => !taken?.has(bib)).length;
        free = race.bibTo - race.bibFrom + 1 - Number(takenInRange) - keptFree;
      }
      return { ...race, active: Number(race.active), withoutBib: Number(race.withoutBib), free };
    }),
  );
}

export const raceName = (race: { discipline: 'run' | 'cycle'; label: string }) =>
  `${race.discipline === 'run' ? 'Runners' : 'Cyclists'} ${race.label}`;

/** The unique index is the last guard: a number given elsewhere at the same moment ends in a clear 409. */
function bibTaken(error: unknown, detail: string): never {
  if (uniqueViolation(error) === 'registrations_event_bib') throw conflict(detail);
  throw error;
}

/** The lowest `count` numbers of the race's range that no entry holds and no prepared phone keeps. */
async function freeBibs(
  tx: Transaction,
  eventId: string,
  race: { bibFrom: number; bibTo: number },
  count: number,
) {
  const taken = await bibsTakenBetween(tx, eventId, race.bibFrom, race.bibTo);
  for (const bib of await bibsReservedBetween(tx, eventId, race.bibFrom, race.bibTo)) taken.add(bib);
  const free: number[] = [];
  for (let bib = race.bibFrom; bib <= race.bibTo && free.length < count; bib++) {
    if (!taken.has(bib)) free.push(bib);
  }
  return free;
}

/** The race locked, with its range: refused when it has none. */
async function lockedRaceWithRange(tx: Transaction, eventId: string, raceId: string) {
  const race = await lockRaceBibs(tx, eventId, raceId);
  if (!race) throw notFound('There is no such race.');
  const { bibFrom, bibTo } = race;
  if (bibFrom === null || bibTo === null) {
    throw conflict(
      `The ${raceName(race)} race has no bib numbers yet: set them in Event settings → Races first.`,
    );
  }
  return { ...race, bibFrom, bibTo };
}

/**
 * Gives a bib to each of the race's entries that are not cancelled and have none, the lowest free numbers of
 * its range in the order asked for: all of them or, when the range is too small, none. Entries that have a bib
 * keep it; numbers held by cancelled entries are never given again, nor those a prepared phone keeps for
 * walk-ups (its bib blocks). Whether the range is enough is checked first; then the bibs are given a few
 * entries per short transaction (a large race's thousands held the embedded database for a second), each
 * taking the next entries in order and the lowest numbers still free, so the numbers are those one
 * transaction would give. A run cut short is finished by assigning again.
 */
export async function assignBibs(
  { database }: AppContext,
  raceId: string,
  { order }: AssignBibs,
  actor: CurrentUser,
): Promise<AssignBibsResult> {
  const { db } = database;
  const event = await getCurrentEvent(db);
  const done: AssignBibsResult = { assigned: 0, first: null, last: null };
  const tooFew = (
    race: Parameters<typeof raceName>[0] & { bibFrom: number; bibTo: number },
    needed: number,
    free: number,
  ) =>
    conflict(
      `The ${raceName(race)} race's bibs ${formatBibRange(race)} are too few: ${needed} entries need one, ${free} numbers are free, so ${needed - free} are missing. Widen the range in Event settings → Races; ${done.assigned === 0 ? 'no bibs were given' : `${done.assigned} bibs were given before another admin took numbers`}.`,
    );
  await db
    .transaction(async (tx) => {
      const race = await lockedRaceWithRange(tx, event.id, raceId);
      const needed = await countWithoutBib(tx, race.id);
      const free = await freeBibs(tx, event.id, race, needed);
      if (free.length < needed) throw tooFew(race, needed, free.length);
    })
    .then(() =>
      untilDoneInShortTransactions((size) =>
        db.transaction(async (tx) => {
          const race = await lockedRaceWithRange(tx, event.id, raceId);
          const ids = await entriesWithoutBib(tx, race.id, order, size);
          if (ids.length === 0) return 0;
          const free = await freeBibs(tx, event.id, race, ids.length);
          if (free.length < ids.length) {
            const needed = await countWithoutBib(tx, race.id);
            throw tooFew(race, needed, (await freeBibs(tx, event.id, race, needed)).length);
          }
          const given = ids.map((id, index) => ({ id, bib: free[index] as number }));
          await giveBibs(tx, given);
          await recordAudit(tx, actor, {
            action: 'registration.bibs-assign',
            subject: `race ${race.id}`,
            rowCount: given.length,
            details: { order, first: free[0], last: free[free.length - 1] },
          });
          await addHistoryNotes(
            tx,
            given.map(({ id, bib }) => ({
              registrationId: id,
              action: 'edited' as const,
              summary: `Bib ${bib} given`,
            })),
            actor,
          );
          done.assigned += given.length;
          done.first ??= free[0] ?? null;
          done.last = free[free.length - 1] ?? done.last;
          return given.length;
        }),
      ),
    )
    .catch((error: unknown) =>
      bibTaken(
        error,
        done.assigned === 0
          ? 'Another admin gave bibs at the same moment, so none were given here. Try again.'
          : `Another admin gave bibs at the same moment: ${done.assigned} were given here, the rest were not. Try again to give the rest.`,
      ),
    );
  return done;
}

/** Sets one entry's bib by hand (one of its race's numbers, free in the event), or clears it. */
export async function setBib(context: AppContext, id: string, { bib }: BibInput, actor: CurrentUser) {
  await changeEntry(context, id, { admin: actor }, async (tx, row, event) => {
    if (row.bib === bib) return undefined;
    if (row.status === 'cancelled') {
      throw conflict(
        'This entry was cancelled: it keeps its bib, so the number is never given to anyone else.',
      );
    }
    const race = await lockRaceBibs(tx, event.id, row.raceOptionId);
    if (bib !== null) {
      if (!race || race.bibFrom === null || race.bibTo === null || bib < race.bibFrom || bib > race.bibTo) {
        throw conflict(
          `Bib ${bib} is not one of the ${row.raceType} race's numbers (${race ? formatBibRange(race) : 'none'}).`,
        );
      }
      if ((await bibsTakenBetween(tx, event.id, bib, bib)).size > 0) {
        throw conflict(`Bib ${bib} is already taken in this event.`);
      }
    }
    await updateEntry(tx, id, { bib });
    return {
      action: 'edited',
      summary:
        bib === null
          ? `Bib ${row.bib} cleared`
          : row.bib === null
            ? `Bib ${bib} given`
            : `Bib changed from ${row.bib} to ${bib}`,
    };
  }).catch((error: unknown) => bibTaken(error, `Bib ${bib} is already taken in this event.`));
  return participantDetail(context, id);
}
