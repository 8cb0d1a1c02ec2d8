/**
 * The exports on the embedded database (PGlite runs inside the server process, so everything the
 * database holds for a query counts in the server's memory): a small server must survive them.
 */
import { ADMIN, embeddedDataWith } from './data.ts';
import {
  checkCsv,
  checkPdf,
  describeRun,
  type ExportRun,
  exportRuns,
  PDF_ROWS,
  warmUpPdfExport,
} from './exports.ts';
import { atMost, figure, type MeasurementResult, type MeasurementSpec } from './figures.ts';
import { median, signIn } from './http.ts';
import { waitForQuietCpu } from './machine.ts';
import { readMemory, startServer } from './processes.ts';

const RUNS = 3;
const MiB = 1024 * 1024;
const mb = (bytes: number) => Math.round(bytes / MiB);

export const EMBEDDED_EXPORTS: MeasurementSpec = {
  id: 'embedded-exports',
  title: `Exports on PGlite: memory with ${PDF_ROWS.toLocaleString('en')} entries`,
  method:
    `A fresh DATA_DIR on the embedded database: npm run admin:create, then npm run seed:demo -- --registrations ` +
    `${PDF_ROWS} (the server stopped, as PGlite allows one process), then the production server, signed in as ` +
    `the admin. One PDF of an empty list (loads pdfkit and the fonts), then ${RUNS} PDFs and ${RUNS} CSVs of ` +
    'every entry, one after another. Peak: the largest VmRSS sampled every 10 ms during a request, or its ' +
    'VmHWM (reset through /proc/<pid>/clear_refs before each request), whichever is larger. Idle after: ' +
    'VmRSS 3 s after the last export (the WASM heap never gives memory back). Budget (issue 15): the PDF ' +
    'peak ≤ 450 MB, so a server limited to 512 MB survives it.',
};

export async function measureEmbeddedExports(): Promise<MeasurementResult> {
  const dataDir = await embeddedDataWith('bench-embedded-', PDF_ROWS);
  const server = await startServer({ label: 'embedded-exports', dataDir });
  try {
    const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
    const idleBefore = readMemory(server.pid).rss;
    const warm = await warmUpPdfExport(server, cookie);
    const busy = await waitForQuietCpu();
    const pdfs = await exportRuns(server, cookie, 'export.pdf', RUNS, `PDF of ${PDF_ROWS} on PGlite`);
    const csvs = await exportRuns(server, cookie, 'export.csv', RUNS, `CSV of ${PDF_ROWS} on PGlite`);
    const pdfCheck = await checkPdf((pdfs.at(-1) as ExportRun).body, PDF_ROWS);
    const csvCheck = checkCsv((csvs.at(-1) as ExportRun).body, PDF_ROWS);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleAfter = readMemory(server.pid).rss;
    const peak = (runs: ExportRun[]) => Math.max(...runs.map((run) => run.peak));
    const seconds = (runs: ExportRun[]) => Math.round(median(runs.map((run) => run.ms))) / 1000;
    return {
      figures: [
        figure(`PDF of ${PDF_ROWS} rows on PGlite: peak RSS`, mb(peak([warm, ...pdfs])), 'MB', atMost(450)),
        figure(`PDF of ${PDF_ROWS} rows on PGlite: time to last byte`, seconds(pdfs), 's'),
        figure(`CSV of ${PDF_ROWS} rows on PGlite: peak RSS`, mb(peak(csvs)), 'MB'),
        figure(`CSV of ${PDF_ROWS} rows on PGlite: time to last byte`, seconds(csvs), 's'),
        figure('PGlite server idle RSS after the exports', mb(idleAfter), 'MB'),
      ],
      breakdown: [
        `Idle before the exports (signed in): ${mb(idleBefore)} MB`,
        `Warm-up: ${describeRun(warm)}`,
        ...pdfs.map((run, i) => `PDF run ${i + 1}: ${describeRun(run)}`),
        ...csvs.map((run, i) => `CSV run ${i + 1}: ${describeRun(run)}`),
        pdfCheck.summary,
        csvCheck.summary,
      ],
      notes:
        busy >= 10 ? [`The CPUs were still ${busy.toFixed(0)}% busy with other work when this began.`] : [],
      details: {
        idleBeforeMiB: mb(idleBefore),
        idleAfterMiB: mb(idleAfter),
        runs: [warm, ...pdfs, ...csvs].map(({ body: _, ...run }) => run),
      },
    };
  } finally {
    await server.stop();
  }
}
