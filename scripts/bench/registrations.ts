import type { AutocannonRequest } from 'autocannon';
import pg from 'pg';
import { letters, runnerEntry } from '../../tests/support/entries.ts';
import {
  atLeast,
  atMost,
  type Budget,
  type Figure,
  figure,
  type MeasurementResult,
  type MeasurementSpec,
} from './figures.ts';
import { type LoadFigures, runLoad } from './load.ts';
import { waitForQuietCpu } from './machine.ts';
import { loggedErrors, type RunningServer } from './processes.ts';

const CONNECTIONS = 50;
const SECONDS = 15;
const WARM_UP_SECONDS = 3;

const LOAD_METHOD =
  `autocannon (programmatic, in the bench process on the same machine) POST /api/registrations with ` +
  `${CONNECTIONS} connections for ${SECONDS} s after a ${WARM_UP_SECONDS} s warm-up that is not counted ` +
  '(and after waiting up to 15 s for the CPUs to go quiet); ' +
  'every request a valid runner entry for a new person (distinct name and email) with its own ' +
  'Idempotency-Key, as the client sends; production server (node dist/server/main.js), RATE_LIMITS=off, ' +
  "LOG_LEVEL=warn, dev mail outbox. Requests/s is autocannon's mean of per-second counts; any response " +
  'other than 201, connection error or timeout counts as unexpected.';

export const REGISTRATIONS_POSTGRES: MeasurementSpec = {
  id: 'registrations-postgres',
  title: 'Registration throughput on PostgreSQL',
  method: `${LOAD_METHOD} Database: the throwaway PostgreSQL (pool of 10 connections, the server's default).`,
};

export const REGISTRATIONS_POSTGRES_LIMITED: MeasurementSpec = {
  id: 'registrations-postgres-limited',
  title: 'Registration throughput on PostgreSQL with the rate limits on',
  method:
    `${LOAD_METHOD.replace('RATE_LIMITS=off', 'RATE_LIMITS=on')} Each request comes from its own client address ` +
    '(X-Forwarded-For, which the server trusts from loopback), as a crowd of phones would: every one counted in ' +
    "PostgreSQL's shared rate counters (issue 44), none over its limit. Database: the throwaway PostgreSQL, " +
    'after the run with the limits off.',
};

export const REGISTRATIONS_PGLITE: MeasurementSpec = {
  id: 'registrations-pglite',
  title: 'Registration throughput on PGlite (report only)',
  method: `${LOAD_METHOD} Database: embedded PGlite in a fresh temporary DATA_DIR. Report only, no budget.`,
};

export const EVENT_REFERENCE: MeasurementSpec = {
  id: 'event-reference',
  title: 'Reference: GET /api/event on PostgreSQL (report only)',
  method:
    `autocannon GET /api/event with ${CONNECTIONS} connections for 10 s after a ${WARM_UP_SECONDS} s warm-up, ` +
    'before any registration exists: a read that goes through the same server, routing and pool (two ' +
    "queries), to show the server's own ceiling next to the registration figure.",
};

/** The race and T-shirt size every bench entry uses. */
export interface RegistrationTarget {
  raceType: string;
  tshirtSize: string;
  notes: string[];
}

/**
 * Makes sure the current event takes registrations for the whole run, on the bench database only:
 * a closing time in the past (or within the hour) moves 30 days ahead; the race must have no capacity.
 */
export async function prepareRegistrationTarget(databaseUrl: string): Promise<RegistrationTarget> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const notes: string[] = [];
    const moved = await client.query<{ closes_at: Date }>(
      `update events set registration_closes_at = now() + interval '30 days'
       where is_current and registration_closes_at < now() + interval '1 hour'
       returning registration_closes_at as closes_at`,
    );
    if (moved.rows[0]) {
      notes.push(
        `Registration closing time was in the past; set to ${moved.rows[0].closes_at.toISOString()}.`,
      );
    }
    const race = await client.query<{ label: string; tshirt_size: string }>(
      `select r.label, e.tshirt_sizes->'run'->>0 as tshirt_size
       from race_options r join events e on e.id = r.event_id
       where e.is_current and r.discipline = 'run' and r.capacity is null
       order by r.sort_order limit 1`,
    );
    const row = race.rows[0];
    if (!row) throw new Error('The current event has no running race without a capacity limit');
    notes.push(
      `Entries go to the run race "${row.label}" (no capacity limit), T-shirt "${row.tshirt_size}".`,
    );
    return { raceType: row.label, tshirtSize: row.tshirt_size, notes };
  } finally {
    await client.end();
  }
}

/** Requests that each register a new person; `runTag` keeps separate runs from colliding. */
export function distinctEntries(
  target: RegistrationTarget,
  runTag: string,
  { ownAddress = false } = {},
): AutocannonRequest[] {
  let serial = 0;
  const setupRequest = (request: AutocannonRequest): AutocannonRequest => {
    serial += 1;
    const tag = `${runTag}${letters(serial)}`;
    // 10.0.0.0/8: one client address per request, for the rate limits to count.
    const address = `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`;
    return {
      ...request,
      headers: {
        'content-type': 'application/json',
        'idempotency-key': `bench-${tag}-${serial}`,
        ...(ownAddress ? { 'x-forwarded-for': address } : {}),
      },
      // Listed, as an entrant opts in: the public search's worst case is everyone listed.
      body: JSON.stringify(
        runnerEntry(tag, { raceType: target.raceType, tshirtSize: target.tshirtSize, listedInSearch: true }),
      ),
    };
  };
  return [{ method: 'POST', path: '/api/registrations', setupRequest }];
}

async function loadRegistrations(
  baseUrl: string,
  target: RegistrationTarget,
  runTag: string,
  entries: { ownAddress?: boolean } = {},
) {
  const url = `${baseUrl}/api/registrations`;
  const options = { url, connections: CONNECTIONS, expectedStatus: 201 };
  await runLoad({
    ...options,
    seconds: WARM_UP_SECONDS,
    requests: distinctEntries(target, `${runTag}w`, entries),
  });
  return runLoad({ ...options, seconds: SECONDS, requests: distinctEntries(target, `${runTag}m`, entries) });
}

async function assertRegistrationOpen(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/event`, { signal: AbortSignal.timeout(5000) });
  const event = (await response.json()) as { registrationOpen?: boolean };
  if (event.registrationOpen !== true) throw new Error(`Registration is not open on ${baseUrl}`);
}

function printLoad(load: LoadFigures) {
  console.log(
    `${load.requestsPerSecond.toFixed(0)} requests/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, ` +
      `${load.total} requests, statuses ${JSON.stringify(load.byStatus)}, ` +
      `errors ${load.errors}, timeouts ${load.timeouts}`,
  );
}

function unexpectedNote(load: LoadFigures, server: RunningServer): string[] {
  if (load.unexpected === 0) return [];
  const causes = loggedErrors(server.logFile)
    .slice(0, 3)
    .map(({ count, cause }) => `${count} × ${cause}`);
  return [
    `${load.unexpected} unexpected outcomes: statuses ${JSON.stringify(load.byStatus)}, ` +
      `${load.errors} connection errors, ${load.timeouts} timeouts. ` +
      `Errors in the server log (warm-up included): ${causes.join('; ') || 'none'}.`,
  ];
}

/** Other work on the machine skews every figure here: wait for it to pass, and say so when it did not. */
async function busyMachineNote(): Promise<string[]> {
  const busy = await waitForQuietCpu();
  return busy >= 10
    ? [`The CPUs were still ${busy.toFixed(0)}% busy with other work when this run began.`]
    : [];
}

interface RegistrationBudgets {
  requestsPerSecond?: Budget;
  p99Ms?: Budget;
  unexpected?: Budget;
}

function registrationFigures(label: string, load: LoadFigures, budgets: RegistrationBudgets): Figure[] {
  return [
    figure(`POST ${label}`, Math.round(load.requestsPerSecond), 'requests/s', budgets.requestsPerSecond),
    figure(`POST ${label}: 201 responses`, Math.round(load.expectedPerSecond), 'per s'),
    figure(`POST ${label}: p50 latency`, load.p50Ms, 'ms'),
    figure(`POST ${label}: p99 latency`, load.p99Ms, 'ms', budgets.p99Ms),
    figure(`POST ${label}: non-201 responses, errors, timeouts`, load.unexpected, '', budgets.unexpected),
  ];
}

export async function measureRegistrationsOnPostgres(
  server: RunningServer,
  target: RegistrationTarget,
): Promise<MeasurementResult & { requestsPerSecond: number }> {
  await assertRegistrationOpen(server.url);
  const busy = await busyMachineNote();
  const load = await loadRegistrations(server.url, target, 'pg');
  printLoad(load);
  const budgets = { requestsPerSecond: atLeast(2000), p99Ms: atMost(50), unexpected: atMost(0) };
  return {
    requestsPerSecond: load.requestsPerSecond,
    figures: registrationFigures('on PostgreSQL', load, budgets),
    notes: [...target.notes, ...busy, ...unexpectedNote(load, server)],
    details: { ...load, serverErrors: loggedErrors(server.logFile) },
  };
}

export async function measureRegistrationsWithRateLimits(
  server: RunningServer,
  target: RegistrationTarget,
): Promise<MeasurementResult & { requestsPerSecond: number }> {
  await assertRegistrationOpen(server.url);
  const busy = await busyMachineNote();
  const load = await loadRegistrations(server.url, target, 'rl', { ownAddress: true });
  printLoad(load);
  return {
    requestsPerSecond: load.requestsPerSecond,
    figures: registrationFigures('on PostgreSQL, rate limits on', load, { unexpected: atMost(0) }),
    notes: [...busy, ...unexpectedNote(load, server)],
    details: { ...load, serverErrors: loggedErrors(server.logFile) },
  };
}

export async function measureRegistrationsOnPglite(
  server: RunningServer,
  target: RegistrationTarget,
): Promise<MeasurementResult> {
  await assertRegistrationOpen(server.url);
  const busy = await busyMachineNote();
  const load = await loadRegistrations(server.url, target, 'lite');
  printLoad(load);
  return {
    figures: registrationFigures('on PGlite', load, {}),
    notes: [...busy, ...unexpectedNote(load, server)],
    details: { ...load, serverErrors: loggedErrors(server.logFile) },
  };
}

export async function measureEventReads(server: RunningServer): Promise<MeasurementResult> {
  const options = { url: `${server.url}/api/event`, connections: CONNECTIONS, expectedStatus: 200 };
  const busy = await busyMachineNote();
  await runLoad({ ...options, seconds: WARM_UP_SECONDS });
  const load = await runLoad({ ...options, seconds: 10 });
  printLoad(load);
  return {
    figures: [
      figure('GET /api/event on PostgreSQL', Math.round(load.requestsPerSecond), 'requests/s'),
      figure('GET /api/event on PostgreSQL: p99 latency', load.p99Ms, 'ms'),
    ],
    notes: [...busy, ...unexpectedNote(load, server)],
    details: load,
  };
}
