import type { DatabaseHandle } from './handle.ts';

export type { Database, DatabaseHandle, RunStatement, Statement, Transaction } from './handle.ts';

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory for the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { handle, ready } = await startOpeningDatabase(options);
  await ready;
  return handle;
}

/**
 * The handle once the driver's code has loaded, and `ready` when the database has opened. Queries made
 * before wait for it, so the server builds its routes while the embedded database starts (issue 15: start
 * to ready).
 */
export async function startOpeningDatabase(options: DatabaseOptions): Promise<{
  handle: DatabaseHandle;
  ready: Promise<void>;
}> {
  // Each driver loads only for its database: a server on PostgreSQL holds several MB less without PGlite (issue
  // 15: idle memory), and the embedded one starts sooner without pg (issue 44).
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres-client.ts');
    return { handle: openPostgres(options.databaseUrl, options.poolSize ?? 10), ready: Promise.resolve() };
  }
  const { openPglite } = await import('./pglite-client.ts');
  return openPglite(options.dataDir);
}
