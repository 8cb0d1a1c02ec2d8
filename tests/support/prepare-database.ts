/**
 * Run before a test's or a benchmark's server (`npx tsx tests/support/prepare-database.ts`, with the server's
 * DATABASE_URL or DATA_DIR): migrates its database and seeds the tests' edition into it, so the server finds an
 * edition there and seeds none of its own (a fresh install's is a draft, closed to the public).
 * With CREATE_DATABASE set, it first creates DATABASE_URL's database if the server lacks it (the browser
 * tests' second worker has one of its own beside the first's).
 */
import { createDatabaseIfMissing } from '../../scripts/lib/throwaway-postgres.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { seed } from '../../src/server/db/seed/index.ts';
import { TEST_EDITION } from './test-edition.ts';

if (process.env.CREATE_DATABASE && process.env.DATABASE_URL)
  await createDatabaseIfMissing(process.env.DATABASE_URL);
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? 'memory://',
});
try {
  // Under the lock the servers take: one may be starting on this database already.
  await database.exclusively(async () => {
    await database.migrate();
    await seed(database.db, TEST_EDITION);
  });
} finally {
  await database.close();
}
