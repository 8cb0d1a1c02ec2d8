import { formatFinishTime, parseFinishTime } from '../../../shared/results/finish-time.ts';
import {
  type AdminResults,
  RESULT_STATUS_LABELS,
  type ResultCorrection,
  type ResultsMapping,
  type ResultsPreview,
} from '../../../shared/results/results.ts';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { badRequest, notFound, Problem } from '../../http/problem.ts';
import { type AuditActor, recordAudit } from '../audit-log/service.ts';
import { getCurrentEvent } from '../events/service.ts';
import { noteInHistory } from '../participants/service.ts';
import {
  entriesWithBibs,
  findResult,
  putResults,
  type ResultValues,
  racesOf,
  resultsOfEvent,
  setResultsPublished,
} from './repository.ts';
import { checkResultsFile, guessMapping, readResultsFile } from './results-file.ts';
import { tellFinishers } from './tell-finishers.ts';

type Actor = NonNullable<AuditActor>;

/** A file's headings, first rows and the columns guessed: the mapping screen's start. */
export async function previewResults(body: Buffer): Promise<ResultsPreview> {
  const file = await readResultsFile(body);
  return {
    columns: file.columns,
    sample: file.rows.slice(0, 5).map((row) => row.cells),
    rows: file.rows.length,
    mapping: guessMapping(file.columns),
  };
}

/** The file read with the chosen columns and checked against the current edition's bibs; nothing is saved. */
export async function checkResults({ database }: AppContext, body: Buffer, mapping: ResultsMapping) {
  const event = await getCurrentEvent(database.db);
  const file = await readResultsFile(body);
  const { ready, errors } = checkResultsFile(file, mapping, await entriesWithBibs(database.db, event.id));
  return { ready: ready.length, errors };
}

/** A result as its history tells it: "52:14", or "DNF". */
const described = (result: { status: string | null; timeMs: number | null } | null | undefined) =>
  !result?.status
    ? 'none'
    : result.status === 'finished' && result.timeMs !== null
      ? formatFinishTime(result.timeMs)
      : RESULT_STATUS_LABELS[result.status as keyof typeof RESULT_STATUS_LABELS];

const sameResult = (
  a: { status: string | null; timeMs: number | null; timerPlace: number | null },
  b: ResultValues,
) => a.status === b.status && a.timeMs === b.timeMs && a.timerPlace === b.timerPlace;

/**
 * Imports the timer's file: every row or none (any row to fix refuses the whole file, 422, with the rows).
 * A result that changes an entry's earlier one is noted in its history, as a correction is.
 */
export async function importResults(
  { database }: AppContext,
  body: Buffer,
  mapping: ResultsMapping,
  actor: Actor,
) {
  const event = await getCurrentEvent(database.db);
  const file = await readResultsFile(body);
  return database.db.transaction(async (tx) => {
    const entries = await entriesWithBibs(tx, event.id);
    const { ready, errors } = checkResultsFile(file, mapping, entries);
    if (errors.length > 0)
      throw new Problem(
        422,
        'Unprocessable Content',
        `${errors.length} ${errors.length === 1 ? 'row needs' : 'rows need'} fixing first: nothing was saved.`,
        errors.map((error) => ({ path: `row ${error.row}, ${error.column}`, message: error.message })),
      );
    const earlier = new Map([...entries.values()].map((entry) => [entry.id, entry]));
    const changed = ready.filter((row) => {
      const before = earlier.get(row.registrationId)?.result;
      return !before?.status || !sameResult(before, row);
    });
    await putResults(tx, event.id, changed, 'import');
    await noteInHistory(
      tx,
      changed.flatMap((row) => {
        const before = earlier.get(row.registrationId)?.result;
        return before?.status
          ? [
              {
                registrationId: row.registrationId,
                action: 'result' as const,
                summary: `Result ${described(before)} → ${described(row)} (timer’s file)`,
              },
            ]
          : [];
      }),
      actor,
    );
    await recordAudit(tx, actor, {
      action: 'results.import',
      subject: `results of ${event.title} ${event.year}`,
      details: { rows: ready.length, written: changed.length },
    });
    return { imported: changed.length, unchanged: ready.length - changed.length };
  });
}

/** The edition's results per race, in finishing order with each finisher's place: what the organisers check. */
export async function adminResults({ database }: AppContext): Promise<AdminResults> {
  const event = await getCurrentEvent(database.db);
  const [races, rows] = await Promise.all([
    racesOf(database.db, event.id),
    resultsOfEvent(database.db, event.id),
  ]);
  return {
    publishedAt: event.resultsPublishedAt?.toISOString() ?? null,
    races: races.map((race) => {
      let place = 0;
      return {
        ...race,
        results: rows
          .filter((row) => row.raceId === race.id)
          .map((row) => ({
            registrationId: row.registrationId,
            reference: row.reference,
            bib: row.bib,
            firstName: row.firstName,
            lastName: row.lastName,
            status: row.status,
            time: row.status === 'finished' && row.timeMs !== null ? formatFinishTime(row.timeMs) : null,
            place: row.status === 'finished' ? ++place : null,
          })),
      };
    }),
  };
}

/** An organiser's correction of one entry's result, before or after publishing, kept in its history. */
export async function correctResult(
  context: AppContext,
  registrationId: string,
  correction: ResultCorrection,
  actor: Actor,
) {
  const { database } = context;
  const event = await getCurrentEvent(database.db);
  const timeMs = correction.status === 'finished' ? parseFinishTime(correction.time ?? '') : null;
  if (timeMs === undefined)
    throw badRequest('Please check the form.', [
      { path: 'time', message: 'Enter the time as h:mm:ss, mm:ss or seconds' },
    ]);
  await database.db.transaction(async (tx: Transaction) => {
    const before = await findResult(tx, event.id, registrationId);
    if (!before) throw notFound('There is no such entry in this edition.');
    const row: ResultValues = { registrationId, status: correction.status, timeMs, timerPlace: null };
    if (before.status && sameResult(before, row)) return;
    await putResults(tx, event.id, [row], 'admin');
    await noteInHistory(
      tx,
      [{ registrationId, action: 'result', summary: `Result ${described(before)} → ${described(row)}` }],
      actor,
    );
    await recordAudit(tx, actor, {
      action: 'results.correct',
      subject: before.reference,
      details: { from: described(before), to: described(row) },
    });
  });
  return adminResults(context);
}

/** Publishes the edition's results (or takes them back to preliminary). */
export async function publishResults(context: AppContext, published: boolean, actor: Actor) {
  const event = await getCurrentEvent(context.database.db);
  await context.database.db.transaction(async (tx) => {
    await setResultsPublished(tx, event.id, published);
    if (published) await tellFinishers(tx, context.links, event);
    await recordAudit(tx, actor, {
      action: published ? 'results.publish' : 'results.unpublish',
      subject: `results of ${event.title} ${event.year}`,
    });
  });
  await context.currentEvent.reload();
  return adminResults(context);
}

export { publishedResults, resultOfEntry } from './published.ts';
