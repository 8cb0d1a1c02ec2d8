import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrationsFolder } from '../paths.ts';
import type * as schema from './schema/index.ts';

// What the embedded and the PostgreSQL driver share: the handle's shape and the migration check.

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
  /**
   * Runs `work` while no other server process does the same: on PostgreSQL under a session advisory lock, so
   * servers started at once on a new database migrate and seed one after the other. PGlite has one process.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
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
