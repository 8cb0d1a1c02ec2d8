/**
 * Run before a test's or a benchmark's server (`npx tsx tests/support/prepare-database.ts`, with the server's
 * DATABASE_URL or DATA_DIR): migrates its database and seeds the tests' edition into it, so the server finds an
 * edition there and seeds none of its own (a fresh install's is a draft, closed to the public).
 */
import { openDatabase } from '../../src/server/db/client.ts';
import { seed } from '../../src/server/db/seed/index.ts';
import { TEST_EDITION } from './test-edition.ts';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? 'memory://',
});
try {
  await database.migrate();
  await seed(database.db, TEST_EDITION);
} finally {
  await database.close();
}
