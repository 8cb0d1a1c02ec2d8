import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../paths.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { type Database, type DatabaseHandle, migrateUnlessCurrent, type Statement } from './handle.ts';
import { pgliteStartParams, provisionFromTemplate } from './pglite-setup.ts';
import * as schema from './schema/index.ts';

/** The embedded database in DATA_DIR/pglite (or in memory): the handle at once, `ready` when it has opened. */
export function openPglite(dataDir: string): { handle: DatabaseHandle; ready: Promise<void> } {
  const inMemory = dataDir === 'memory://';
  const dir = inMemory ? dataDir : path.resolve(dataDir, 'pglite');
  let releaseLock = () => {};
  if (!inMemory) {
    mkdirSync(path.resolve(dataDir), { recursive: true });
    releaseLock = acquireDataDirLock(path.resolve(dataDir));
  }
  let client: PGlite;
  try {
    if (!inMemory) provisionFromTemplate(dir);
    client = new PGlite(inMemory ? undefined : dir, { startParams: pgliteStartParams() });
  } catch (error) {
    releaseLock();
    throw error;
  }
  yieldBeforeEachQuery(client);
  const ready = client.waitReady.catch((error: unknown) => {
    releaseLock();
    throw error;
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    // One connection in-process: nothing to gain from naming statements.
    run: async <Row>(statement: Statement, params: unknown[]) =>
      (await client.query<Row>(statement.text, params)).rows,
    transaction: (work) =>
      client.transaction((tx) =>
        work(
          async <Row>(statement: Statement, params: unknown[]) =>
            (await tx.query<Row>(statement.text, params)).rows,
        ),
      ),
    kind: 'pglite',
    where: inMemory ? 'PGlite (in memory)' : `PGlite in ${dir}`,
    migrate: () => migrateUnlessCurrent(db, () => migratePglite(drizzlePglite(client), { migrationsFolder })),
    exclusively: (work) => work(),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
  return { handle, ready };
}

/**
 * PGlite answers a message synchronously, and the next query waiting for it starts from the last one's promise:
 * fifty requests' queries would then run one after another in a single turn of the event loop, and no timer,
 * request or /api/event could be served meanwhile. Each query first waits for the loop's next turn.
 */
function yieldBeforeEachQuery(client: PGlite) {
  const send = client.execProtocolStream.bind(client);
  client.execProtocolStream = async (message, options) => {
    // A query opens with its Parse (extended protocol) or Query (simple) message; the rest follow at once.
    if (message[0] === PARSE || message[0] === QUERY) await nextTurn();
    return send(message, options);
  };
}
const PARSE = 'P'.charCodeAt(0);
const QUERY = 'Q'.charCodeAt(0);
