/**
 * The data behind the admin, export and search measurements: an admin made with `npm run admin:create`
 * and registrations made with `npm run seed:demo`, both against the bench's own PostgreSQL database,
 * grown step by step (10,000 → 20,000 → 100,000) as the measurements need them.
 */
import pg from 'pg';
import { makeTempDir, runCommand, serverEnv } from './processes.ts';

export const ADMIN = {
  email: 'bench.admin@example.com',
  password: 'bench-admin-password-1',
  name: 'Bench Admin',
};

/**
 * A data directory for a server on PGlite, holding the bench admin and `registrations` demo entries made with
 * `npm run admin:create` and `npm run seed:demo`, as for a server on `port` (0: the commands' own default).
 */
export async function embeddedDataWith(prefix: string, registrations: number, port = 0) {
  const dataDir = makeTempDir(prefix);
  const env = { ...serverEnv(port, dataDir, undefined), PORT: String(port || 3000) };
  for (const [script, args] of [
    ['admin:create', ['--email', ADMIN.email, '--password', ADMIN.password, '--name', ADMIN.name]],
    ['seed:demo', ['--registrations', String(registrations)]],
  ] as const) {
    const run = await runCommand('npm', ['run', '--silent', script, '--', ...args], {
      timeoutMs: 300_000,
      env,
    });
    if (run.code !== 0) throw new Error(`npm run ${script} failed: ${`${run.stdout}\n${run.stderr}`.trim()}`);
  }
  return dataDir;
}

export interface DataStep {
  what: string;
  seconds: number;
}

export class BenchData {
  /** Active registrations in the database, as counted after the last step. */
  registrations = 0;
  readonly steps: DataStep[] = [];
  /** The server's DATA_DIR too: the commands and the server see the same generated secrets. */
  readonly dataDir = makeTempDir('bench-data-');

  constructor(readonly databaseUrl: string) {}

  /** The environment a server-side command (admin:create, seed:demo) gets: the bench database only. */
  private env(): NodeJS.ProcessEnv {
    return { ...serverEnv(0, this.dataDir, this.databaseUrl), PORT: '3000' };
  }

  private async npmRun(what: string, script: string, args: string[], timeoutMs: number) {
    const started = Date.now();
    const run = await runCommand('npm', ['run', '--silent', script, '--', ...args], {
      timeoutMs,
      env: this.env(),
    });
    if (run.code !== 0) {
      const output = `${run.stdout}\n${run.stderr}`.trim().split('\n').slice(-8).join('\n');
      throw new Error(`npm run ${script} failed (exit code ${run.code}):\n${output}`);
    }
    const seconds = (Date.now() - started) / 1000;
    this.steps.push({ what, seconds });
    console.log(`${what}: ${seconds.toFixed(1)} s`);
  }

  /** `npm run admin:create`, which also migrates and seeds the empty database. */
  async createAdmin() {
    await this.npmRun(
      'npm run admin:create (migrates and seeds the empty database)',
      'admin:create',
      ['--email', ADMIN.email, '--password', ADMIN.password, '--name', ADMIN.name],
      120_000,
    );
    this.registrations = await this.countRegistrations();
  }

  /**
   * Adds registrations with `npm run seed:demo` until there are `count`, then VACUUM ANALYZE, as
   * autovacuum would within a minute of a bulk load (and would otherwise do in the middle of a run).
   */
  async ensure(count: number) {
    const missing = count - this.registrations;
    if (missing <= 0) return;
    await this.npmRun(
      `npm run seed:demo -- --registrations ${missing} (${this.registrations} → ${count})`,
      'seed:demo',
      ['--registrations', String(missing)],
      300_000,
    );
    const started = Date.now();
    await this.query('vacuum analyze registrations');
    this.steps.push({ what: 'VACUUM ANALYZE registrations', seconds: (Date.now() - started) / 1000 });
    this.registrations = await this.countRegistrations();
    if (this.registrations !== count) {
      throw new Error(`Expected ${count} active registrations after seeding, found ${this.registrations}`);
    }
  }

  async countRegistrations(): Promise<number> {
    const rows = await this.query<{ n: string }>(
      `select count(*) as n from registrations r join events e on e.id = r.event_id
       where e.is_current and r.status = 'active'`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** Runs each query in turn over one connection; milliseconds per query (connecting not counted). */
  async timeQueries(texts: string[]): Promise<number[]> {
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      const times: number[] = [];
      for (const text of texts) {
        const started = performance.now();
        await client.query(text);
        times.push(performance.now() - started);
      }
      return times;
    } finally {
      await client.end();
    }
  }

  /** EXPLAIN (ANALYZE, BUFFERS) of `text`, as lines. */
  async explain(text: string, values: unknown[] = []): Promise<string[]> {
    const rows = await this.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
    return rows.map((row) => row['QUERY PLAN']);
  }
}
