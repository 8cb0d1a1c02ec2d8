import { atMost, type Budget, figure, type MeasurementResult, type MeasurementSpec } from './figures.ts';
import { roundMs } from './http.ts';
import { waitForQuietCpu } from './machine.ts';
import { type RunningServer, readMemory, startServer } from './processes.ts';

const IDLE_WAIT_MS = 3000;
const EXISTING_STARTS = 3;
const MiB = 1024 * 1024;

export const FOOTPRINT: MeasurementSpec = {
  id: 'server-footprint',
  title: 'Server footprint: start time and memory',
  method:
    'The production server (node dist/server/main.js, NODE_ENV=production, LOG_LEVEL=warn) started by the ' +
    'bench (after waiting up to 15 s for quiet CPUs once), timed from spawning the process to the first ' +
    '200 from /readyz (polled every 25 ms): on PGlite with a fresh DATA_DIR (creates the database, ' +
    'migrates, seeds), then three times on that same DATA_DIR, each after a clean stop (SIGTERM; the median reported), then on the ' +
    'throwaway PostgreSQL with the migrated database of the registration run (after one untimed start, so ' +
    'that it is migrated when the bench runs this part alone). Idle memory: VmRSS of the server process ' +
    `${IDLE_WAIT_MS / 1000} s after /readyz answered, no request in between; peak: VmHWM at that moment ` +
    '(the most the process held while starting). On PGlite the database runs inside the server process, so ' +
    'its memory is included. 1 MB = 2^20 bytes. Budgets (issue 15, a 512 MB–1 GB server): fresh data ' +
    'directory ready ≤ 2.0 s, idle ≤ 350 MB, peak ≤ 450 MB; existing data directory ready ≤ 1.0 s, idle ' +
    '≤ 250 MB; PostgreSQL idle ≤ 120 MB.',
};

interface Start {
  label: string;
  readyMs: number;
  idleRss: number;
  peakRss: number;
  budgets: { readySeconds?: Budget; idleMiB?: Budget; peakMiB?: Budget };
}

async function startAndSettle(
  label: string,
  options: Parameters<typeof startServer>[0],
  budgets: Start['budgets'],
): Promise<{ start: Start; server: RunningServer }> {
  const server = await startServer(options);
  await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));
  const memory = readMemory(server.pid);
  const start = { label, readyMs: server.readyMs, idleRss: memory.rss, peakRss: memory.peak, budgets };
  console.log(
    `${label}: ready in ${roundMs(server.readyMs)} ms, idle RSS ${(memory.rss / MiB).toFixed(0)} MB, ` +
      `peak ${(memory.peak / MiB).toFixed(0)} MB`,
  );
  return { start, server };
}

export async function measureFootprint(postgresUrl: string): Promise<MeasurementResult> {
  const busy = await waitForQuietCpu();
  const starts: Start[] = [];
  const fresh = await startAndSettle(
    'PGlite, fresh data directory',
    { label: 'footprint-pglite', fresh: true },
    { readySeconds: atMost(2), idleMiB: atMost(350), peakMiB: atMost(450) },
  );
  starts.push(fresh.start);
  await fresh.server.stop();
  // The start of a warm machine varies by a tenth of a second from one minute to the next: the median of three.
  const restarts: Start[] = [];
  for (let run = 0; run < EXISTING_STARTS; run += 1) {
    const again = await startAndSettle(
      'PGlite, existing data directory',
      { label: 'footprint-pglite', dataDir: fresh.server.dataDir, fresh: true },
      { readySeconds: atMost(1), idleMiB: atMost(250) },
    );
    restarts.push(again.start);
    await again.server.stop();
  }
  const median = [...restarts].sort((a, b) => a.readyMs - b.readyMs)[Math.floor(EXISTING_STARTS / 2)];
  if (median) starts.push(median);
  // Migrates the database when the bench runs this part alone; a no-op after the registration run.
  await (await startServer({ label: 'footprint-postgres', databaseUrl: postgresUrl })).stop();
  const onPostgres = await startAndSettle(
    'PostgreSQL, migrated database',
    { label: 'footprint-postgres', databaseUrl: postgresUrl },
    { idleMiB: atMost(120) },
  );
  starts.push(onPostgres.start);
  await onPostgres.server.stop();

  const seconds = (ms: number) => Math.round(ms) / 1000;
  const mb = (bytes: number) => Math.round(bytes / MiB);
  return {
    figures: starts.flatMap((s) => [
      figure(`Start to ready, ${s.label}`, seconds(s.readyMs), 's', s.budgets.readySeconds),
      figure(`Idle RSS, ${s.label}`, mb(s.idleRss), 'MB', s.budgets.idleMiB),
      figure(`Peak RSS while starting, ${s.label}`, mb(s.peakRss), 'MB', s.budgets.peakMiB),
    ]),
    notes: [
      `Existing data directory: the median of ${EXISTING_STARTS} starts (${restarts.map((s) => seconds(s.readyMs)).join(' s, ')} s), with its memory.`,
      ...(busy >= 10
        ? [`The CPUs were still ${busy.toFixed(0)}% busy with other work when this began.`]
        : []),
    ],
    details: starts.map(({ budgets: _, ...s }) => ({
      ...s,
      readyMs: roundMs(s.readyMs),
      idleRssMiB: mb(s.idleRss),
      peakRssMiB: mb(s.peakRss),
    })),
  };
}
