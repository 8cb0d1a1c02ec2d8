/**
 * `npm run seed:demo -- --registrations 20000`: adds realistic fun-run registrations to the
 * configured database (DATABASE_URL or DATA_DIR, like the server), for trying the admin screens and benchmarks.
 */
import { parseArgs } from 'node:util';
import { DataDirInUseError } from '../src/server/db/data-dir-lock.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { seedDemoRegistrations } from '../src/server/db/seed/demo.ts';
import { loadEnv } from '../src/server/env.ts';
import { relaunchWithNodeFlags } from '../src/server/node-flags.ts';

// The embedded database under the same V8 flags as the server (see node-flags.ts).
relaunchWithNodeFlags();

const { values } = parseArgs({ options: { registrations: { type: 'string', default: '1000' } } });
const count = Number(values.registrations);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error('Usage: npm run seed:demo -- --registrations 20000   (a whole number from 1 to 1,000,000)');
  process.exit(1);
}

try {
  const { database } = await prepareDatabase(loadEnv());
  const started = Date.now();
  await seedDemoRegistrations(database.db, count);
  await database.close();
  console.log(`Added ${count} demo registrations in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  if (error instanceof DataDirInUseError) {
    console.error(
      'The server is running and has the embedded database open. Stop it first, then run this again.',
    );
    process.exit(1);
  }
  throw error;
}
