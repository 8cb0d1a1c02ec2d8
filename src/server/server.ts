import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { type Prepared, startPreparingDatabase, withSharedSecret } from './db/prepare.ts';
import { EnvError, loadEnv } from './env.ts';
import { startFakes } from './fakes/gateways.ts';
import { readyLine } from './listen-addresses.ts';
import { createLogger, logDestination } from './logger.ts';

const SHUTDOWN_GRACE_MS = 9000;
const IDLE_CLOSE_EVERY_MS = 50;

function cannotOpen(logger: FastifyBaseLogger, error: unknown): never {
  if (error instanceof DataDirInUseError) console.error(error.message);
  else logger.fatal({ err: error }, 'could not open the database');
  process.exit(1);
}

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

  const logger = createLogger(env.LOG_LEVEL, await logDestination());
  const fakes = await startFakes(env, logger);
  env = fakes.env;

  // The database opens, migrates and seeds while the app's modules load and its routes are built:
  // PGlite reads and compiles its WebAssembly meanwhile (issue 15: start to ready).
  let database: DatabaseHandle;
  let prepared: Promise<Prepared>;
  try {
    ({ database, prepared } = await startPreparingDatabase(env));
  } catch (error) {
    cannotOpen(logger, error);
  }
  // Answered below, once the app is built: not an unhandled rejection meanwhile.
  prepared.catch(() => {});
  const { buildApp } = await import('./app.ts');
  // On PostgreSQL without SESSION_SECRET the app needs the secret every server shares, kept in the database.
  const secretFromDatabase = database.kind === 'postgres' && !env.SESSION_SECRET;
  if (secretFromDatabase) env = await preparedOrExit(env);
  const app = await buildApp({ env, database, logger, serveClient: true });
  if (!secretFromDatabase) await preparedOrExit(env);
  if (database.kind === 'pglite') {
    logger.info('Embedded database (PGlite): one server process only. Set DATABASE_URL to run several.');
  }

  async function preparedOrExit(current: typeof env) {
    try {
      return withSharedSecret(current, await prepared);
    } catch (error) {
      cannotOpen(logger, error);
    }
  }

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
    // A proxy's keep-alive connections hold app.close() until they time out: each one is closed as soon as its
    // last request is answered (Fastify closes only those idle at the start), so a restart lasts as long as
    // the requests in flight.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), IDLE_CLOSE_EVERY_MS);
    closeIdle.unref();
    try {
      await app.close();
      await database.close();
      await fakes.close();
    } finally {
      clearTimeout(force);
      clearInterval(closeIdle);
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
    readyLine(app.context.links.origins, env.PUBLIC_URL),
  );
}

void main();
