import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.ts';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { seed } from '../../src/server/db/seed/index.ts';
import { loadEnv } from '../../src/server/env.ts';

let shared: Promise<DatabaseHandle> | undefined;

/** Which database the API tests run on: TEST_DATABASE_URL (PostgreSQL) or PGlite in memory. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** One database for the whole run (files share a worker), migrated from scratch and seeded. */
export function testDatabase(): Promise<DatabaseHandle> {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 60 });
    if (url) {
      await database.db.execute(
        sql.raw('drop schema if exists drizzle cascade; drop schema public cascade; create schema public;'),
      );
    }
    await database.migrate();
    await seed(database.db);
    return database;
  })();
  return shared;
}

export async function createTestApp(env: Record<string, string> = {}) {
  const database = await testDatabase();
  return buildApp({
    env: loadEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', ...env }),
    database,
  });
}

/** Empties the tables that tests fill and puts the event back as seeded. */
export async function resetData() {
  const { db } = await testDatabase();
  await db.execute(sql.raw('truncate registrations, mail_outbox, race_options, events cascade'));
  await seed(db);
}
