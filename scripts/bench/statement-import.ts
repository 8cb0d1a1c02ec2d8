/**
 * `npx tsx scripts/bench/statement-import.ts [--port 4025]`: what a large statement import costs everyone else
 * on the embedded database (issue 31, item 14). A fresh DATA_DIR with 3,000 demo entries, the production
 * server on PGlite, an admin signed in; one client reads GET /api/event one request after another (a visitor)
 * for 3 s alone, then while the admin imports a 5,000-line, ~2 MB statement and opens its review. Prints
 * the visitor's latencies (median, p95, max) in both phases and the import's own time. Loopback only; every
 * request has a timeout, so the run is bounded.
 */
import { parseArgs } from 'node:util';
import { cleanUp, cleanUpOnSignals } from './cleanup.ts';
import { ADMIN, embeddedDataWith } from './data.ts';
import { median, percentile, roundMs, signIn, timedGet } from './http.ts';
import { buildIfNeeded, startServer } from './processes.ts';

const LINES = 5000;
const ENTRIES = 3000;

/** A statement of LINES lines of ~400 bytes, a third of them naming an entry by its reference. */
export function largeStatement(prefix = 'CFR25') {
  const rows = ['Transaction Date,Value Date,Narrative,Amount,Balance'];
  const filler = 'INTERNET BANKING TRANSFER FROM ACCOUNT 0012345678 HARARE BRANCH '.repeat(5);
  for (let i = 0; i < LINES; i += 1) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const reference = `${prefix}-${String(1 + (i % ENTRIES)).padStart(4, '0')}`;
    const narrative = i % 3 === 0 ? `FT ${reference} FUN RUN ${filler}` : `TITHE ${i} ${filler}`;
    rows.push(`${day}/11/2026,${day}/11/2026,"${narrative}",20.00,${(1000 + i * 20).toFixed(2)}`);
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** GETs `url` one request after another until `until` settles; the latency of each. */
async function visitor(url: string, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) {
    const response = await timedGet(url, { timeoutMs: 30_000 });
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    latencies.push(response.ms);
  }
  return latencies;
}

const latencies = (label: string, values: number[]) =>
  `${label}: ${values.length} requests, median ${roundMs(median(values))} ms, p95 ${roundMs(
    percentile(values, 95),
  )} ms, max ${roundMs(Math.max(...values))} ms`;

async function main() {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '4025' } } });
  const port = Number(values.port);
  await buildIfNeeded();
  const dataDir = await embeddedDataWith('bench-statements-', ENTRIES, port);
  const server = await startServer({ label: 'statements', dataDir, port });
  try {
    const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
    const eventUrl = `${server.url}/api/event`;
    for (let i = 0; i < 20; i += 1) await timedGet(eventUrl);
    const alone = await visitor(eventUrl, new Promise((resolve) => setTimeout(resolve, 3000)));

    const csv = largeStatement();
    const query = new URLSearchParams({
      account: 'usd_bank',
      date: 'Transaction Date',
      narrative: 'Narrative',
      amount: 'Amount',
    });
    const started = performance.now();
    const adminWork = (async () => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'large.csv');
      const response = await fetch(`${server.url}/api/statements?${query}`, {
        method: 'POST',
        headers: { cookie, origin: server.url },
        body: form,
        signal: AbortSignal.timeout(120_000),
      });
      const body = (await response.json()) as { review: { id: string } | null };
      if (response.status !== 201 || !body.review) {
        throw new Error(`The import answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
      }
      const imported = performance.now() - started;
      // What the review screen reads: the summary and each group's first page (all the lines before paging).
      let reviewBytes = 0;
      for (const path of [
        '',
        ...['matched', 'amount-differs', 'unmatched'].map((o) => `/lines?outcome=${o}`),
      ]) {
        const review = await timedGet(`${server.url}/api/statements/${body.review.id}${path}`, {
          headers: { cookie },
          timeoutMs: 120_000,
        });
        if (review.status !== 200) throw new Error(`The review answered ${review.status}`);
        reviewBytes += review.body.length;
      }
      return { imported, reviewed: performance.now() - started, reviewBytes };
    })();
    const during = await visitor(eventUrl, adminWork);
    const admin = await adminWork;
    console.log(`Statement: ${LINES} lines, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(2)} MB`);
    console.log(latencies('GET /api/event alone', alone));
    console.log(latencies('GET /api/event during the import and its review', during));
    console.log(
      `Import answered after ${roundMs(admin.imported)} ms; review (${Math.round(
        admin.reviewBytes / 1024,
      )} KiB) after ${roundMs(admin.reviewed)} ms`,
    );
  } finally {
    await server.stop();
  }
}

// Run as a script (not when a test imports the statement).
if (process.argv[1]?.endsWith('statement-import.ts')) {
  cleanUpOnSignals();
  try {
    await main();
  } finally {
    await cleanUp();
  }
}
