import type { Env } from '../env.ts';
import { type DatabaseHandle, startOpeningDatabase } from './client.ts';
import { seed } from './seed/index.ts';

type DatabaseEnv = Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>;

/** Opens the configured database, applies pending migrations and the idempotent seed. */
export async function prepareDatabase(env: DatabaseEnv): Promise<DatabaseHandle> {
  const { database, prepared } = await startPreparingDatabase(env);
  await prepared;
  return database;
}

/**
 * The handle once the driver has loaded (queries wait until the database is open), and `prepared` when it is
 * migrated and seeded: the server builds its routes meanwhile. Closes the database when preparing fails.
 */
export async function startPreparingDatabase(env: DatabaseEnv): Promise<{
  database: DatabaseHandle;
  prepared: Promise<void>;
}> {
  const { handle: database, ready } = await startOpeningDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
  });
  const prepared = (async () => {
    try {
      await ready;
      await database.migrate();
      await seed(database.db);
    } catch (error) {
      await database.close().catch(() => {});
      throw error;
    }
  })();
  return { database, prepared };
}
