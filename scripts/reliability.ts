/**
 * `npm run test:reliability`: fault scenarios against the production build and a throwaway PostgreSQL,
 * each asserting that nothing acknowledged is lost. (The quick ones — hostile input, oversized uploads —
 * run in `npm test`.)
 *   1. The server is killed (SIGKILL) under registration load and restarted.
 *   2. PostgreSQL stops under load and comes back.
 *   3. The SMTP server is down while people register, then comes back.
 *   4. The same SIGKILL on the embedded database (PGlite): its files must hold every acknowledged entry.
 *   5. A small server: the production server on a fresh embedded database within 512 MB (systemd-run
 *      MemoryMax where systemd runs, else the peak VmRSS/VmHWM is checked against the limit) takes 200
 *      entries, exports them as a PDF and stays up.
 *   6. nginx in front of two servers on one PostgreSQL (reliability/two-servers.ts): one killed under load,
 *      a client over its rate limit, a race filled through one and full on the other, mail sent once.
 * `--only small-server,pglite-kill` runs some; `--node /path/to/node` runs the server on another Node
 * (CI's Node 24 smoke test).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './lib/throwaway-postgres.ts';
import { type AppServerOptions, startAppServer } from './reliability/app-server.ts';
import { LoadClients } from './reliability/load-clients.ts';
import { SmtpCatcher } from './reliability/smtp-catcher.ts';
import { twoServersBehindNginx } from './reliability/two-servers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const { values: args } = parseArgs({ options: { only: { type: 'string' }, node: { type: 'string' } } });
const serverNode = args.node ?? process.execPath;
const nodeVersion = execFileSync(serverNode, ['--version'], { encoding: 'utf8' }).trim();
const results: { name: string; ok: boolean; detail: string }[] = [];

function check(name: string, ok: boolean, detail: string) {
  results.push({ name, ok, detail });
  console.log(`${ok ? '✓' : '✗'} ${name}: ${detail}`);
}

async function rowsByKey(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string; n: string }>(
      'select idempotency_key as key, count(*)::text as n from registrations group by idempotency_key',
    );
    return new Map(rows.map((row) => [row.key, Number(row.n)]));
  } finally {
    await client.end();
  }
}

function verifyNoLoss(scenario: string, acknowledged: Set<string>, stored: Map<string, number>) {
  const missing = [...acknowledged].filter((key) => !stored.has(key));
  const doubled = [...stored].filter(([, n]) => n > 1);
  check(
    `${scenario}: every 201 is stored`,
    missing.length === 0,
    `${acknowledged.size} acknowledged, ${missing.length} missing`,
  );
  check(
    `${scenario}: each key stored once`,
    doubled.length === 0,
    `${stored.size} rows by key, ${doubled.length} doubled`,
  );
}

async function killedServer(postgres: ThrowawayPostgres) {
  const url = await postgres.createDatabase('reliability_kill');
  let server = await startAppServer({ DATABASE_URL: url });
  const clients = new LoadClients(server.url, 16);
  clients.start();
  await sleep(3000);
  server.kill('SIGKILL');
  await sleep(1000);
  server = await startAppServer({ DATABASE_URL: url }, server.port);
  await sleep(3000);
  await clients.finish(30_000);
  check(
    'SIGKILL: clients retrying with the same key all got an answer',
    clients.unanswered() === 0,
    `${clients.unanswered()} still unanswered`,
  );
  verifyNoLoss('SIGKILL', clients.acknowledged, await rowsByKey(url));
  server.kill('SIGTERM');
  await server.exited;
}

async function databaseRestart(postgres: ThrowawayPostgres) {
  const url = await postgres.createDatabase('reliability_db');
  const server = await startAppServer({ DATABASE_URL: url });
  const clients = new LoadClients(server.url, 16);
  clients.start();
  await sleep(3000);
  await postgres.pause();
  await sleep(1500);
  const ready = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
  check('PostgreSQL down: /readyz says so', ready.status === 503, `/readyz answered ${ready.status}`);
  const during = await fetch(`${server.url}/api/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LoadClients.body('probe')),
    signal: AbortSignal.timeout(10_000),
  });
  check(
    'PostgreSQL down: registration answers 503 with Retry-After',
    during.status === 503 && during.headers.has('retry-after'),
    `${during.status}, Retry-After ${during.headers.get('retry-after')}`,
  );
  await sleep(1500);
  await postgres.resume();
  await sleep(4000);
  const recovered = await fetch(`${server.url}/readyz`);
  check(
    'PostgreSQL back: the server recovers by itself',
    recovered.status === 200,
    `/readyz answered ${recovered.status}`,
  );
  await clients.finish(30_000);
  const alive = server.exitCode() === null;
  check(
    'PostgreSQL down: the server did not crash',
    alive,
    alive ? 'still running' : `exited ${server.exitCode()}`,
  );
  check(
    'PostgreSQL down: no answer other than 201/200/503',
    clients.unexpected.size === 0,
    JSON.stringify(Object.fromEntries(clients.unexpected)),
  );
  verifyNoLoss('PostgreSQL restart', clients.acknowledged, await rowsByKey(url));
  server.kill('SIGTERM');
  await server.exited;
}

async function smtpOutage(postgres: ThrowawayPostgres) {
  const url = await postgres.createDatabase('reliability_mail');
  const smtp = new SmtpCatcher();
  const port = await smtp.reservePort();
  const server = await startAppServer({
    DATABASE_URL: url,
    SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
  });
  const entries = 20;
  let registered = 0;
  for (let i = 0; i < entries; i++) {
    const response = await fetch(`${server.url}/api/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `mail-${i}-${Date.now()}` },
      body: JSON.stringify(LoadClients.body(`mail${i}`)),
    });
    if (response.status === 201) registered++;
  }
  check(
    'SMTP down: registrations still succeed',
    registered === entries,
    `${registered} of ${entries} answered 201`,
  );
  await sleep(3000);
  await smtp.listen(port);
  const delivered = await smtp.waitFor(entries, 60_000);
  await sleep(5000);
  const perRecipient = smtp.countsByRecipient();
  const duplicates = [...perRecipient.values()].filter((n) => n > 1).length;
  check(
    'SMTP back: every confirmation is delivered',
    delivered && perRecipient.size === entries,
    `${perRecipient.size} of ${entries} recipients got mail`,
  );
  check('SMTP back: each exactly once', duplicates === 0, `${duplicates} recipients got more than one`);
  server.kill('SIGTERM');
  await server.exited;
  await smtp.close();
}

/** Rows per idempotency key in an embedded database, read once its server has stopped. */
async function rowsByKeyOnPglite(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.run<{ key: string; n: string }>(
      {
        name: 'rows-by-key',
        text: 'select idempotency_key as key, count(*)::text as n from registrations group by idempotency_key',
      },
      [],
    );
    return new Map(rows.map((row) => [row.key, Number(row.n)]));
  } finally {
    await database.close();
  }
}

async function killedPgliteServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reliability-pglite-'));
  const options = { node: serverNode };
  let server = await startAppServer({ DATA_DIR: dataDir }, undefined, options);
  const clients = new LoadClients(server.url, 16);
  clients.start();
  await sleep(3000);
  server.kill('SIGKILL');
  await server.exited;
  // The lock file of the killed process is still there: the next start must take it over.
  server = await startAppServer({ DATA_DIR: dataDir }, server.port, options);
  await sleep(3000);
  await clients.finish(30_000);
  check(
    'SIGKILL on PGlite: clients retrying with the same key all got an answer',
    clients.unanswered() === 0,
    `${clients.unanswered()} still unanswered`,
  );
  server.kill('SIGTERM');
  await server.exited;
  verifyNoLoss('SIGKILL on PGlite', clients.acknowledged, await rowsByKeyOnPglite(dataDir));
}

const SMALL_SERVER_LIMIT_MIB = 512;
const SMALL_SERVER_PEAK_MIB = 450;
const SMALL_SERVER_ENTRIES = 200;
const ADMIN = { email: 'small.admin@example.com', password: 'small-server-password-1', name: 'Small Admin' };

/** systemd-run's MemoryMax where systemd runs the machine; nothing where it does not (containers). */
function memoryLimitWrapper(): string[] | undefined {
  const wrapper = ['systemd-run', '--scope', '--quiet', '-p', `MemoryMax=${SMALL_SERVER_LIMIT_MIB}M`];
  const probe = spawnSync(wrapper[0] as string, [...wrapper.slice(1), 'true'], { stdio: 'ignore' });
  return probe.status === 0 ? wrapper : undefined;
}

/** VmRSS sampled every 20 ms and VmHWM at the end, for the largest the process held. */
function sampleMemory(pid: number) {
  let peak = 0;
  const read = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      for (const field of ['VmRSS', 'VmHWM']) {
        const kib = Number(status.match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
        peak = Math.max(peak, kib / 1024);
      }
    } catch {
      // the process is gone
    }
  };
  const timer = setInterval(read, 20);
  return {
    peakMiB: () => {
      read();
      return Math.round(peak);
    },
    stop: () => clearInterval(timer),
  };
}

async function registerEntries(url: string, count: number) {
  let created = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        const i = next++;
        const response = await fetch(`${url}/api/registrations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `small-server-${i}-entry` },
          body: JSON.stringify(LoadClients.body(`small${i}`)),
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
        if (response.status === 201) created++;
      }
    }),
  );
  return created;
}

async function signIn(url: string) {
  const response = await fetch(`${url}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** pdftotext's count of the entries' distinct email addresses, and whether the PDF states the total. */
function entriesInPdf(pdf: Buffer, total: number) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'small-server-pdf-')), 'participants.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return {
    entries: new Set(text.match(/load\.small\d+@example\.com/g) ?? []).size,
    statesTotal: new RegExp(`\\b${total} entries\\b`).test(text),
  };
}

async function smallServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reliability-small-'));
  const wrapper = memoryLimitWrapper();
  const options: AppServerOptions = {
    node: serverNode,
    // The JavaScript heap a 512 MB server can afford beside PGlite's WebAssembly memory.
    nodeArgs: ['--max-old-space-size=192'],
    wrapper,
  };
  console.log(
    wrapper
      ? `Under ${wrapper.join(' ')}; Node ${nodeVersion}`
      : `No systemd here: the server runs unconfined and its peak VmRSS/VmHWM is checked against ` +
          `${SMALL_SERVER_PEAK_MIB} MB; Node ${nodeVersion}`,
  );
  let server = await startAppServer({ DATA_DIR: dataDir }, undefined, options);
  let memory = sampleMemory(server.pid);
  const startPeak = memory.peakMiB();
  const created = await registerEntries(server.url, SMALL_SERVER_ENTRIES);
  check(
    `small server: ${SMALL_SERVER_ENTRIES} entries registered on a fresh embedded database`,
    created === SMALL_SERVER_ENTRIES,
    `${created} answered 201; peak ${startPeak} MB while starting`,
  );
  const firstPeak = memory.peakMiB();
  memory.stop();
  server.kill('SIGTERM');
  await server.exited;

  // The first admin comes from the command line, with the server stopped (one process per PGlite).
  execFileSync(
    serverNode,
    [
      'node_modules/tsx/dist/cli.mjs',
      'scripts/create-admin.ts',
      '--email',
      ADMIN.email,
      '--password',
      ADMIN.password,
      '--name',
      ADMIN.name,
    ],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'ignore' },
  );
  server = await startAppServer({ DATA_DIR: dataDir }, server.port, options);
  memory = sampleMemory(server.pid);
  const cookie = await signIn(server.url);
  const response = await fetch(`${server.url}/api/participants/export.pdf`, {
    headers: { cookie },
    signal: AbortSignal.timeout(60_000),
  });
  const pdf = Buffer.from(await response.arrayBuffer());
  const inPdf =
    response.status === 200 ? entriesInPdf(pdf, SMALL_SERVER_ENTRIES) : { entries: 0, statesTotal: false };
  check(
    'small server: the PDF of all entries is complete',
    inPdf.entries === SMALL_SERVER_ENTRIES && inPdf.statesTotal,
    `${response.status}, ${inPdf.entries} entries in the PDF, total stated: ${inPdf.statesTotal ? 'yes' : 'no'}`,
  );
  await sleep(1000);
  const ready = await fetch(`${server.url}/readyz`).catch(() => undefined);
  const secondPeak = memory.peakMiB();
  memory.stop();
  check(
    'small server: still up after the export',
    ready?.status === 200 && server.exitCode() === null,
    ready ? `/readyz answered ${ready.status}` : 'no answer',
  );
  const peak = Math.max(firstPeak, secondPeak);
  check(
    `small server: never above ${SMALL_SERVER_PEAK_MIB} MB`,
    peak <= SMALL_SERVER_PEAK_MIB,
    `peak ${peak} MB (start and 200 entries: ${firstPeak} MB; restart, sign-in and PDF: ${secondPeak} MB)`,
  );
  server.kill('SIGTERM');
  await server.exited;
  check('small server: stops cleanly on SIGTERM', server.exitCode() === 0, `exit code ${server.exitCode()}`);
}

async function main() {
  if (!existsSync('dist/server/main.js') || process.env.RELIABILITY_BUILD !== 'no') {
    execFileSync('npx', ['tsx', 'scripts/build.ts'], { stdio: 'inherit' });
  }
  const scenarios = {
    'postgres-kill': killedServer,
    'postgres-restart': databaseRestart,
    'smtp-outage': smtpOutage,
    'pglite-kill': killedPgliteServer,
    'small-server': smallServer,
    'nginx-two-servers': (postgres: ThrowawayPostgres) =>
      twoServersBehindNginx(postgres, { check, verifyNoLoss, rowsByKey, serverNode }),
  };
  const names = args.only ? args.only.split(',') : Object.keys(scenarios);
  const unknown = names.filter((name) => !(name in scenarios));
  if (unknown.length)
    throw new Error(`No scenario ${unknown.join(', ')}: ${Object.keys(scenarios).join(', ')}`);
  const postgres = names.some(
    (name) => name.startsWith('postgres') || name === 'smtp-outage' || name === 'nginx-two-servers',
  )
    ? await startThrowawayPostgres()
    : undefined;
  const started = Date.now();
  console.log(`Server on Node ${nodeVersion} (${serverNode})`);
  try {
    for (const name of names) {
      const scenario = scenarios[name as keyof typeof scenarios];
      console.log(`\n━━ ${scenario.name}`);
      await scenario(postgres as ThrowawayPostgres);
    }
  } finally {
    await postgres?.stop();
  }
  const failed = results.filter((result) => !result.ok).length;
  console.log(
    `\n${results.length - failed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  process.exit(failed === 0 ? 0 : 1);
}

await main();
