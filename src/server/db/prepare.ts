import type { Env } from '../env.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { seed } from './seed/index.ts';

/** Opens the configured database, applies pending migrations and the idempotent seed. */
export async function prepareDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): Promise<DatabaseHandle> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    await seed(database.db);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
