import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { BenchData } from './data.ts';
import { atMost, type Figure, figure, type MeasurementResult, type MeasurementSpec } from './figures.ts';
import { median, roundMs, timedGet } from './http.ts';
import { waitForQuietCpu } from './machine.ts';
import { summarisePlan } from './participants.ts';
import { makeTempDir, type RunningServer, readMemory, resetPeakMemory, runCommand } from './processes.ts';

export const PDF_ROWS = 10_000;
export const CSV_ROWS = 20_000;
export const CSV_LARGE_ROWS = 100_000;
const PDF_RUNS = 3;
const CSV_RUNS = 3;
const SAMPLE_MS = 10;
/** How long the bench waits for the 100,000-row CSV (report only) before it reports how far it got. */
const LARGE_LIMIT_MS = 60_000;
const MiB = 1024 * 1024;
/** Milliseconds as seconds with three decimals. */
const seconds = (ms: number) => Math.round(ms) / 1000;

const MEMORY_METHOD =
  "Server memory: the server process's resident set (VmRSS in /proc/<pid>/status) just before each " +
  'request, against its peak during the request (VmHWM, reset to the current RSS before each request ' +
  `through /proc/<pid>/clear_refs, and VmRSS sampled every ${SAMPLE_MS} ms); the growth figure is the ` +
  'largest of the runs. 1 MB = 2^20 bytes.';

const COMMON_METHOD =
  'As the signed-in admin (session cookie), from the bench process with fetch, timed from sending the ' +
  'request to the last byte, no filters (every active entry, default sort by surname), on the throwaway ' +
  'PostgreSQL with registrations from npm run seed:demo; the CPUs are given up to 15 s to go quiet first.';

export const PDF_EXPORT: MeasurementSpec = {
  id: 'export-pdf',
  title: `Export: PDF of ${PDF_ROWS.toLocaleString('en')} rows`,
  method:
    `GET /api/participants/export.pdf with ${PDF_ROWS.toLocaleString('en')} registrations in the database. ` +
    `${COMMON_METHOD} One untimed export of an empty list first (loads the fonts), then ${PDF_RUNS} timed ` +
    `exports; the time figure is their median. ${MEMORY_METHOD} Complete: pdftotext of the last export ` +
    'has every entry (one distinct email address per row) and the header states the total. ' +
    'Budgets (issue 5): ≤ 3 s and ≤ 100 MB growth.',
};

export const CSV_EXPORT: MeasurementSpec = {
  id: 'export-csv',
  title: `Export: CSV of ${CSV_ROWS.toLocaleString('en')} rows`,
  method:
    `GET /api/participants/export.csv with ${CSV_ROWS.toLocaleString('en')} registrations in the database. ` +
    `${COMMON_METHOD} ${CSV_RUNS} timed exports (the server is warm from the PDF runs); the time figure is ` +
    `their median. ${MEMORY_METHOD} Complete: the last export parses (csv-parse, BOM checked) into a header and ` +
    'one record per entry with distinct references. Budget (issue 5): ≤ 1 s; memory is report only.',
};

export const CSV_LARGE_EXPORT: MeasurementSpec = {
  id: 'export-csv-large',
  title: `Export: CSV of ${CSV_LARGE_ROWS.toLocaleString('en')} rows (report only)`,
  method:
    `GET /api/participants/export.csv with ${CSV_LARGE_ROWS.toLocaleString('en')} registrations in the ` +
    `database, one timed export (no warm-up beyond the 20,000-row runs before it). ${COMMON_METHOD} ` +
    `${MEMORY_METHOD} Complete: checked as for the 20,000-row CSV. The bench stops waiting after ` +
    `${LARGE_LIMIT_MS / 1000} s and then reports the complete rows that had arrived. Report only, no budget.`,
};

export interface ExportRun {
  ms: number;
  bytes: number;
  rssBefore: number;
  peak: number;
  growth: number;
  body: Buffer;
  /** False when the bench stopped waiting at the time limit; `body` is then what had arrived. */
  finished: boolean;
}

/** One export, timed to its last byte, with the server's RSS before and its peak while it ran. */
export async function exportOnce(
  server: RunningServer,
  cookie: string,
  file: string,
  limitMs = 60_000,
): Promise<ExportRun> {
  const peakResettable = resetPeakMemory(server.pid);
  const before = readMemory(server.pid);
  let sampled = before.rss;
  const sample = () => {
    try {
      sampled = Math.max(sampled, readMemory(server.pid).rss);
    } catch {
      // the process is gone; the request fails on its own
    }
  };
  const received: Uint8Array[] = [];
  const started = performance.now();
  const timer = setInterval(sample, SAMPLE_MS);
  try {
    let status: number;
    let ms: number;
    let body: Buffer;
    let finished = true;
    try {
      ({ status, ms, body } = await timedGet(`${server.url}/api/participants/${file}`, {
        headers: { cookie },
        timeoutMs: limitMs,
        onChunk: (chunk) => {
          received.push(chunk);
          sample();
        },
      }));
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') throw error;
      ({ status, ms, body, finished } = {
        status: 200,
        ms: performance.now() - started,
        body: Buffer.concat(received),
        finished: false,
      });
    }
    if (status !== 200) throw new Error(`${file} answered ${status}: ${body.toString().slice(0, 300)}`);
    const after = readMemory(server.pid);
    const peak = Math.max(sampled, after.rss, peakResettable ? after.peak : 0);
    return { ms, bytes: body.length, rssBefore: before.rss, peak, growth: peak - before.rss, body, finished };
  } finally {
    clearInterval(timer);
  }
}

export function describeRun(run: ExportRun) {
  return (
    `${run.finished ? '' : 'NOT FINISHED, stopped after '}${roundMs(run.ms)} ms, ` +
    `${(run.bytes / MiB).toFixed(1)} MB, RSS ${(run.rssBefore / MiB).toFixed(0)} → ` +
    `peak ${(run.peak / MiB).toFixed(0)} MB (+${(run.growth / MiB).toFixed(1)})`
  );
}

/** The PDF of an empty list, exported before the timed runs. */
export async function warmUpPdfExport(server: RunningServer, cookie: string) {
  const warm = await exportOnce(
    server,
    cookie,
    `export.pdf?${new URLSearchParams({ q: 'no such entrant' })}`,
  );
  console.log(`PDF of an empty list: ${describeRun(warm)}`);
  return warm;
}

/** `count` exports of `file`, one after another, each logged after `label`. */
export async function exportRuns(
  server: RunningServer,
  cookie: string,
  file: 'export.pdf' | 'export.csv',
  count: number,
  label: string,
) {
  const runs: ExportRun[] = [];
  for (let i = 0; i < count; i++) {
    runs.push(await exportOnce(server, cookie, file));
    console.log(`${label}: ${describeRun(runs.at(-1) as ExportRun)}`);
  }
  return runs;
}

function requireRegistrations(data: BenchData, rows: number) {
  if (data.registrations !== rows)
    throw new Error(`Expected ${rows} registrations, have ${data.registrations}`);
}

/** Every run must have finished within its limit for a budgeted figure. */
function requireFinished(runs: ExportRun[], what: string) {
  const stopped = runs.find((run) => !run.finished);
  if (stopped) throw new Error(`${what} did not finish within ${Math.round(stopped.ms / 1000)} s`);
}

const runDetails = (runs: ExportRun[]) =>
  runs.map(({ body: _, ...run }) => ({ ...run, ms: roundMs(run.ms) }));

const BATCH = 5000;

/** One batch of an export's rows, as participantBatches in src/server/features/participants/repository.ts builds it. */
const exportBatch = (after?: { sortKey: string; reference: string }) =>
  `select r.id, r.reference, r.discipline, r.first_name, r.last_name, r.email, r.mobile,
     r.next_of_kin_mobile, r.age, r.gender, o.label, r.tshirt_size, r.payment_status, r.created_at,
     r.payment_method, r.payment_amount, r.payment_currency, r.payer_reference, r.paid_on,
     lower(r.last_name) as sort_key
   from registrations r join race_options o on o.id = r.race_option_id
   where r.event_id = (select id from events where is_current) and r.status = 'active'
   ${after ? `and (lower(r.last_name), r.reference) > (${literal(after.sortKey)}, ${literal(after.reference)})` : ''}
   order by lower(r.last_name) asc, r.reference asc limit ${BATCH}`;

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The export's batch queries: the first, then each after the last row of the one before (keyset paging). */
async function batchQueries(data: BenchData) {
  const keys = await data.query<{ sort_key: string; reference: string }>(
    `select sort_key, reference from (
       select lower(last_name) as sort_key, reference,
         row_number() over (order by lower(last_name), reference) as n
       from registrations where event_id = (select id from events where is_current) and status = 'active'
     ) as numbered where n % ${BATCH} = 0 order by n`,
  );
  return [
    exportBatch(),
    ...keys.map((key) => exportBatch({ sortKey: key.sort_key, reference: key.reference })),
  ];
}

/**
 * The database's share of an export: its batch queries (5,000 rows at a time by keyset, sorted by
 * surname then reference) run alone over one connection, and the plan of the last batch. The
 * rest of the export's time is the server's own work (formatting, PDF layout) and the transfer.
 */
async function databaseShare(data: BenchData, exportMs: number) {
  const queries = await batchQueries(data);
  const ms = (await data.timeQueries(queries)).reduce((total, t) => total + t, 0);
  const plan = await data.explain(queries[queries.length - 1] as string);
  const summary =
    `Where the time goes: the ${queries.length} batch queries the export runs (${BATCH} rows each by keyset, ` +
    `sorted by lower(last_name), reference), run alone from the bench over one connection, take ` +
    `${seconds(ms).toFixed(2)} s in all; the other ${seconds(Math.max(0, exportMs - ms)).toFixed(2)} s of ` +
    `the median export are the server's own work and the transfer. Plan of the last batch: ${summarisePlan(plan)}`;
  console.log(summary);
  return { batches: queries.length, ms: roundMs(ms), plan, summary };
}

/** For the large export only the last batch's plan. */
async function lastBatchPlan(data: BenchData) {
  const queries = await batchQueries(data);
  const plan = await data.explain(queries[queries.length - 1] as string);
  const summary =
    `Where the time goes: the export runs ${queries.length} batch queries (${BATCH} rows each by keyset); the ` +
    `last one alone: ${summarisePlan(plan)}`;
  console.log(summary);
  return { batches: queries.length, plan, summary };
}

async function busyNote(): Promise<string[]> {
  const busy = await waitForQuietCpu();
  return busy >= 10
    ? [`The CPUs were still ${busy.toFixed(0)}% busy with other work when this run began.`]
    : [];
}

export async function measurePdfExport(
  server: RunningServer,
  cookie: string,
  data: BenchData,
): Promise<MeasurementResult> {
  requireRegistrations(data, PDF_ROWS);
  const warm = await warmUpPdfExport(server, cookie);
  const notes = await busyNote();
  const runs = await exportRuns(server, cookie, 'export.pdf', PDF_RUNS, `PDF of ${PDF_ROWS}`);
  requireFinished(runs, `The PDF of ${PDF_ROWS} rows`);
  const last = runs.at(-1) as ExportRun;
  const check = await checkPdf(last.body, PDF_ROWS);
  const share = await databaseShare(data, median(runs.map((r) => r.ms)));
  const growth = Math.max(...runs.map((run) => run.growth));
  return {
    figures: [
      figure(
        `PDF of ${PDF_ROWS} rows: time to last byte`,
        seconds(median(runs.map((r) => r.ms))),
        's',
        atMost(3),
      ),
      figure(`PDF of ${PDF_ROWS} rows: server memory growth`, roundMs(growth / MiB), 'MB', atMost(100)),
      figure(`PDF of ${PDF_ROWS} rows: size`, roundMs(last.bytes / MiB), 'MB'),
    ],
    breakdown: [...runs.map((run, i) => `Run ${i + 1}: ${describeRun(run)}`), check.summary, share.summary],
    notes,
    details: { warmUp: runDetails([warm])[0], runs: runDetails(runs), check, databaseShare: share },
  };
}

/** pdftotext: one distinct email per row, the stated total, and pages. */
export async function checkPdf(body: Buffer, rows: number) {
  const dir = makeTempDir('bench-pdf-');
  const file = path.join(dir, 'participants.pdf');
  writeFileSync(file, body);
  const pdftotext = await runCommand('pdftotext', ['-layout', file, '-'], { timeoutMs: 60_000 }).catch(
    (error: Error) => ({ code: -1, stdout: '', stderr: error.message }),
  );
  if (pdftotext.code !== 0) {
    throw new Error(
      `pdftotext could not read the PDF (apt-get install -y poppler-utils): ${pdftotext.stderr.trim()}`,
    );
  }
  const text = pdftotext.stdout;
  const emails = new Set(text.match(/[\w.+-]+@example\.com/g) ?? []);
  const pages = (text.match(/\f/g) ?? []).length;
  const statesTotal = new RegExp(`\\b${rows} entries\\b`).test(text);
  const headerRows = (text.match(/Name\s+Surname\s+Email\s+Mobile/g) ?? []).length;
  const summary =
    `Complete: pdftotext finds ${emails.size} distinct entries (expected ${rows}), ` +
    `${pages} pages, the column header on ${headerRows} of them, "${rows} entries" under the title: ${statesTotal ? 'yes' : 'no'}.`;
  console.log(summary);
  if (emails.size !== rows || !statesTotal) throw new Error(`The PDF is not complete. ${summary}`);
  return { entries: emails.size, pages, headerRows, statesTotal, summary };
}

export function checkCsv(body: Buffer, rows: number) {
  const bom = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
  // The first line says who exported it; the header row follows.
  const stamped = /^"?# Exported by .+ \(Harare\)"?\r\n/.test(
    body.subarray(bom ? 3 : 0, 200).toString('utf8'),
  );
  const records = parse(body, { bom: true, from_line: 2, relax_column_count: false }) as string[][];
  const header = records[0] ?? [];
  const referenceColumn = header.indexOf('Reference');
  const references = new Set(records.slice(1).map((record) => record[referenceColumn]));
  const summary =
    `Complete: ${records.length - 1} records after the header (expected ${rows}), ` +
    `${references.size} distinct references, ${header.length} columns, byte-order mark: ${bom ? 'yes' : 'no'}, ` +
    `"Exported by" line: ${stamped ? 'yes' : 'no'}.`;
  console.log(summary);
  if (records.length - 1 !== rows || references.size !== rows || !bom || !stamped) {
    throw new Error(`The CSV is not complete. ${summary}`);
  }
  return { records: records.length - 1, references: references.size, columns: header.length, bom, summary };
}

export async function measureCsvExport(
  server: RunningServer,
  cookie: string,
  data: BenchData,
): Promise<MeasurementResult> {
  requireRegistrations(data, CSV_ROWS);
  const notes = await busyNote();
  const runs = await exportRuns(server, cookie, 'export.csv', CSV_RUNS, `CSV of ${CSV_ROWS}`);
  requireFinished(runs, `The CSV of ${CSV_ROWS} rows`);
  const last = runs.at(-1) as ExportRun;
  const check = checkCsv(last.body, CSV_ROWS);
  const share = await databaseShare(data, median(runs.map((r) => r.ms)));
  return {
    figures: csvFigures(CSV_ROWS, runs, atMost(1)),
    breakdown: [...runs.map((run, i) => `Run ${i + 1}: ${describeRun(run)}`), check.summary, share.summary],
    notes,
    details: { runs: runDetails(runs), check, databaseShare: share },
  };
}

export async function measureLargeCsvExport(
  server: RunningServer,
  cookie: string,
  data: BenchData,
): Promise<MeasurementResult> {
  requireRegistrations(data, CSV_LARGE_ROWS);
  const notes = await busyNote();
  const run = await exportOnce(server, cookie, 'export.csv', LARGE_LIMIT_MS);
  console.log(`CSV of ${CSV_LARGE_ROWS}: ${describeRun(run)}`);
  if (!run.finished) {
    // A report-only figure: say how far it got rather than hold the whole bench up.
    const rows = Math.max(0, run.body.toString().split('\r\n').length - 2);
    const summary = `Not finished within ${LARGE_LIMIT_MS / 1000} s: ${rows} complete rows of ${CSV_LARGE_ROWS} had arrived.`;
    console.log(summary);
    return {
      figures: [
        figure(
          `CSV of ${CSV_LARGE_ROWS} rows: rows received in ${LARGE_LIMIT_MS / 1000} s (not finished)`,
          rows,
          'rows',
        ),
        figure(`CSV of ${CSV_LARGE_ROWS} rows: server memory growth`, roundMs(run.growth / MiB), 'MB'),
      ],
      breakdown: [describeRun(run), summary, (await lastBatchPlan(data)).summary],
      notes,
      details: { runs: runDetails([run]), rowsReceived: rows },
    };
  }
  const check = checkCsv(run.body, CSV_LARGE_ROWS);
  const plan = await lastBatchPlan(data);
  return {
    figures: csvFigures(CSV_LARGE_ROWS, [run]),
    breakdown: [describeRun(run), check.summary, plan.summary],
    notes,
    details: { runs: runDetails([run]), check, lastBatch: plan },
  };
}

function csvFigures(rows: number, runs: ExportRun[], timeBudget?: ReturnType<typeof atMost>): Figure[] {
  return [
    figure(`CSV of ${rows} rows: time to last byte`, seconds(median(runs.map((r) => r.ms))), 's', timeBudget),
    figure(
      `CSV of ${rows} rows: server memory growth`,
      roundMs(Math.max(...runs.map((r) => r.growth)) / MiB),
      'MB',
    ),
    figure(`CSV of ${rows} rows: size`, roundMs((runs.at(-1)?.bytes ?? 0) / MiB), 'MB'),
  ];
}
