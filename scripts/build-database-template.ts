import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { makeDatabaseTemplate } from '../src/server/db/pglite-setup.ts';
import { migrationsFolder } from '../src/server/paths.ts';

/**
 * dist/pglite-template: the embedded database as a first start would make it (initdb, then every
 * migration), so that a server on a new DATA_DIR copies it instead of running initdb (decision 010).
 */
export async function buildDatabaseTemplate() {
  await makeDatabaseTemplate((client) => migrate(drizzle(client), { migrationsFolder }));
}
