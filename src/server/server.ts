import { DataDirInUseError } from './db/data-dir-lock.ts';
import { prepareDatabase } from './db/prepare.ts';
import { EnvError, loadEnv } from './env.ts';
import { createLogger } from './logger.ts';

const SHUTDOWN_GRACE_MS = 9000;

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(
        `Celebration cannot start: these environment variables are wrong:\n${error.lines.join('\n')}`,
      );
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger(env.LOG_LEVEL);

  // The database opens while the app's modules load: PGlite reads and compiles its WebAssembly while
  // the main thread compiles the app (issue 15: start to ready). Caught at once, answered below.
  const opening = prepareDatabase(env).then(
    (handle) => ({ handle }),
    (error: unknown) => ({ error }),
  );
  const { buildApp } = await import('./app.ts');
  let database: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    const opened = await opening;
    if ('error' in opened) throw opened.error;
    database = opened.handle;
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    logger.fatal({ err: error }, 'could not open the database');
    process.exit(1);
  }
  if (database.kind === 'pglite') {
    logger.info('Embedded database (PGlite): one server process only. Set DATABASE_URL to run several.');
  }

  const app = await buildApp({ env, database, logger, serveClient: true });
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.warn('requests still running after the grace period; closing them');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (error) {
    app.log.fatal({ err: error }, 'could not listen');
    await database.close();
    process.exit(1);
  }
  app.log.info(
    { database: database.where, mail: env.SMTP_URL ? 'smtp' : 'dev-outbox' },
    `Celebration is ready at ${env.PUBLIC_URL}`,
  );
}

void main();
