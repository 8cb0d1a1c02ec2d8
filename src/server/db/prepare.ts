import type { Env } from '../env.ts';
import { type DatabaseHandle, startOpeningDatabase } from './client.ts';
import { seed } from './seed/index.ts';
import { sharedSessionSecret } from './shared-secrets.ts';

type DatabaseEnv = Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'SESSION_SECRET'>;

/**
 * Opens the configured database, applies pending migrations and the idempotent seed. The environment it
 * gives back holds the session secret every server on this PostgreSQL shares, unless SESSION_SECRET was set.
 */
export async function prepareDatabase<E extends DatabaseEnv>(
  env: E,
): Promise<{ database: DatabaseHandle; env: E }> {
  const { database, prepared } = await startPreparingDatabase(env);
  return { database, env: withSharedSecret(env, await prepared) };
}

export interface Prepared {
  /** The secret kept in PostgreSQL; undefined on the embedded database or when SESSION_SECRET is set. */
  sessionSecret?: string;
}

export function withSharedSecret<E extends DatabaseEnv>(env: E, prepared: Prepared): E {
  return prepared.sessionSecret ? { ...env, SESSION_SECRET: prepared.sessionSecret } : env;
}

/**
 * The handle once the driver has loaded (queries wait until the database is open), and `prepared` when it is
 * migrated and seeded: the server builds its routes meanwhile. Closes the database when preparing fails.
 */
export async function startPreparingDatabase(env: DatabaseEnv): Promise<{
  database: DatabaseHandle;
  prepared: Promise<Prepared>;
}> {
  const { handle: database, ready } = await startOpeningDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
  });
  const prepared = (async () => {
    try {
      await ready;
      // Servers started at once on a new database take turns: two migrators at once fail on PostgreSQL's catalogue.
      return await database.exclusively(async () => {
        await database.migrate();
        await seed(database.db);
        if (database.kind !== 'postgres' || env.SESSION_SECRET) return {};
        return { sessionSecret: await sharedSessionSecret(database.db) };
      });
    } catch (error) {
      await database.close().catch(() => {});
      throw error;
    }
  })();
  return { database, prepared };
}
