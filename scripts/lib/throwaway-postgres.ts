/**
 * A disposable PostgreSQL server for tests and benchmarks: initdb in a temp dir, listen on a free
 * loopback port, durability switched off (the data is thrown away anyway), removed on stop().
 * Uses the Debian binaries (`apt-get install -y postgresql`, under /usr/lib/postgresql/<version>/bin), run as
 * the postgres user (runuser) when we are root, since initdb and postgres refuse to run as root.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

export interface ThrowawayPostgres {
  /** Connection URL of the `postgres` database, as superuser `postgres` (trust auth, no password). */
  url: string;
  /** Server version, e.g. "15.18". */
  version: string;
  host: string;
  port: number;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server and deletes its directory. Safe to call more than once. */
  stop(): Promise<void>;
  /** Stops the server but keeps its data, as an outage would (fault tests). */
  pause(): Promise<void>;
  /** Starts a paused server again on the same port. */
  resume(): Promise<void>;
}

export interface ThrowawayPostgresOptions {
  /** Extra `postgresql.conf` settings, added after the defaults. */
  settings?: Record<string, string | number>;
  /** How long to wait for the server to accept connections. */
  startTimeoutMs?: number;
}

const INSTALL_HINT =
  'Install them with `apt-get install -y postgresql` (Debian/Ubuntu), ' +
  'or set TEST_DATABASE_URL to a PostgreSQL database the tests may wipe.';

const HOST = '127.0.0.1';

/** Directory holding initdb, pg_ctl and postgres; throws a readable Error when there is none. */
export function findPostgresBinDir(): string {
  const hasServer = (dir: string) =>
    ['initdb', 'pg_ctl', 'postgres'].every((bin) => existsSync(path.join(dir, bin)));

  // pg_config also comes with libpq-dev, which has no server: check the binaries are really there.
  try {
    const dir = execFileSync('pg_config', ['--bindir'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (dir && hasServer(dir)) return dir;
  } catch {
    // no pg_config: try the other places
  }

  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
    for (const version of versions) {
      const dir = path.join(debianRoot, version, 'bin');
      if (hasServer(dir)) return dir;
    }
  }

  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && hasServer(dir)) return dir;
  }

  throw new Error(
    `PostgreSQL server binaries (initdb, pg_ctl, postgres) were not found via pg_config, in ${debianRoot}/*/bin or on PATH. ${INSTALL_HINT}`,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function databaseUrl(host: string, port: number, database: string): string {
  return `postgres://postgres@${host}:${port}/${encodeURIComponent(database)}`;
}

export async function startThrowawayPostgres(
  options: ThrowawayPostgresOptions = {},
): Promise<ThrowawayPostgres> {
  const binDir = findPostgresBinDir();
  const asRoot = process.getuid?.() === 0;

  // Root may not run initdb/postgres: hand the work to the `postgres` OS user.
  let owner: { uid: number; gid: number } | undefined;
  if (asRoot) {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      owner = { uid, gid };
    } catch {
      throw new Error(
        'Running as root, but there is no `postgres` OS user to run the server as (PostgreSQL refuses to run as root). ' +
          `${INSTALL_HINT} Or run as a non-root user.`,
      );
    }
  }

  const root = mkdtempSync(path.join(os.tmpdir(), 'throwaway-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  const logFile = path.join(root, 'server.log');
  mkdirSync(socketDir);
  if (owner) {
    chownSync(root, owner.uid, owner.gid);
    chownSync(socketDir, owner.uid, owner.gid);
  }

  /** Runs a PostgreSQL binary (as `postgres` when we are root); `cwd` is the temp dir so the user can enter it. */
  const command = (bin: string, args: string[]): [string, string[]] =>
    owner
      ? ['runuser', ['-u', 'postgres', '--', path.join(binDir, bin), ...args]]
      : [path.join(binDir, bin), args];
  const run = (bin: string, args: string[]) => {
    const [file, argv] = command(bin, args);
    const result = spawnSync(file, argv, {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
    });
    return {
      ok: result.status === 0,
      output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ?? ''}`,
    };
  };
  const serverLog = () => {
    try {
      return readFileSync(logFile, 'utf8').trim().split('\n').slice(-20).join('\n');
    } catch {
      return '(no server log)';
    }
  };

  let stopped = false;
  let started = false;
  /** Synchronous so that it also works from process.on('exit'). */
  const stopNow = (mode: 'fast' | 'immediate') => {
    if (stopped) return;
    stopped = true;
    process.off('exit', onExit);
    for (const signal of SIGNALS) process.off(signal, onSignal);
    if (started) run('pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '30']);
    rmSync(root, { recursive: true, force: true });
  };
  const onExit = () => stopNow('immediate');
  // Only when nobody else handles the signal: clean up, then die of it as we would have anyway.
  // A program with its own handler is expected to call stop() (or exit, which triggers onExit).
  const onSignal = (signal: NodeJS.Signals) => {
    if (process.listenerCount(signal) > 1) return;
    stopNow('immediate');
    process.kill(process.pid, signal);
  };
  process.on('exit', onExit);
  for (const signal of SIGNALS) process.on(signal, onSignal);

  try {
    // Collation C and ctype C.UTF-8 with UTF8, like PGlite, so ordering is the same on both.
    const init = run('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--lc-collate=C',
    ]);
    if (!init.ok) throw new Error(`initdb failed:\n${init.output.trim()}`);

    const settings: Record<string, string | number> = {
      listen_addresses: `'${HOST}'`,
      unix_socket_directories: `'${socketDir}'`,
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: 300,
      ...options.settings,
    };

    const timeoutSeconds = Math.ceil((options.startTimeoutMs ?? 30_000) / 1000);
    const pgCtlStart = () =>
      run('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', String(timeoutSeconds)]);
    let port = 0;
    // Another process may take the free port between our probe and the server's bind: retry a few times.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const conf = Object.entries({ ...settings, port })
        .map(([key, value]) => `${key} = ${value}`)
        .join('\n');
      appendFileSync(path.join(dataDir, 'postgresql.conf'), `\n# throwaway-postgres\n${conf}\n`);
      const start = pgCtlStart();
      if (start.ok) break;
      run('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate']);
      if (attempt >= 3) throw new Error(`PostgreSQL did not start:\n${start.output.trim()}\n${serverLog()}`);
    }
    started = true;

    const url = databaseUrl(HOST, port, 'postgres');
    const version = await waitForConnection(url, (options.startTimeoutMs ?? 30_000) + Date.now());

    return {
      url,
      version,
      host: HOST,
      port,
      async createDatabase(name: string) {
        await withClient(url, (client) => client.query(`create database ${quoteIdentifier(name)}`));
        return databaseUrl(HOST, port, name);
      },
      async stop() {
        stopNow('fast');
      },
      async pause() {
        const result = run('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']);
        if (!result.ok) throw new Error(`PostgreSQL did not stop:\n${result.output.trim()}`);
      },
      async resume() {
        const result = pgCtlStart();
        if (!result.ok)
          throw new Error(`PostgreSQL did not start again:\n${result.output.trim()}\n${serverLog()}`);
        await waitForConnection(url, Date.now() + 30_000);
      },
    };
  } catch (error) {
    if (started && error instanceof Error) error.message += `\n${serverLog()}`;
    stopNow('immediate');
    throw error;
  }
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Waits until the server answers a query; returns its version ("15.18"). */
async function waitForConnection(url: string, deadline: number): Promise<string> {
  for (;;) {
    try {
      return await withClient(url, async (client) => {
        const result = await client.query<{ server_version: string }>('show server_version');
        return (result.rows[0]?.server_version ?? 'unknown').split(' ')[0] ?? 'unknown';
      });
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`PostgreSQL at ${url} did not accept connections: ${(error as Error).message}`);
      }
      await sleep(200);
    }
  }
}

/**
 * Creates (or re-creates) database `name` on the server of `adminUrl` and returns its URL.
 * For servers we do not own (TEST_DATABASE_URL): the name should be one reserved for tests.
 */
export async function recreateDatabase(adminUrl: string, name: string): Promise<string> {
  await withClient(adminUrl, async (client) => {
    await client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
    await client.query(`create database ${quoteIdentifier(name)}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/** Creates the database `databaseUrl` names if its server lacks it (connecting to the server's `postgres`). */
export async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  await withClient(url.toString(), async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${quoteIdentifier(name)}`);
  });
}

/** host:port/database of a URL, without credentials: for messages. */
export function describeUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return '(unparsable URL)';
  }
}
