import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A statement written out in SQL with $1… parameters; its name lets PostgreSQL plan it once per connection. */
export interface Statement {
  name: string;
  text: string;
}
export type RunStatement = <Row>(statement: Statement, params: unknown[]) => Promise<Row[]>;

export interface DatabaseHandle {
  db: Database;
  /**
   * Runs a written-out statement, for the hot path (a registration) where composing the query with
   * Drizzle and planning it again on every request cost more than running it.
   */
  run: RunStatement;
  /** Runs statements in one transaction (committed when `work` resolves, rolled back when it throws). */
  transaction<T>(work: (run: RunStatement) => Promise<T>): Promise<T>;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, without credentials: for logs and messages. */
  where: string;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory for the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { handle, ready } = await startOpeningDatabase(options);
  await ready;
  return handle;
}

/**
 * The handle once the driver's code has loaded, and `ready` when the database has opened. Queries made
 * before wait for it, so the server builds its routes while the embedded database starts (issue 15: start
 * to ready).
 */
export async function startOpeningDatabase(options: DatabaseOptions): Promise<{
  handle: DatabaseHandle;
  ready: Promise<void>;
}> {
  if (options.databaseUrl) {
    return { handle: openPostgres(options.databaseUrl, options.poolSize ?? 10), ready: Promise.resolve() };
  }
  // PGlite and Drizzle's driver for it load only for the embedded database: a server on PostgreSQL holds
  // several MB less (issue 15: idle memory).
  const { openPglite } = await import('./pglite-client.ts');
  return openPglite(options.dataDir);
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection (e.g. PostgreSQL restarting) must not crash the process; queries fail and are retried by clients.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const parsed = new URL(url);
  const runOn =
    (client: pg.Pool | pg.PoolClient): RunStatement =>
    async <Row>(statement: Statement, params: unknown[]) =>
      (await client.query({ name: statement.name, text: statement.text, values: params })).rows as Row[];
  return {
    db,
    run: runOn(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await work(runOn(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        // A connection that could not even roll back is closed rather than handed to the next request.
        client.release(broken);
      }
    },
    kind: 'postgres',
    where: `PostgreSQL at ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    migrate: () => migrateUnlessCurrent(db, () => migratePg(drizzlePg(pool), { migrationsFolder })),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * Drizzle's migrator reads and hashes every migration file and writes its bookkeeping table on every start.
 * When the newest migration in the folder is the newest the database has applied (the migrator's own
 * test), a start has nothing to migrate: one read instead of ~130 ms of writes on the embedded database.
 */
export async function migrateUnlessCurrent(db: Database, migrate: () => Promise<void>) {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = journal.entries.at(-1)?.when;
  try {
    const { rows } = (await db.execute(
      sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { applied: string | number | null }[] };
    if (newest !== undefined && Number(rows[0]?.applied) === newest) return;
  } catch {
    // No bookkeeping table yet: a new database.
  }
  await migrate();
}
