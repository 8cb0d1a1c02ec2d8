import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBinDir } from '../lib/throwaway-postgres.ts';
import { atLeast, figure, type MeasurementResult, type MeasurementSpec } from './figures.ts';
import { waitForQuietCpu } from './machine.ts';
import { makeTempDir, runCommand } from './processes.ts';

export const PGBENCH_CLIENTS = 50;
const THREADS = 2;
const SECONDS = 15;

export const PGBENCH: MeasurementSpec = {
  id: 'pgbench',
  title: 'PostgreSQL alone: single-row registration insert (pgbench)',
  method:
    `pgbench -n -c ${PGBENCH_CLIENTS} -j ${THREADS} -T ${SECONDS} with a custom script: one INSERT per transaction ` +
    'into bench_registrations, a scratch table in its own database with the columns, defaults, enums, ' +
    'unique and partial indexes and foreign keys of registrations (drizzle/0000_init.sql), each row a ' +
    'distinct person and reference; same throwaway server as the app (fsync and synchronous_commit off), ' +
    'run after the app server has stopped, following a CHECKPOINT.',
};

/** The shape of `registrations` (drizzle/0000_init.sql), with its referenced tables reduced to their keys. */
const SCRATCH_SCHEMA = `
create type discipline as enum ('run', 'cycle');
create type payment_status as enum ('unpaid', 'paid', 'waived');
create type registration_status as enum ('active', 'cancelled');
create sequence bench_registration_number_seq;
create table bench_events (id uuid primary key default gen_random_uuid());
create table bench_race_options (id uuid primary key default gen_random_uuid());
create table bench_registrations (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references bench_events (id),
  discipline discipline not null,
  race_option_id uuid not null references bench_race_options (id),
  reference text not null,
  first_name text not null,
  last_name text not null,
  email text not null,
  mobile text not null,
  next_of_kin_mobile text not null,
  age smallint not null,
  gender text,
  tshirt_size text not null,
  terms_version integer not null,
  consented_at timestamptz not null,
  payment_status payment_status not null default 'unpaid',
  status registration_status not null default 'active',
  idempotency_key text unique,
  created_at timestamptz not null default now()
);
create unique index bench_registrations_event_reference on bench_registrations (event_id, reference);
create unique index bench_registrations_same_person on bench_registrations
  (event_id, discipline, lower(first_name), lower(last_name), lower(email)) where status = 'active';
create index bench_registrations_race_active on bench_registrations (race_option_id) where status = 'active';
create index bench_registrations_created_at on bench_registrations (created_at);
insert into bench_events default values;
insert into bench_race_options default values;
`;

// lpad(n, 4) alone would cut 10000 down to "1000" and collide with an earlier reference past row 9999.
const INSERT_ONE_REGISTRATION = `
insert into bench_registrations (event_id, discipline, race_option_id, reference, first_name, last_name,
  email, mobile, next_of_kin_mobile, age, gender, tshirt_size, terms_version, consented_at, idempotency_key)
select (select id from bench_events), 'run', (select id from bench_race_options),
  'CFR25-' || lpad(n::text, greatest(4, length(n::text)), '0'), 'Tendai', 'Moyo ' || n, 'tendai.' || n || '@example.com',
  '+263771234567', '+263771234567', 37, 'Male', 'Medium', 1, now(), 'bench-' || n
from (select nextval('bench_registration_number_seq') as n) as next;
`;

interface PgbenchFigures {
  tps: number;
  latencyAverageMs?: number;
  transactions?: number;
  failed?: number;
}

/**
 * The app's registrations per second, when known, are set against the tps: how much of the database's pace the
 * app reaches, with the rate limits off and on (issue 44: the shared limiter costs no extra round trip).
 */
export async function measurePgbench(
  databaseUrl: string,
  registrationsPerSecond: { limitsOff?: number; limitsOn?: number },
): Promise<MeasurementResult> {
  await prepareScratchTable(databaseUrl);
  const scriptFile = path.join(makeTempDir('bench-pgbench-'), 'insert-registration.sql');
  writeFileSync(scriptFile, INSERT_ONE_REGISTRATION.trim().replace(/\n\s*/g, ' '));

  const { tps, notes, details } = await runPgbench(pgbenchArgs(databaseUrl, scriptFile));
  const figures = [figure('pgbench single-row insert', Math.round(tps), 'tps')];
  const { limitsOff, limitsOn } = registrationsPerSecond;
  if (limitsOff !== undefined) {
    figures.push(figure('POST on PostgreSQL ÷ pgbench tps', limitsOff / tps, '×', atLeast(0.4)));
  }
  if (limitsOn !== undefined) {
    figures.push(figure('POST on PostgreSQL, rate limits on ÷ pgbench tps', limitsOn / tps, '×'));
  }
  return { figures, notes, details };
}

export function pgbenchArgs(databaseUrl: string, scriptFile: string) {
  const url = new URL(databaseUrl);
  const args = [
    '-n',
    '-c',
    String(PGBENCH_CLIENTS),
    '-j',
    String(THREADS),
    '-T',
    String(SECONDS),
    '-f',
    scriptFile,
  ];
  args.push('-h', url.hostname, '-p', url.port, '-U', decodeURIComponent(url.username));
  args.push(decodeURIComponent(url.pathname.slice(1)));
  return args;
}

/** Runs pgbench once the machine is quiet: its tps, with what it printed. */
export async function runPgbench(args: string[]) {
  const pgbench = path.join(findPostgresBinDir(), 'pgbench');
  await waitForQuietCpu();
  const run = await runCommand(pgbench, args, { timeoutMs: (SECONDS + 45) * 1000 });
  if (run.code !== 0) {
    const lastLines = run.stderr.trim().split('\n').slice(-4).join('\n');
    throw new Error(`pgbench failed (exit code ${run.code}):\n${lastLines}`);
  }
  const parsed = parsePgbenchOutput(run.stdout);
  console.log(`pgbench: ${parsed.tps.toFixed(0)} tps, average latency ${parsed.latencyAverageMs} ms`);
  return {
    tps: parsed.tps,
    notes: parsed.failed ? [`pgbench reported ${parsed.failed} failed transactions`] : [],
    details: { ...parsed, command: `pgbench ${args.join(' ')}`, output: run.stdout.trim().split('\n') },
  };
}

async function prepareScratchTable(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(SCRATCH_SCHEMA);
    // Starts pgbench with no dirty pages left over from the app's run on the same server.
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

function parsePgbenchOutput(output: string): PgbenchFigures {
  const number = (pattern: RegExp) => {
    const match = output.match(pattern);
    return match?.[1] === undefined ? undefined : Number(match[1]);
  };
  const tps = number(/^tps = ([\d.]+)/m);
  if (tps === undefined) throw new Error(`pgbench printed no tps line:\n${output}`);
  return {
    tps,
    latencyAverageMs: number(/^latency average = ([\d.]+) ms/m),
    transactions: number(/^number of transactions actually processed: (\d+)/m),
    failed: number(/^number of failed transactions: (\d+)/m),
  };
}
