/**
 * `npm run test:reliability`: fault scenarios against the production build and a throwaway PostgreSQL,
 * each asserting that nothing acknowledged is lost. (The quick ones — hostile input, oversized uploads —
 * run in `npm test`.)
 *   1. The server is killed (SIGKILL) under registration load and restarted.
 *   2. PostgreSQL stops under load and comes back.
 *   3. The SMTP server is down while people register, then comes back.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { startThrowawayPostgres, type ThrowawayPostgres } from './lib/throwaway-postgres.ts';
import { startAppServer } from './reliability/app-server.ts';
import { LoadClients } from './reliability/load-clients.ts';
import { SmtpCatcher } from './reliability/smtp-catcher.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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

async function main() {
  if (!existsSync('dist/server/main.js') || process.env.RELIABILITY_BUILD !== 'no') {
    execFileSync('npx', ['tsx', 'scripts/build.ts'], { stdio: 'inherit' });
  }
  const postgres = await startThrowawayPostgres();
  const started = Date.now();
  try {
    for (const scenario of [killedServer, databaseRestart, smtpOutage]) {
      console.log(`\n━━ ${scenario.name}`);
      await scenario(postgres);
    }
  } finally {
    await postgres.stop();
  }
  const failed = results.filter((result) => !result.ok).length;
  console.log(
    `\n${results.length - failed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  process.exit(failed === 0 ? 0 : 1);
}

await main();
