/**
 * `npm test`: every check, stopping at the first failure.
 * typecheck beside lint and the import-cycle check → build → PostgreSQL (TEST_DATABASE_URL or a throwaway server) → the browser tests
 * in Chromium against PostgreSQL, with the API tests beside them (on PGlite, then on PostgreSQL): each
 * uses about one core of two, so the two lanes take little longer than the browser tests alone.
 * The last line, "N passed, M failed", is read by CI.
 * TEST_SKIP_E2E=1 skips build and browser tests for quick local runs.
 * TEST_PGLITE_NODE=/path/to/node runs the API tests on PGlite on that Node (CI: Node 24 LTS, what a small
 * server runs), the API tests on PostgreSQL and the server of the browser tests staying on this one.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM, CHROMIUM_HEADLESS_SHELL, chromiumVersion } from './lib/chromium.ts';
import {
  describeUrl,
  recreateDatabase,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from './lib/throwaway-postgres.ts';

const API_DATABASE = 'celebration_api';
const E2E_DATABASE = 'celebration_e2e';
const skipE2e = ['1', 'true', 'yes'].includes((process.env.TEST_SKIP_E2E ?? '').toLowerCase());

type Outcome = 'pass' | 'fail' | 'skipped' | 'not run';
interface Step {
  name: string;
  outcome: Outcome;
  ms: number;
  note?: string;
}

const steps: Step[] = [];
let current: ChildProcess | undefined;
const beside = new Set<ChildProcess>();
const pgliteNode = process.env.TEST_PGLITE_NODE;
let throwaway: ThrowawayPostgres | undefined;
let postgresLabel = 'PostgreSQL';
let apiUrl: string | undefined;
let e2eUrl: string | undefined;

function banner(text: string) {
  console.log(`\n━━ ${text} ${'━'.repeat(Math.max(3, 70 - text.length))}`);
}

/** Environment for children: never the developer's own DATABASE_URL, nor a stray TEST_DATABASE_URL. */
function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  delete env.E2E_DATABASE_URL;
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) env[key] = value;
  return env;
}

function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<boolean> {
  console.log(`$ ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    current = child;
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(false);
    });
    child.on('exit', (code) => {
      current = undefined;
      resolve(code === 0);
    });
  });
}

/** Passes the signal on to the running child and waits for it (a little), so nothing outlives us. */
function stopChild(signal: NodeJS.Signals): Promise<void> {
  const child = current;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** Runs a command beside the current step, its output kept until it ends. */
function runBeside(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const started = Date.now();
  let output = '';
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  beside.add(child);
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise<{ ok: boolean; output: string; ms: number }>((resolve) => {
    child.on('error', (error) => resolve({ ok: false, output: `${output}\n${error.message}`, ms: 0 }));
    child.on('exit', (code) => {
      beside.delete(child);
      resolve({ ok: code === 0, output, ms: Date.now() - started });
    });
  });
}

function nodeVersion(node: string) {
  try {
    return execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return `unknown (${node} does not run)`;
  }
}

/** Runs one step; returns false (and records it) on failure. */
async function step(name: string, body: () => Promise<boolean | string>): Promise<boolean> {
  banner(name);
  const started = Date.now();
  let ok = false;
  let note: string | undefined;
  try {
    const result = await body();
    ok = result !== false;
    if (typeof result === 'string') note = result;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
  }
  steps.push({ name, outcome: ok ? 'pass' : 'fail', ms: Date.now() - started, note });
  return ok;
}

async function preparePostgres(): Promise<string> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    // The API tests wipe their database, and TEST_DATABASE_URL is meant for exactly that.
    apiUrl = external;
    const version = await serverVersion(external);
    postgresLabel = `PostgreSQL ${version} (TEST_DATABASE_URL ${describeUrl(external)})`;
    console.log(`Using PostgreSQL ${version} from TEST_DATABASE_URL: ${describeUrl(external)}`);
    if (process.env.E2E_DATABASE_URL) {
      e2eUrl = process.env.E2E_DATABASE_URL;
      console.log(`Browser tests use E2E_DATABASE_URL: ${describeUrl(e2eUrl)}`);
    } else {
      try {
        e2eUrl = await recreateDatabase(external, E2E_DATABASE);
        // The second browser worker's (playwright.config.ts), fresh too.
        await recreateDatabase(external, `${E2E_DATABASE}_w1`);
        console.log(`Browser tests use the new database ${describeUrl(e2eUrl)}`);
      } catch (error) {
        e2eUrl = external;
        console.log(
          `Could not create database ${E2E_DATABASE} (${(error as Error).message}); ` +
            `browser tests will reuse ${describeUrl(external)} after the API tests.`,
        );
      }
    }
    return postgresLabel;
  }

  console.log(
    'TEST_DATABASE_URL is not set: starting a throwaway PostgreSQL server from the local binaries.',
  );
  try {
    throwaway = await startThrowawayPostgres();
  } catch (error) {
    throw new Error(`Cannot start a throwaway PostgreSQL server. ${(error as Error).message}`);
  }
  apiUrl = await throwaway.createDatabase(API_DATABASE);
  e2eUrl = await throwaway.createDatabase(E2E_DATABASE);
  postgresLabel = `PostgreSQL ${throwaway.version} (throwaway on ${throwaway.host}:${throwaway.port})`;
  console.log(
    `Started throwaway PostgreSQL ${throwaway.version} on ${throwaway.host}:${throwaway.port} ` +
      `with databases ${API_DATABASE} and ${E2E_DATABASE}.`,
  );
  return postgresLabel;
}

async function serverVersion(url: string): Promise<string> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot connect to TEST_DATABASE_URL (${describeUrl(url)}): ${(error as Error).message}`);
  }
  try {
    const result = await client.query<{ server_version: string }>('show server_version');
    return (result.rows[0]?.server_version ?? 'unknown').split(' ')[0] ?? 'unknown';
  } finally {
    await client.end();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mark = (outcome: Outcome | undefined) =>
  outcome === 'pass' ? '✓' : outcome === 'fail' ? '✗' : outcome === 'skipped' ? '(skipped)' : '(not run)';

function printSummary(plan: string[], totalMs: number) {
  const rows = plan.map(
    (name) =>
      steps.find((s) => s.name === name) ?? { name, outcome: 'not run' as Outcome, ms: 0, note: undefined },
  );
  const width = Math.max(...plan.map((name) => name.length), 'Step'.length);
  banner('Summary');
  console.log(`  ${'Step'.padEnd(width)}  ${'Result'.padEnd(8)}  ${'Time'.padStart(8)}`);
  for (const row of rows) {
    const time = row.outcome === 'pass' || row.outcome === 'fail' ? seconds(row.ms) : '';
    const note = row.note ? `  ${row.note}` : '';
    console.log(`  ${row.name.padEnd(width)}  ${row.outcome.padEnd(8)}  ${time.padStart(8)}${note}`);
  }
  console.log(`  ${'Total'.padEnd(width)}  ${''.padEnd(8)}  ${seconds(totalMs).padStart(8)}`);

  const outcome = (name: string) => steps.find((s) => s.name === name)?.outcome;
  const pgOutcome = outcome(STEP.vitestPostgres) ?? (outcome(STEP.postgres) === 'fail' ? 'fail' : undefined);
  const version = skipE2e ? undefined : chromiumVersion();
  const browser = `Chromium${version ? ` ${version}` : ''} (${CHROMIUM_HEADLESS_SHELL}, and ${CHROMIUM} where Background Sync is tested)`;
  console.log(
    `\nDatabases: PGlite (in memory) ${mark(outcome(STEP.vitestPglite))}, ${postgresLabel} ${mark(pgOutcome)}; ` +
      `Browser: ${browser} ${mark(skipE2e ? 'skipped' : outcome(STEP.e2e))}`,
  );
  if (skipE2e) console.log('TEST_SKIP_E2E is set: build and browser tests were skipped.');
  const passed = steps.filter((s) => s.outcome === 'pass').length;
  const failed = steps.filter((s) => s.outcome === 'fail').length;
  console.log(`${passed} passed, ${failed} failed`);
}

const STEP = {
  typecheck: 'typecheck',
  lint: 'lint',
  cycles: 'import cycles',
  vitestPglite: 'API tests on PGlite',
  postgres: 'PostgreSQL server',
  vitestPostgres: 'API tests on PostgreSQL',
  build: 'build',
  e2e: 'browser tests (Chromium)',
};

async function main(): Promise<number> {
  const started = Date.now();
  console.log(
    `Node ${process.version} (${process.execPath})${pgliteNode ? `; PGlite's API tests on ${nodeVersion(pgliteNode)} (${pgliteNode})` : ''}`,
  );
  const pgliteStep = STEP.vitestPglite;
  const plan = [STEP.typecheck, STEP.lint, STEP.cycles];
  if (!skipE2e) plan.push(STEP.build);
  plan.push(STEP.postgres);
  if (!skipE2e) plan.push(STEP.e2e);
  plan.push(pgliteStep, STEP.vitestPostgres);

  const checks =
    (await together([
      [STEP.typecheck, 'npm', ['run', '--silent', 'typecheck'], childEnv()],
      [STEP.lint, 'npm', ['run', '--silent', 'lint'], childEnv()],
      // dpdm counts type-only imports, which Biome's noImportCycles leaves out.
      [STEP.cycles, 'npm', ['run', '--silent', 'cycles'], childEnv()],
    ])) &&
    (skipE2e ||
      (await step(STEP.build, () => runCommand('npm', ['run', '--silent', 'build'], childEnv())))) &&
    (await step(STEP.postgres, preparePostgres));
  let ok = checks;
  if (checks) {
    // The API tests run beside the browser tests, their output shown when each run ends.
    const apiLane = (async () =>
      (await besideStep(pgliteStep, pgliteNode ?? process.execPath, [VITEST, 'run'], childEnv())) &&
      (await besideStep(
        STEP.vitestPostgres,
        process.execPath,
        // What touches no database ran on PGlite already: the lint's tests and the quick reliability checks.
        [VITEST, 'run', '--exclude', 'lint/**', '--exclude', 'tests/reliability/quick/**'],
        childEnv({ TEST_DATABASE_URL: apiUrl }),
      )))();
    const browsers = skipE2e || (await step(STEP.e2e, runBrowserTests));
    ok = (await apiLane) && browsers;
  }

  if (throwaway) {
    await throwaway.stop();
    throwaway = undefined;
  }
  printSummary(plan, Date.now() - started);
  return ok ? 0 : 1;
}

const VITEST = 'node_modules/vitest/vitest.mjs';

function runBrowserTests() {
  for (const binary of [CHROMIUM, CHROMIUM_HEADLESS_SHELL]) {
    if (!existsSync(binary)) {
      throw new Error(
        `${binary} is not installed. Install it with \`apt-get install -y chromium chromium-headless-shell\`.`,
      );
    }
  }
  return runCommand('npm', ['run', '--silent', 'test:e2e'], childEnv({ E2E_DATABASE_URL: e2eUrl }));
}

/** Commands run side by side as steps of their own, each output shown whole when it ends. */
async function together(commands: [string, string, string[], NodeJS.ProcessEnv][]) {
  const results = await Promise.all(
    commands.map(([name, command, args, env]) => besideStep(name, command, args, env)),
  );
  return results.every(Boolean);
}

/** One step run beside others: its output is kept and printed under its banner when it ends. */
async function besideStep(name: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  const run = await runBeside(command, args, env);
  banner(`${name} (ran beside, ${seconds(run.ms)})`);
  console.log(run.output.trimEnd());
  steps.push({ name, outcome: run.ok ? 'pass' : 'fail', ms: run.ms });
  return run.ok;
}

// Our own handlers, so a Ctrl-C or a CI timeout still stops the throwaway server and its children.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\nReceived ${signal}: stopping.`);
    void (async () => {
      try {
        for (const child of beside) child.kill(signal);
        await stopChild(signal);
        await throwaway?.stop();
      } finally {
        process.exit(signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 129);
      }
    })();
  });
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await throwaway?.stop();
}
