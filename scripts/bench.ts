/**
 * `npm run bench`: builds the production bundle if needed, starts a throwaway PostgreSQL and the
 * production server on loopback, measures page weight, Lighthouse scores and registration throughput,
 * then prints a table and writes bench/results.json and bench/RESULTS.md.
 * Exit code 0 when every measurement ran, missed budgets included (the report says which);
 * 1 only when the bench itself broke.
 */
import { cleanUp, cleanUpOnSignals, onCleanup } from './bench/cleanup.ts';
import { type Measurement, measure } from './bench/figures.ts';
import { LIGHTHOUSE, measureLighthouse } from './bench/lighthouse.ts';
import { measurePages, PAGES } from './bench/pages.ts';
import { measurePgbench, PGBENCH } from './bench/pgbench.ts';
import { buildIfNeeded, type RunningServer, startServer } from './bench/processes.ts';
import {
  EVENT_REFERENCE,
  measureEventReads,
  measureRegistrationsOnPglite,
  measureRegistrationsOnPostgres,
  prepareRegistrationTarget,
  REGISTRATIONS_PGLITE,
  REGISTRATIONS_POSTGRES,
  type RegistrationTarget,
} from './bench/registrations.ts';
import { describeCommit, describeMachine, missedBudgets, printTable, writeReport } from './bench/report.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './lib/throwaway-postgres.ts';

async function startPostgres(): Promise<ThrowawayPostgres> {
  const postgres = await startThrowawayPostgres();
  onCleanup(() => postgres.stop());
  console.log(`Throwaway PostgreSQL ${postgres.version} on ${postgres.host}:${postgres.port}`);
  return postgres;
}

/** Everything measured against the server on PostgreSQL, in an order where earlier runs do not skew later ones. */
async function measureOnPostgres(server: RunningServer, appDatabaseUrl: string, pgbenchDatabaseUrl: string) {
  const measurements: Measurement[] = [];
  measurements.push(await measure(PAGES, () => measurePages(server.url)));
  measurements.push(await measure(LIGHTHOUSE, () => measureLighthouse(server.url)));
  // Reads before any registration exists, so the race counts in /api/event stay small.
  measurements.push(await measure(EVENT_REFERENCE, () => measureEventReads(server)));
  let pgbenchTps: number | undefined;
  measurements.push(
    await measure(PGBENCH, async () => {
      const result = await measurePgbench(pgbenchDatabaseUrl);
      pgbenchTps = result.tps;
      return result;
    }),
  );
  let target: RegistrationTarget | undefined;
  measurements.push(
    await measure(REGISTRATIONS_POSTGRES, async () => {
      target = await prepareRegistrationTarget(appDatabaseUrl);
      return measureRegistrationsOnPostgres(server, target, pgbenchTps);
    }),
  );
  return { measurements, target };
}

async function measureOnPglite(target: RegistrationTarget | undefined): Promise<Measurement> {
  return measure(REGISTRATIONS_PGLITE, async () => {
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
  const server = await startServer({ databaseUrl: appDatabaseUrl, label: 'postgres' });
  console.log(`Production server on PostgreSQL at ${server.url}`);

  const onPostgres = await measureOnPostgres(server, appDatabaseUrl, pgbenchDatabaseUrl);
  await server.stop();
  const onPglite = await measureOnPglite(onPostgres.target);
  await cleanUp();

  const report = {
    date,
    durationSeconds: (Date.now() - started) / 1000,
    commit,
    machine: describeMachine(postgres.version),
    measurements: [...onPostgres.measurements, onPglite],
  };
  printTable(report);
  writeReport(report);
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
