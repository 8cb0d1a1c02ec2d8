/**
 * The admin's participants list and exports and the public search, on PostgreSQL, with the data
 * growing between them (see BENCH_DATA's method).
 */
import { ADMIN, BenchData } from './data.ts';
import {
  CSV_EXPORT,
  CSV_LARGE_EXPORT,
  CSV_LARGE_ROWS,
  CSV_ROWS,
  measureCsvExport,
  measureLargeCsvExport,
  measurePdfExport,
  PDF_EXPORT,
  PDF_ROWS,
} from './exports.ts';
import { type Measurement, type MeasurementResult, type MeasurementSpec, measure } from './figures.ts';
import { signIn } from './http.ts';
import { LIST_REGISTRATIONS, measureParticipantsList, PARTICIPANTS_LIST } from './participants.ts';
import { type RunningServer, startServer } from './processes.ts';
import { prepareRegistrationTarget } from './registrations.ts';
import { measurePublicSearch, PUBLIC_SEARCH, registerRarePeople, SEARCH_REGISTRATIONS } from './search.ts';

const BENCH_DATA: MeasurementSpec = {
  id: 'bench-data',
  title: 'Data for the admin, export and search measurements',
  method:
    'A database of its own on the throwaway PostgreSQL. npm run admin:create (which migrates and seeds the ' +
    'empty database) makes the admin before the server starts; the server (PUBLIC_URL set to its own ' +
    'address) is signed in to through POST /api/account/sign-in, and the session cookie goes with every ' +
    'admin request. npm run seed:demo adds deterministic registrations beside the running server as each ' +
    `measurement needs them: ${PDF_ROWS.toLocaleString('en')} for the PDF, ${LIST_REGISTRATIONS.toLocaleString('en')} ` +
    `for the list and CSV, ${CSV_LARGE_ROWS.toLocaleString('en')} for the large CSV and the search; each ` +
    'addition is followed by VACUUM ANALYZE registrations, as autovacuum would do within a minute.',
};

/** Runs `body` once the database holds `count` registrations; a failed seed fails this measurement only. */
async function measureWithData(
  data: BenchData,
  count: number,
  spec: MeasurementSpec,
  body: () => Promise<MeasurementResult>,
): Promise<Measurement> {
  try {
    await data.ensure(count);
  } catch (error) {
    return measure(spec, () => Promise.reject(error));
  }
  return measure(spec, body);
}

/** The admin's list and exports and the public search, on PostgreSQL, with the data growing between them. */
export async function measureDataOnPostgres(databaseUrl: string): Promise<Measurement[]> {
  console.log('\n━━ Data for the admin, export and search measurements');
  const started = Date.now();
  const data = new BenchData(databaseUrl);
  const specs = [PDF_EXPORT, PARTICIPANTS_LIST, CSV_EXPORT, CSV_LARGE_EXPORT, PUBLIC_SEARCH];
  const measurements: Measurement[] = [];
  let server: RunningServer | undefined;
  let cookie = '';
  let setupError: unknown;
  try {
    await data.createAdmin();
    server = await startServer({ databaseUrl, label: 'data', dataDir: data.dataDir });
    cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
    console.log(`Production server on PostgreSQL at ${server.url}, signed in as ${ADMIN.email}`);
  } catch (error) {
    setupError = error;
  }
  try {
    if (!server || setupError) {
      for (const spec of specs) measurements.push(await measure(spec, () => Promise.reject(setupError)));
    } else {
      const app = server;
      measurements.push(
        await measureWithData(data, PDF_ROWS, PDF_EXPORT, () => measurePdfExport(app, cookie, data)),
        await measureWithData(data, LIST_REGISTRATIONS, PARTICIPANTS_LIST, () =>
          measureParticipantsList(app, cookie, data),
        ),
        await measureWithData(data, CSV_ROWS, CSV_EXPORT, () => measureCsvExport(app, cookie, data)),
        await measureWithData(data, CSV_LARGE_ROWS, CSV_LARGE_EXPORT, () =>
          measureLargeCsvExport(app, cookie, data),
        ),
        await measureWithData(data, SEARCH_REGISTRATIONS, PUBLIC_SEARCH, async () => {
          // admin:create's edition is a draft, closed to the public until an organiser publishes it.
          await data.query('update events set published_at = coalesce(published_at, now()) where is_current');
          const target = await prepareRegistrationTarget(databaseUrl);
          await registerRarePeople(app, target.raceType, target.tshirtSize);
          data.registrations = await data.countRegistrations();
          return measurePublicSearch(app, data);
        }),
      );
    }
  } finally {
    await server?.stop();
  }
  const dataSection: Measurement = {
    ...BENCH_DATA,
    figures: [],
    notes: [],
    breakdown: data.steps.map((step) => `${step.what}: ${step.seconds.toFixed(1)} s`),
    details: { steps: data.steps, registrations: data.registrations },
    seconds: data.steps.reduce((total, step) => total + step.seconds, 0),
    ...(setupError ? { error: setupError instanceof Error ? setupError.message : String(setupError) } : {}),
  };
  console.log(`Data phase took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return [dataSection, ...measurements];
}
