import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import {
  type Database,
  type DatabaseHandle,
  migrateUnlessCurrent,
  type RunStatement,
  type Statement,
} from './handle.ts';
import * as schema from './schema/index.ts';

/** The advisory lock key of preparing the database (migrations, seed, the shared session secret): any 64-bit number. */
const PREPARE_LOCK = 4_403_011;

export function openPostgres(url: string, poolSize: number): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection (e.g. PostgreSQL restarting) must not crash the process; queries fail and are retried by
  // clients. The pool listens on idle connections only: one held by a transaction needs a listener of its own.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
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
    exclusively: async (work) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('select pg_advisory_lock($1)', [PREPARE_LOCK]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [PREPARE_LOCK]).catch((error: Error) => {
            broken = error;
          });
        }
      } finally {
        // Closing a connection that could not unlock ends its session, and so its lock.
        client.release(broken);
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
