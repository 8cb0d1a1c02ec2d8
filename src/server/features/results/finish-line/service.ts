import { randomUUID } from 'node:crypto';
import type {
  FinishBibsBatch,
  FinishLineMerge,
  FinishLineRow,
  FinishTapsBatch,
  InsertBib,
} from '../../../../shared/results/finish-line.ts';
import {
  formatFinishTime,
  LONGEST_FINISH_MS,
  parseFinishTime,
} from '../../../../shared/results/finish-time.ts';
import { RESULT_STATUS_LABELS, type ResultStatus } from '../../../../shared/results/results.ts';
import type { AppContext } from '../../../context.ts';
import { badRequest, notFound, Problem } from '../../../http/problem.ts';
import { type AuditActor, recordAudit } from '../../audit-log/service.ts';
import { getCurrentEvent } from '../../events/service.ts';
import { noteInHistory } from '../../participants/service.ts';
import { entriesWithBibs, putResults, type ResultValues } from '../repository.ts';
import {
  addBibs,
  addTaps,
  bibsOfRace,
  entriesByBib,
  racesOfEvent,
  removeBib,
  removeTap,
  tapsOfRace,
  undoBibs,
  undoTaps,
} from './repository.ts';

type Actor = NonNullable<AuditActor>;

/** A result as the entry's history tells it: "52:14", or "DNF". */
const described = (result: { status: string | null; timeMs: number | null }) =>
  result.status === 'finished' && result.timeMs !== null
    ? formatFinishTime(result.timeMs)
    : RESULT_STATUS_LABELS[result.status as ResultStatus];

/** The races a phone at the finish line can record. */
export async function finishRaces({ database }: AppContext) {
  const event = await getCurrentEvent(database.db);
  return { races: await racesOfEvent(database.db, event.id) };
}

async function raceIdsOf({ database }: AppContext) {
  const event = await getCurrentEvent(database.db);
  const races = await racesOfEvent(database.db, event.id);
  return { event, races, ids: new Set(races.map((race) => race.id)) };
}

function checkRaces(ids: Set<string>, items: object[]) {
  if (items.some((item) => 'raceId' in item && !ids.has(item.raceId as string)))
    throw badRequest('That race is not one of this edition’s.');
}

/** A timing phone's queue: new taps recorded, undone ones marked; what came before is skipped. */
export async function receiveTaps(context: AppContext, batch: FinishTapsBatch) {
  const { event, ids } = await raceIdsOf(context);
  checkRaces(ids, batch.items);
  await context.database.db.transaction(async (tx) => {
    await addTaps(
      tx,
      event.id,
      batch.phoneId,
      batch.items.flatMap((item) =>
        'raceId' in item
          ? [{ raceOptionId: item.raceId, seq: item.seq, kind: item.kind, tappedAt: new Date(item.at) }]
          : [],
      ),
    );
    await undoTaps(
      tx,
      event.id,
      batch.phoneId,
      batch.items.flatMap((item) => ('undoes' in item ? [item.undoes] : [])),
    );
  });
  return { received: batch.items.length };
}

/** A bib phone's queue, likewise. */
export async function receiveBibs(context: AppContext, batch: FinishBibsBatch) {
  const { event, ids } = await raceIdsOf(context);
  checkRaces(ids, batch.items);
  await context.database.db.transaction(async (tx) => {
    await addBibs(
      tx,
      event.id,
      batch.phoneId,
      batch.items.flatMap((item) =>
        'raceId' in item
          ? [{ raceOptionId: item.raceId, seq: item.seq, bib: item.bib, enteredAt: new Date(item.at) }]
          : [],
      ),
    );
    await undoBibs(
      tx,
      event.id,
      batch.phoneId,
      batch.items.flatMap((item) => ('undoes' in item ? [item.undoes] : [])),
    );
  });
  return { received: batch.items.length };
}

async function raceOf(context: AppContext, raceId: string) {
  const { event, races } = await raceIdsOf(context);
  const race = races.find((one) => one.id === raceId);
  if (!race) throw notFound('There is no such race in this edition.');
  return { event, race };
}

const sinceStart = (start: Date | null, at: Date) => {
  if (!start) return null;
  const ms = at.getTime() - start.getTime();
  return ms > 0 && ms < LONGEST_FINISH_MS ? ms : null;
};

/**
 * The merge of a race: its finish taps in time order beside its bibs in typed order, paired by position,
 * with what stops it becoming results (a gap, no start, a bib unknown, of another race or typed twice).
 */
async function merged(context: AppContext, raceId: string) {
  const { event, race } = await raceOf(context, raceId);
  const db = context.database.db;
  const [taps, bibs, entries, races] = await Promise.all([
    tapsOfRace(db, raceId),
    bibsOfRace(db, raceId),
    entriesByBib(db, event.id),
    racesOfEvent(db, event.id),
  ]);
  const starts = taps.filter((tap) => tap.kind === 'start');
  const start = starts.at(-1)?.tappedAt ?? null;
  const finishes = taps.filter((tap) => tap.kind === 'finish');
  const seen = new Map<number, number>();
  const rows: (FinishLineRow & { registrationId: string | null; timeMs: number | null })[] = [];
  for (let index = 0; index < Math.max(finishes.length, bibs.length); index++) {
    const tap = finishes[index];
    const typed = bibs[index];
    const entry = typed ? entries.get(typed.bib) : undefined;
    const timeMs = tap ? sinceStart(start, tap.tappedAt) : null;
    let problem: string | null = null;
    if (typed) {
      const earlier = seen.get(typed.bib);
      if (!entry) problem = `No entry has bib ${typed.bib}`;
      else if (entry.raceOptionId !== raceId)
        problem = `Bib ${typed.bib} is in the ${races.find((one) => one.id === entry.raceOptionId)?.label ?? 'other race'}`;
      else if (earlier !== undefined) problem = `Typed twice: also line ${earlier}`;
      else seen.set(typed.bib, index + 1);
    }
    rows.push({
      position: index + 1,
      tap: tap
        ? {
            id: tap.id,
            at: tap.tappedAt.toISOString(),
            time: timeMs === null ? null : formatFinishTime(timeMs),
          }
        : null,
      bib: typed
        ? {
            id: typed.id,
            bib: typed.bib,
            at: typed.enteredAt.toISOString(),
            name: entry && entry.raceOptionId === raceId ? `${entry.firstName} ${entry.lastName}` : null,
            problem,
          }
        : null,
      registrationId: problem === null && entry ? entry.id : null,
      timeMs,
    });
  }
  const problems: string[] = [];
  if (!start)
    problems.push('No start was tapped for this race: the timing phone taps “Start” as the race starts.');
  if (finishes.length !== bibs.length)
    problems.push(
      `${finishes.length} ${finishes.length === 1 ? 'tap' : 'taps'} and ${bibs.length} ${bibs.length === 1 ? 'bib' : 'bibs'}: insert the missing ones or delete the extra ones.`,
    );
  for (const row of rows) if (row.bib?.problem) problems.push(`Line ${row.position}: ${row.bib.problem}.`);
  if (start)
    for (const row of rows)
      if (row.tap && row.timeMs === null) problems.push(`Line ${row.position}: the tap is before the start.`);
  if (rows.length === 0) problems.push('Nothing was recorded for this race yet.');
  return { event, race, start, bibs, rows, problems };
}

export async function finishLineMerge(context: AppContext, raceId: string): Promise<FinishLineMerge> {
  const { race, start, rows, problems } = await merged(context, raceId);
  return {
    race,
    startedAt: start?.toISOString() ?? null,
    rows: rows.map(({ registrationId: _, timeMs: __, ...row }) => row),
    problems,
  };
}

/** A missed tap put in by its finish time (read off a watch or a video): it takes its place by time. */
export async function insertTap(context: AppContext, raceId: string, time: string) {
  const { event, start } = await merged(context, raceId);
  if (!start) throw badRequest('Without the start, a time cannot be placed: the start must be tapped first.');
  const ms = parseFinishTime(time);
  if (ms === undefined)
    throw badRequest('Please check the form.', [
      { path: 'time', message: 'Enter the time as h:mm:ss, mm:ss or seconds' },
    ]);
  await context.database.db.transaction((tx) =>
    addTaps(tx, event.id, `desk-${randomUUID()}`, [
      { raceOptionId: raceId, seq: 1, kind: 'finish', tappedAt: new Date(start.getTime() + ms) },
    ]),
  );
  return finishLineMerge(context, raceId);
}

/** A missed bib put in after another (or first), between its neighbours in the typed order. */
export async function insertBib(context: AppContext, raceId: string, { bib, after }: InsertBib) {
  const { event, bibs } = await merged(context, raceId);
  const index = after === null ? -1 : bibs.findIndex((row) => row.id === after);
  if (after !== null && index < 0) throw notFound('That bib is no longer in the list: reload it.');
  const before = bibs[index]?.enteredAt.getTime();
  const next = bibs[index + 1]?.enteredAt.getTime();
  const at =
    before !== undefined && next !== undefined
      ? (before + next) / 2
      : before !== undefined
        ? before + 1000
        : next !== undefined
          ? next - 1000
          : Date.now();
  await context.database.db.transaction((tx) =>
    addBibs(tx, event.id, `desk-${randomUUID()}`, [
      { raceOptionId: raceId, seq: 1, bib, enteredAt: new Date(Math.round(at)) },
    ]),
  );
  return finishLineMerge(context, raceId);
}

export async function deleteTap(context: AppContext, raceId: string, id: string) {
  await raceOf(context, raceId);
  if (!(await removeTap(context.database.db, raceId, id)))
    throw notFound('That tap is no longer in the list.');
  return finishLineMerge(context, raceId);
}

export async function deleteBib(context: AppContext, raceId: string, id: string) {
  await raceOf(context, raceId);
  if (!(await removeBib(context.database.db, raceId, id)))
    throw notFound('That bib is no longer in the list.');
  return finishLineMerge(context, raceId);
}

/** The merge, once it has no gap, written as the race's results (preliminary until the admin publishes). */
export async function saveFinishLine(context: AppContext, raceId: string, actor: Actor) {
  const { event, race, rows, problems } = await merged(context, raceId);
  if (problems.length > 0)
    throw new Problem(
      422,
      'Unprocessable Content',
      'Fix the list first: nothing was saved.',
      problems.map((message) => ({ path: 'finish line', message })),
    );
  await context.database.db.transaction(async (tx) => {
    const earlier = new Map(
      [...(await entriesWithBibs(tx, event.id)).values()].map((entry) => [entry.id, entry.result]),
    );
    const written: ResultValues[] = rows.map((row) => ({
      registrationId: row.registrationId as string,
      status: 'finished',
      timeMs: row.timeMs,
      timerPlace: row.position,
    }));
    const changed = written.filter((row) => {
      const before = earlier.get(row.registrationId);
      return (
        !before?.status ||
        before.status !== row.status ||
        before.timeMs !== row.timeMs ||
        before.timerPlace !== row.timerPlace
      );
    });
    await putResults(tx, event.id, changed, 'finish-line');
    // As a re-import is: a result that replaces an earlier one is kept in the entry's history.
    await noteInHistory(
      tx,
      changed.flatMap((row) => {
        const before = earlier.get(row.registrationId);
        return before?.status
          ? [
              {
                registrationId: row.registrationId,
                action: 'result' as const,
                summary: `Result ${described(before)} → ${described(row)} (finish line)`,
              },
            ]
          : [];
      }),
      actor,
    );
    await recordAudit(tx, actor, {
      action: 'results.finish-line',
      subject: `${race.label} results of ${event.title} ${event.year}`,
      details: { rows: rows.length, written: changed.length },
    });
  });
  return { saved: rows.length };
}
