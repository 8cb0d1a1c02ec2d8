/**
 * `npm run admin:create -- --email E --password P --name N`: creates a verified admin, or promotes
 * an existing account. Uses the same DATABASE_URL / DATA_DIR as the server and migrates first.
 */
import { parseArgs } from 'node:util';
import { AdminInputSchema, createOrPromoteAdmin } from '../src/server/auth/create-admin.ts';
import { DataDirInUseError } from '../src/server/db/data-dir-lock.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { EnvError, loadEnv } from '../src/server/env.ts';
import { linksOf } from '../src/server/links.ts';
import { relaunchWithNodeFlags } from '../src/server/node-flags.ts';

// The embedded database under the same V8 flags as the server (see node-flags.ts).
relaunchWithNodeFlags();

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const USAGE =
  'Usage: npm run admin:create -- --email you@example.com --password "at least 10 chars" --name "Your Name"';

async function main() {
  let args: Record<string, string | boolean | undefined>;
  try {
    args = parseArgs({
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const input = AdminInputSchema.safeParse(args);
  if (!input.success) fail(`${input.error.issues.map((issue) => issue.message).join('\n')}\n${USAGE}`);

  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(`These environment variables are wrong:\n${error.lines.join('\n')}`);
    throw error;
  }

  let database: Awaited<ReturnType<typeof prepareDatabase>>['database'];
  try {
    ({ database, env } = await prepareDatabase(env));
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      fail(
        `The server is running and has the embedded database open (pid ${error.pid}). ` +
          'Stop the server first (Ctrl+C in its window), run this command again, then start the server.',
      );
    }
    throw error;
  }
  try {
    const outcome = await createOrPromoteAdmin(env, database, input.data);
    const done =
      outcome === 'created'
        ? `Created admin ${input.data.email}.`
        : `${input.data.email} is now an admin (verified, enabled).`;
    console.log(`${done} ${signInWhere(env)}`);
  } catch (error) {
    fail((error as Error).message);
  } finally {
    await database.close();
  }
}

/** Where the server started with this environment takes sign-ins: its own addresses, port included. */
function signInWhere(env: ReturnType<typeof loadEnv>) {
  const links = linksOf(env);
  const elsewhere = links.origins.filter((origin) => origin !== links.site);
  const also = elsewhere.length > 0 ? ` (or ${elsewhere.map((origin) => `${origin}/About`).join(', ')})` : '';
  return `Start the server (npm start), then sign in at ${links.page('/About')}${also}.`;
}

await main();
