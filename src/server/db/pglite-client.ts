import { mkdirSync } from 'node:fs';
import path from 'node:path';
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
