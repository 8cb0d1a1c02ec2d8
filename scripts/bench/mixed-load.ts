/**
 * Mixed load (issue 44 §2): does anything hold the event loop while the public and an admin use the server at
 * once? On PGlite and on PostgreSQL, each with 10,000 demo entries and the bench admin: first GET /readyz, GET /
 * and GET /api/event alone at 50 connections (the pages' ratio to the server's floor); then 50 clients
 * registering while one visitor reads GET /api/event one request after another and the admin imports a
 * 5,000-line statement and downloads the 10,000-row PDF. The server measures its own event loop's delay
 * (perf_hooks, BENCH_METRICS=on, read through loopback only). Bounded in time, loopback only.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { AutocannonRequest } from 'autocannon';
import { letters, runnerEntry } from '../../tests/support/entries.ts';
import { publishableSettings } from '../../tests/support/test-edition.ts';
import { ADMIN } from './data.ts';
import { PDF_ROWS } from './exports.ts';
import {
  atLeast,
  atMost,
  type Figure,
  figure,
  type MeasurementResult,
  type MeasurementSpec,
} from './figures.ts';
import { percentile, roundMs, signIn, timedGet } from './http.ts';
import { type LoadFigures, runLoad } from './load.ts';
import { makeTempDir, runCommand, serverEnv, startServer } from './processes.ts';
import { largeStatement } from './statement-import.ts';

const CONNECTIONS = 50;
const ALONE_SECONDS = 6;
const ROUNDS = 3;
const MIXED_SECONDS = 25;
/** The admin starts once the registrations run. */
const ADMIN_DELAY_MS = 2000;
const ENTRIES = PDF_ROWS;

export const MIXED_LOAD: MeasurementSpec = {
  id: 'mixed-load',
  title: 'Mixed load: registrations, a statement import and the PDF at once',
  method:
    `A fresh DATA_DIR (PGlite) or database (PostgreSQL) with ${ENTRIES.toLocaleString('en')} demo entries ` +
    '(npm run seed:demo) and the bench admin; the production server with BENCH_METRICS=on. Alone: autocannon at ' +
    `${CONNECTIONS} connections on GET /readyz, GET / and GET /api/event in turn, ${ROUNDS} rounds of ` +
    `${ALONE_SECONDS / ROUNDS} s each (after 1 s of warm-up each, once the server's loop is calm). Mixed, for ${MIXED_SECONDS} s: ${CONNECTIONS} connections registering distinct entrants ` +
    '(POST /api/registrations), one visitor reading GET /api/event one request after another, and after ' +
    `${ADMIN_DELAY_MS / 1000} s the admin importing a 5,000-line statement (~2 MB CSV) then downloading the ` +
    `${PDF_ROWS.toLocaleString('en')}-row PDF. Event-loop delay: perf_hooks monitorEventLoopDelay in the ` +
    'server (10 ms resolution), reset as the mixed load starts, read and reset when the import answers and when ' +
    "the PDF's last byte comes, read as the load ends: the largest window's p99 and max are reported. " +
    'Goals (issue 44): GET ' +
    '/api/event p99 ≤ 50 ms and loop delay p99 ≤ 50 ms during the mixed load; GET / and GET /api/event on ' +
    'PGlite ≥ 0.85× GET /readyz. The load average says how busy the machine was (a shared machine).',
};

/** A server's data: the bench admin and ENTRIES demo entries, on PGlite (no URL) or PostgreSQL. */
async function dataWith(databaseUrl: string | undefined) {
  const dataDir = makeTempDir('bench-mixed-');
  const env = { ...serverEnv(0, dataDir, databaseUrl), PORT: '3000' };
  for (const [script, args] of [
    ['admin:create', ['--email', ADMIN.email, '--password', ADMIN.password, '--name', ADMIN.name]],
    ['seed:demo', ['--registrations', String(ENTRIES)]],
  ] as const) {
    const run = await runCommand('npm', ['run', '--silent', script, '--', ...args], {
      timeoutMs: 600_000,
      env,
    });
    if (run.code !== 0) throw new Error(`npm run ${script} failed: ${`${run.stdout}\n${run.stderr}`.trim()}`);
  }
  return dataDir;
}

/** The demo's edition is a draft: completed and published as an organiser does, so the public may register. */
async function openRegistration(baseUrl: string, cookie: string) {
  const event = (await (await fetch(`${baseUrl}/api/event`)).json()) as { registrationOpen?: boolean };
  if (event.registrationOpen) return;
  const headers = { cookie, origin: baseUrl, 'content-type': 'application/json' };
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api/admin/event${path}`, {
      method,
      headers: body === undefined ? { cookie, origin: baseUrl } : headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`${method} /api/admin/event${path}: ${response.status} ${text}`);
    return JSON.parse(text);
  };
  const { settings, races } = publishableSettings(await send('GET', ''));
  await send('PUT', '', settings);
  await send('PUT', '/races', { races });
  await send('POST', '/publish');
}

async function loopDelay(baseUrl: string) {
  const response = await timedGet(`${baseUrl}/api/bench/event-loop`);
  if (response.status !== 200) throw new Error(`The loop's figures answered ${response.status}`);
  return JSON.parse(response.body.toString()) as { p99Ms: number; maxMs: number; meanMs: number };
}

/** Waits (at most 30 s) until the server's loop is calm: a start's jobs and the publication are done. */
async function settle(baseUrl: string) {
  await loopDelay(baseUrl);
  for (let i = 0; i < 30; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if ((await loopDelay(baseUrl)).maxMs < 50) return;
  }
}

/**
 * GET /readyz, / and /api/event alone, ROUNDS times in turn (ALONE_SECONDS in all each), so that other work on
 * a shared machine weighs on each alike; their requests per second over all rounds.
 */
async function alone(baseUrl: string) {
  const paths = ['/readyz', '/', '/api/event'] as const;
  const runs: Record<string, LoadFigures[]> = { '/readyz': [], '/': [], '/api/event': [] };
  for (const path of paths) {
    await runLoad({ url: `${baseUrl}${path}`, connections: CONNECTIONS, seconds: 1, expectedStatus: 200 });
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const path of paths) {
      const seconds = ALONE_SECONDS / ROUNDS;
      runs[path]?.push(
        await runLoad({
          url: `${baseUrl}${path}`,
          connections: CONNECTIONS,
          seconds,
          expectedStatus: 200,
          // As a browser asks: the page's compressed body, kept once made, not 62 KB for autocannon to read.
          requests: [{ method: 'GET', path, headers: { 'accept-encoding': 'br, gzip' } }],
        }),
      );
    }
  }
  const summed = (path: string) => {
    const all = runs[path] ?? [];
    return {
      requestsPerSecond: all.reduce((sum, run) => sum + run.requestsPerSecond, 0) / all.length,
      p99Ms: Math.max(...all.map((run) => run.p99Ms)),
      unexpected: all.reduce((sum, run) => sum + run.unexpected, 0),
    };
  };
  return { readyz: summed('/readyz'), landing: summed('/'), event: summed('/api/event') };
}

/** Registrations to a race the event shows as open and not full. */
async function registrationRequests(baseUrl: string, runTag: string): Promise<AutocannonRequest[]> {
  const event = (await (await fetch(`${baseUrl}/api/event`)).json()) as {
    registrationOpen: boolean;
    races: { discipline: string; label: string; full: boolean }[];
    tshirtSizes: { run: string[] };
  };
  const race = event.races.find((r) => r.discipline === 'run' && !r.full);
  if (!event.registrationOpen || !race)
    throw new Error('Registration is not open, or every run race is full');
  let serial = 0;
  const setupRequest = (request: AutocannonRequest): AutocannonRequest => {
    serial += 1;
    const tag = `${runTag}${letters(serial)}`;
    return {
      ...request,
      headers: { 'content-type': 'application/json', 'idempotency-key': `mixed-${runTag}-${serial}` },
      body: JSON.stringify(
        runnerEntry(tag, {
          raceType: race.label,
          tshirtSize: event.tshirtSizes.run[0],
          listedInSearch: true,
        }),
      ),
    };
  };
  return [{ method: 'POST', path: '/api/registrations', setupRequest }];
}

/** The admin's work: the statement imported, then the PDF downloaded to its last byte. */
async function adminWork(baseUrl: string, cookie: string) {
  await new Promise((resolve) => setTimeout(resolve, ADMIN_DELAY_MS));
  const csv = largeStatement();
  const query = new URLSearchParams({
    account: 'usd_bank',
    date: 'Transaction Date',
    narrative: 'Narrative',
    amount: 'Amount',
  });
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'mixed.csv');
  const started = performance.now();
  const imported = await fetch(`${baseUrl}/api/statements?${query}`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl },
    body: form,
    signal: AbortSignal.timeout(120_000),
  });
  await imported.arrayBuffer();
  const importMs = performance.now() - started;
  // Read (and reset) at each step's end: which step held the loop longest.
  const untilImported = await loopDelay(baseUrl);
  const pdf = await timedGet(`${baseUrl}/api/participants/export.pdf`, {
    headers: { cookie },
    timeoutMs: 120_000,
  });
  return {
    importStatus: imported.status,
    importMs,
    pdfStatus: pdf.status,
    pdfMs: pdf.ms,
    pdfBytes: pdf.body.length,
    loop: { untilImported, duringPdf: await loopDelay(baseUrl) },
  };
}

/** GET /api/event one request after another until `until` settles. */
async function visitor(url: string, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  let failures = 0;
  while (!done) {
    try {
      const response = await timedGet(url, { timeoutMs: 10_000 });
      if (response.status === 200) latencies.push(response.ms);
      else failures += 1;
    } catch {
      failures += 1;
    }
  }
  return { latencies, failures };
}

async function measureOn(label: 'PGlite' | 'PostgreSQL', databaseUrl: string | undefined, port?: number) {
  console.log(`\n━━ Mixed load on ${label}: ${ENTRIES} demo entries`);
  const dataDir = await dataWith(databaseUrl);
  const server = await startServer({
    label: `mixed-${label}`,
    dataDir,
    databaseUrl,
    env: { BENCH_METRICS: 'on' },
    port,
  });
  try {
    const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
    await openRegistration(server.url, cookie);
    const load = { atStart: loadavg()[0] ?? 0 };
    await settle(server.url);
    const { readyz, landing, event } = await alone(server.url);
    for (const [what, figures] of [
      ['GET /readyz', readyz],
      ['GET /', landing],
      ['GET /api/event', event],
    ] as const) {
      console.log(`${what} alone: ${Math.round(figures.requestsPerSecond)}/s, p99 ${figures.p99Ms} ms`);
    }

    // The first PDF loads pdfkit and its fonts: done (and its hold on the loop read) before the mix, apart.
    await loopDelay(server.url);
    const warm = await timedGet(`${server.url}/api/participants/export.pdf?q=no+such+entrant`, {
      headers: { cookie },
      timeoutMs: 60_000,
    });
    const firstPdf = { status: warm.status, ms: warm.ms, loop: await loopDelay(server.url) };
    console.log(
      `First PDF (empty): ${Math.round(firstPdf.ms)} ms, loop max ${roundMs(firstPdf.loop.maxMs)} ms`,
    );

    const requests = await registrationRequests(server.url, label === 'PGlite' ? 'lite' : 'pg');
    await loopDelay(server.url);
    const registering = runLoad({
      url: `${server.url}/api/registrations`,
      connections: CONNECTIONS,
      seconds: MIXED_SECONDS,
      expectedStatus: 201,
      requests,
    });
    const admin = adminWork(server.url, cookie);
    const [registrations, reads, work] = await Promise.all([
      registering,
      visitor(`${server.url}/api/event`, registering),
      admin.catch((error: unknown) => error as Error),
    ]);
    const after = await loopDelay(server.url);
    // The admin read (and reset) the figures at each step's end: the largest of the windows' p99s stands for
    // the run's (an upper bound), the largest max is the run's.
    const windows = work instanceof Error ? [after] : [work.loop.untilImported, work.loop.duringPdf, after];
    const loop = {
      p99Ms: Math.max(...windows.map((w) => w.p99Ms)),
      maxMs: Math.max(...windows.map((w) => w.maxMs)),
    };
    load.atStart = Math.max(load.atStart, loadavg()[0] ?? 0);
    const adminDone = !(work instanceof Error) && work.importStatus === 201 && work.pdfStatus === 200;
    console.log(
      `Mixed: registrations ${Math.round(registrations.requestsPerSecond)}/s (statuses ${JSON.stringify(
        registrations.byStatus,
      )}), GET /api/event p99 ${roundMs(percentile(reads.latencies, 99))} ms over ${reads.latencies.length}, ` +
        `loop delay p99 ${roundMs(loop.p99Ms)} ms max ${roundMs(loop.maxMs)} ms; admin ${
          work instanceof Error ? work.message : JSON.stringify(work)
        }`,
    );
    return {
      label,
      readyz,
      landing,
      event,
      registrations,
      reads,
      loop,
      work,
      adminDone,
      firstPdf,
      load: load.atStart,
    };
  } finally {
    await server.stop();
  }
}

type Run = Awaited<ReturnType<typeof measureOn>>;

function figuresOf(run: Run): Figure[] {
  const on = `on ${run.label}`;
  const ratio = (figures: { requestsPerSecond: number }) =>
    Math.round((figures.requestsPerSecond / Math.max(1, run.readyz.requestsPerSecond)) * 100) / 100;
  const pageGoal = run.label === 'PGlite' ? atLeast(0.85) : undefined;
  return [
    figure(`Alone ${on}: GET /readyz`, Math.round(run.readyz.requestsPerSecond), 'requests/s'),
    figure(`Alone ${on}: GET / ÷ GET /readyz`, ratio(run.landing), '×', pageGoal),
    figure(`Alone ${on}: GET /api/event ÷ GET /readyz`, ratio(run.event), '×', pageGoal),
    figure(`Mixed ${on}: GET /api/event p99`, roundMs(percentile(run.reads.latencies, 99)), 'ms', atMost(50)),
    figure(`Mixed ${on}: event-loop delay p99`, roundMs(run.loop.p99Ms), 'ms', atMost(50)),
    figure(`Mixed ${on}: event-loop delay max`, roundMs(run.loop.maxMs), 'ms'),
    figure(`Mixed ${on}: registrations`, Math.round(run.registrations.requestsPerSecond), 'requests/s'),
    ...(run.work instanceof Error
      ? []
      : [
          figure(`Mixed ${on}: statement import answered after`, roundMs(run.work.importMs / 1000), 's'),
          figure(
            `Mixed ${on}: PDF of ${PDF_ROWS} rows, last byte after`,
            roundMs(run.work.pdfMs / 1000),
            's',
          ),
        ]),
  ];
}

export async function measureMixedLoad(postgresUrl?: string, port?: number): Promise<MeasurementResult> {
  const runs = [await measureOn('PGlite', undefined, port)];
  if (postgresUrl) runs.push(await measureOn('PostgreSQL', postgresUrl, port));
  return {
    figures: runs.flatMap(figuresOf),
    notes: runs.flatMap((run) => [
      `${run.label}: the first PDF (an empty list: pdfkit and its fonts loaded) held the loop for up to ` +
        `${roundMs(run.firstPdf.loop.maxMs)} ms, before the mix.`,
      `${run.label}: 1-minute load average ${run.load.toFixed(2)} on ${cpus().length} CPUs during the run (other work on the machine included).`,
      ...(run.adminDone
        ? []
        : [
            `${run.label}: the admin's work did not finish as expected: ${
              run.work instanceof Error ? run.work.message : JSON.stringify(run.work)
            }.`,
          ]),
      ...(run.reads.failures
        ? [`${run.label}: ${run.reads.failures} GET /api/event failed during the mix.`]
        : []),
    ]),
    details: runs.map(({ reads, work, ...run }) => ({
      ...run,
      reads: { count: reads.latencies.length, failures: reads.failures },
      work: work instanceof Error ? work.message : work,
    })),
  };
}

// `npx tsx scripts/bench/mixed-load.ts [--database-url postgres://…] [--port 4110]`: this part alone, on an empty
// database of one's own (a shared machine; without one, on PGlite only), its figures printed.
if (process.argv[1]?.endsWith('mixed-load.ts')) {
  const { cleanUp, cleanUpOnSignals } = await import('./cleanup.ts');
  const { buildIfNeeded } = await import('./processes.ts');
  const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, port: { type: 'string' } } });
  cleanUpOnSignals();
  try {
    await buildIfNeeded();
    const result = await measureMixedLoad(
      values['database-url'],
      values.port ? Number(values.port) : undefined,
    );
    for (const line of result.figures) console.log(`${line.name}: ${line.value} ${line.unit}`);
    for (const note of result.notes) console.log(note);
  } finally {
    await cleanUp();
  }
}
