import { parseFinishTime } from '../../../shared/results/finish-time.ts';
import type { ResultStatus, ResultsCheck, ResultsMapping } from '../../../shared/results/results.ts';
import { RESULTS_FILE_LIMITS } from '../../../shared/results/results.ts';
import { badRequest } from '../../http/problem.ts';
import { readSpreadsheet } from '../../http/spreadsheet.ts';
import type { ResultValues } from './repository.ts';

/** Headings timers give each column (any case): the first found is the guess. */
const HEADINGS = {
  bib: ['bib', 'bib no', 'bib number', 'bib #', 'race number', 'number', 'no'],
  time: ['chip time', 'net time', 'time', 'finish time', 'gun time', 'chiptime', 'guntime', 'result'],
  place: ['place', 'overall place', 'overall', 'pos', 'position', 'rank'],
  status: ['status', 'state'],
} as const;

const STATUSES: Record<string, ResultStatus> = {
  '': 'finished',
  finished: 'finished',
  fin: 'finished',
  ok: 'finished',
  dnf: 'dnf',
  dns: 'dns',
  dq: 'dq',
  dsq: 'dq',
};

/** The timer's file: its headings and its rows, each with its row number as the spreadsheet shows it. */
export async function readResultsFile(body: Buffer) {
  if (body.length === 0) throw badRequest('This file is empty. Choose the timer’s file again.');
  const table = await readSpreadsheet(body);
  const headingsAt = table.findIndex((row) => row.some((cell) => cell !== ''));
  if (headingsAt < 0) throw badRequest('This file has no rows. Choose the timer’s file again.');
  const columns = table[headingsAt] ?? [];
  const rows = table
    .map((cells, index) => ({ cells, number: index + 1 }))
    .slice(headingsAt + 1)
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
  if (rows.length > RESULTS_FILE_LIMITS.rows)
    throw badRequest(
      `This file has ${rows.length} rows: at most ${RESULTS_FILE_LIMITS.rows} can be read at once.`,
    );
  return { columns, rows };
}

export type ResultsFile = Awaited<ReturnType<typeof readResultsFile>>;

/** The columns guessed from the headings. */
export function guessMapping(columns: string[]) {
  const find = (names: readonly string[]) =>
    names.map((name) => columns.find((column) => column.trim().toLowerCase() === name)).find(Boolean) ?? null;
  return {
    bib: find(HEADINGS.bib),
    time: find(HEADINGS.time),
    place: find(HEADINGS.place),
    status: find(HEADINGS.status),
  };
}

type Entry = { id: string };

/**
 * Each row read with the mapping and checked against the entries by bib: what is ready, and what to fix
 * (a bib no entry has, a bib twice, a time that is none or impossible, a status or place unknown).
 */
export function checkResultsFile(file: ResultsFile, mapping: ResultsMapping, entries: Map<number, Entry>) {
  const at = (heading: string | undefined) => (heading === undefined ? -1 : file.columns.indexOf(heading));
  // Bib and time must be columns of the file; place and status, when chosen.
  const missing = (['bib', 'time', 'place', 'status'] as const).filter(
    (field) =>
      (field === 'bib' || field === 'time' || mapping[field] !== undefined) && at(mapping[field]) < 0,
  );
  if (missing.length > 0)
    throw badRequest(
      'Choose the file’s columns again: some are not in it.',
      missing.map((field) => ({ path: field, message: 'This column is not in the file' })),
    );

  const errors: ResultsCheck['errors'] = [];
  const ready: ResultValues[] = [];
  const rowOfBib = new Map<number, number>();
  for (const { cells, number } of file.rows) {
    const cell = (field: keyof ResultsMapping) => (cells[at(mapping[field])] ?? '').trim();
    const wrong = (field: keyof ResultsMapping, message: string) =>
      errors.push({ row: number, column: mapping[field] ?? field, message });
    const before = errors.length;

    const bibText = cell('bib');
    const bib = /^\d{1,6}$/.test(bibText) ? Number(bibText) : undefined;
    const entry = bib === undefined ? undefined : entries.get(bib);
    if (bib === undefined) wrong('bib', bibText ? `“${bibText}” is not a bib number` : 'No bib');
    else if (rowOfBib.has(bib)) wrong('bib', `Bib ${bib} is also on row ${rowOfBib.get(bib)}`);
    else if (!entry) wrong('bib', `No entry has bib ${bib}`);
    if (bib !== undefined && !rowOfBib.has(bib)) rowOfBib.set(bib, number);

    const statusText = mapping.status ? cell('status').toLowerCase() : '';
    const status = STATUSES[statusText];
    if (!status)
      wrong('status', `“${cell('status')}” is not a status: use DNF, DNS or DQ, or leave it empty`);

    const timeText = cell('time');
    const timeMs = status === 'finished' ? parseFinishTime(timeText) : null;
    if (status === 'finished' && timeMs === undefined)
      wrong(
        'time',
        timeText ? `“${timeText}” is not a possible time (h:mm:ss, mm:ss or seconds)` : 'No time',
      );

    const placeText = mapping.place ? cell('place') : '';
    const place = placeText === '' ? null : /^\d{1,6}$/.test(placeText) ? Number(placeText) : undefined;
    if (place === undefined || place === 0) wrong('place', `“${placeText}” is not a place`);

    if (errors.length === before && entry && status && timeMs !== undefined && place !== undefined)
      ready.push({
        registrationId: entry.id,
        status,
        timeMs,
        timerPlace: status === 'finished' ? place : null,
      });
  }
  return { ready, errors };
}
