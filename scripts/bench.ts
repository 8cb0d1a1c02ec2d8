/**
 * `npm run bench`: builds the production bundle if needed, starts a throwaway PostgreSQL and the
 * production server on loopback, measures page weight, Lighthouse scores, registration throughput,
 * the admin's participants list and exports, the public search, a race-week message to 5,000 entrants
 * (registrations while it drains), a mixed load (registrations, a statement import and the PDF at once, with
 * the event loop's delay) and the server's footprint, then
 * prints a table and writes bench/results.json and bench/RESULTS.md.
 * `npm run bench -- --only footprint,embedded-exports` runs some parts (see PARTS) and writes its report to
 * bench/tmp/ instead, so RESULTS.md always comes from a whole run. `--node PATH` runs the server on that Node
 * (the machine section says which); without it, on the bench's own Node, or on CI's Node 24 (.cache/node24)
 * when the bench's own is outside package.json's engines.
 * Exit code 0 when every measurement ran, missed budgets included (the report says which);
 * 1 only when the bench itself broke.
 */
import { parseArgs } from 'node:util';
import { cleanUp, cleanUpOnSignals, onCleanup } from './bench/cleanup.ts';
import { EMBEDDED_EXPORTS, measureEmbeddedExports } from './bench/embedded-exports.ts';
import { type Measurement, measure } from './bench/figures.ts';
import { FOOTPRINT, measureFootprint } from './bench/footprint.ts';
import { GIVE_PAGE, measureGivePageOnPostgres } from './bench/give-page.ts';
import { LIGHTHOUSE, measureLighthouse } from './bench/lighthouse.ts';
import { describeCommit, describeMachine, waitForQuietCpu } from './bench/machine.ts';
import { MESSAGE_TO_ALL, measureMessagesOnPostgres } from './bench/messages.ts';
import { MIXED_LOAD, measureMixedLoad } from './bench/mixed-load.ts';
import { measurePages, PAGES } from './bench/pages.ts';
import { measurePaynowResults, PAYNOW_RESULTS } from './bench/paynow.ts';
import { measurePgbench, PGBENCH } from './bench/pgbench.ts';
import { measurePgbenchRegistration, PGBENCH_REGISTRATION } from './bench/pgbench-registration.ts';
import { measurePhone, PHONE_PROFILE } from './bench/phone.ts';
import { buildIfNeeded, setServerNode, startServer, supportedNodeInstead } from './bench/processes.ts';
import {
  EVENT_REFERENCE,
  measureEventReads,
  measureRegistrationsOnPglite,
  measureRegistrationsOnPostgres,
  measureRegistrationsWithRateLimits,
  prepareRegistrationTarget,
  REGISTRATIONS_PGLITE,
  REGISTRATIONS_POSTGRES,
  REGISTRATIONS_POSTGRES_LIMITED,
  type RegistrationTarget,
} from './bench/registrations.ts';
import { missedBudgets, printTable, writeReport } from './bench/report.ts';
import { measureResultsPageOnPostgres, RESULTS_PAGE } from './bench/results-page.ts';
import { measureRosterOnPostgres, ROSTER_DOWNLOAD } from './bench/roster.ts';
import { measureDataOnPostgres } from './bench/with-data.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './lib/throwaway-postgres.ts';

const PARTS = [
  'pages',
  'lighthouse',
  'phone',
  'registrations',
  'pgbench',
  'pglite',
  'data',
  'embedded-exports',
  'footprint',
  'paynow',
  'roster',
  'messages',
  'results-page',
  'mixed-load',
  'give-page',
] as const;
type Part = (typeof PARTS)[number];

const { values: args } = parseArgs({ options: { only: { type: 'string' }, node: { type: 'string' } } });
// The server (and the commands the bench runs beside it) on another Node, e.g. a Node 24 binary.
if (args.node) setServerNode(args.node);
else {
  const supported = await supportedNodeInstead();
  if (supported) {
    console.log(
      `Node ${process.version} is outside package.json's engines: the server runs on ${supported}.`,
    );
    setServerNode(supported);
  }
}
const only = args.only?.split(',').map((part) => part.trim());
const unknownParts = only?.filter((part) => !(PARTS as readonly string[]).includes(part)) ?? [];
if (unknownParts.length) {
  console.error(`Unknown part ${unknownParts.join(', ')}: choose from ${PARTS.join(', ')}.`);
  process.exit(1);
}
const wanted = (part: Part) => !only || only.includes(part);

async function startPostgres(): Promise<ThrowawayPostgres> {
  const postgres = await startThrowawayPostgres();
  onCleanup(() => postgres.stop());
  console.log(`Throwaway PostgreSQL ${postgres.version} on ${postgres.host}:${postgres.port}`);
  return postgres;
}

/**
 * The production server on PostgreSQL: pages, Lighthouse and reads first, registrations (the run that
 * writes) last; the server stops afterwards so its mail delivery does not run into pgbench.
 */
async function measureAppOnPostgres(databaseUrl: string) {
  const measurements: Measurement[] = [];
  let target: RegistrationTarget | undefined;
  const registrationsPerSecond: { limitsOff?: number; limitsOn?: number } = {};
  if (!(['pages', 'lighthouse', 'phone', 'registrations'] as const).some(wanted))
    return { measurements, target, registrationsPerSecond };
  const server = await startServer({ databaseUrl, label: 'postgres' });
  console.log(`Production server on PostgreSQL at ${server.url}`);
  try {
    if (wanted('pages')) measurements.push(await measure(PAGES, () => measurePages(server.url)));
    if (wanted('lighthouse'))
      measurements.push(await measure(LIGHTHOUSE, () => measureLighthouse(server.url)));
    if (wanted('phone')) measurements.push(await measure(PHONE_PROFILE, () => measurePhone(server.url)));
    if (wanted('registrations')) {
      // Reads before any registration exists, so the race counts in /api/event stay small.
      measurements.push(await measure(EVENT_REFERENCE, () => measureEventReads(server)));
      measurements.push(
        await measure(REGISTRATIONS_POSTGRES, async () => {
          target = await prepareRegistrationTarget(databaseUrl);
          const result = await measureRegistrationsOnPostgres(server, target);
          registrationsPerSecond.limitsOff = result.requestsPerSecond;
          return result;
        }),
      );
    }
  } finally {
    await server.stop();
  }
  if (wanted('registrations') && target) {
    const limitedTarget = target;
    const limited = await startServer({ databaseUrl, label: 'postgres-limited', env: { RATE_LIMITS: 'on' } });
    try {
      measurements.push(
        await measure(REGISTRATIONS_POSTGRES_LIMITED, async () => {
          const result = await measureRegistrationsWithRateLimits(limited, limitedTarget);
          registrationsPerSecond.limitsOn = result.requestsPerSecond;
          return result;
        }),
      );
    } finally {
      await limited.stop();
    }
  }
  return { measurements, target, registrationsPerSecond };
}

async function measureOnPglite(
  target: RegistrationTarget | undefined,
  databaseUrl: string,
): Promise<Measurement> {
  return measure(REGISTRATIONS_PGLITE, async () => {
    if (!target && !wanted('registrations')) {
      // Run alone: a start migrates and seeds the database the race and sizes are read from.
      await (await startServer({ databaseUrl, label: 'postgres' })).stop();
      target = await prepareRegistrationTarget(databaseUrl);
    }
    if (!target) throw new Error('No registration target: the PostgreSQL run could not prepare one');
    const server = await startServer({ label: 'pglite' });
    try {
      return await measureRegistrationsOnPglite(server, target);
    } finally {
      await server.stop();
    }
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  const date = new Date().toISOString();
  if (await buildIfNeeded()) console.log('Build done.');
  const commit = describeCommit();

  const postgres = await startPostgres();
  const appDatabaseUrl = await postgres.createDatabase('celebration_bench');
  const pgbenchDatabaseUrl = await postgres.createDatabase('bench_pgbench');
  const dataDatabaseUrl = await postgres.createDatabase('celebration_data');
  const paynowDatabaseUrl = await postgres.createDatabase('celebration_paynow');
  const rosterDatabaseUrl = await postgres.createDatabase('celebration_roster');
  const messagesDatabaseUrl = await postgres.createDatabase('celebration_messages');
  const resultsDatabaseUrl = await postgres.createDatabase('celebration_results');
  const mixedDatabaseUrl = await postgres.createDatabase('celebration_mixed');
  const giveDatabaseUrl = await postgres.createDatabase('celebration_give');
  const cpuBusyAtStart = await waitForQuietCpu();

  const measurements: Measurement[] = [];
  const onPostgres = await measureAppOnPostgres(appDatabaseUrl);
  measurements.push(...onPostgres.measurements);
  if (wanted('pgbench')) {
    const singleRow = await measure(PGBENCH, () =>
      measurePgbench(pgbenchDatabaseUrl, onPostgres.registrationsPerSecond),
    );
    const singleRowTps = singleRow.figures.find((each) => each.unit === 'tps')?.value;
    const registration = await measure(PGBENCH_REGISTRATION, () =>
      measurePgbenchRegistration(appDatabaseUrl, {
        singleRowTps,
        registrationsPerSecond: onPostgres.registrationsPerSecond.limitsOff,
      }),
    );
    measurements.push(singleRow, registration);
  }
  if (wanted('pglite')) measurements.push(await measureOnPglite(onPostgres.target, appDatabaseUrl));
  if (wanted('data')) measurements.push(...(await measureDataOnPostgres(dataDatabaseUrl)));
  if (wanted('embedded-exports')) measurements.push(await measure(EMBEDDED_EXPORTS, measureEmbeddedExports));
  if (wanted('paynow'))
    measurements.push(await measure(PAYNOW_RESULTS, () => measurePaynowResults(paynowDatabaseUrl)));
  if (wanted('roster'))
    measurements.push(await measure(ROSTER_DOWNLOAD, () => measureRosterOnPostgres(rosterDatabaseUrl)));
  if (wanted('messages'))
    measurements.push(await measure(MESSAGE_TO_ALL, () => measureMessagesOnPostgres(messagesDatabaseUrl)));
  if (wanted('results-page'))
    measurements.push(await measure(RESULTS_PAGE, () => measureResultsPageOnPostgres(resultsDatabaseUrl)));
  if (wanted('mixed-load'))
    measurements.push(await measure(MIXED_LOAD, () => measureMixedLoad(mixedDatabaseUrl)));
  if (wanted('give-page'))
    measurements.push(await measure(GIVE_PAGE, () => measureGivePageOnPostgres(giveDatabaseUrl)));
  if (wanted('footprint'))
    measurements.push(await measure(FOOTPRINT, () => measureFootprint(appDatabaseUrl)));
  await cleanUp();

  const report = {
    date,
    durationSeconds: (Date.now() - started) / 1000,
    commit,
    machine: describeMachine(postgres.version),
    cpuBusyAtStartPercent: cpuBusyAtStart,
    measurements,
  };
  printTable(report);
  writeReport(report, only ? 'bench/tmp' : 'bench');
  const missed = missedBudgets(report);
  console.log(missed.length ? `Budgets missed: ${missed.join(', ')}` : 'Every budget is met.');
  return report.measurements.some((m) => m.error) ? 1 : 0;
}

cleanUpOnSignals();
try {
  process.exitCode = await main();
} catch (error) {
  console.error(`The bench broke: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
