import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { projectRoot } from '../paths.ts';

/**
 * PostgreSQL settings for the embedded database: one process, one connection, a small server
 * (decision 010). PGlite's own start parameters are kept: `startParams` replaces them.
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  // PGlite's 128 MB default is touched at start and lives in the WASM heap, which never shrinks:
  // 16 MB measured 120–150 MB less resident memory. Pages not cached here are still in the OS cache.
  shared_buffers: '16MB',
  // Migrations (CREATE INDEX) and VACUUM: PostgreSQL's 64 MB would grow the WASM heap for good.
  maintenance_work_mem: '16MB',
  // No replicas, no archive: the least WAL that still recovers from a crash.
  wal_level: 'minimal',
  max_wal_senders: '0',
  // Single-user mode has no checkpointer: a checkpoint runs in the server when the WAL reaches
  // max_wal_size, so a small one bounds the disk used and the replay after a crash.
  max_wal_size: '64MB',
  min_wal_size: '32MB',
};

export const pgliteStartParams = (): string[] => [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

/** A data directory made (initdb, then our migrations) when the app is built: see makeDatabaseTemplate. */
export const databaseTemplateDir = path.join(projectRoot, 'dist', 'pglite-template');
const TEMPLATE_DATA = 'pgdata';
const TEMPLATE_STAMP = 'template.json';

interface TemplateStamp {
  pgliteVersion: string;
}

/** The installed PGlite's version: a template made by another version is not used. */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

const hasDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

function usableTemplate(templateDir: string): string | undefined {
  try {
    const stamp = JSON.parse(readFileSync(path.join(templateDir, TEMPLATE_STAMP), 'utf8')) as TemplateStamp;
    const data = path.join(templateDir, TEMPLATE_DATA);
    return stamp.pgliteVersion === pgliteVersion() && hasDatabase(data) ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Gives a new embedded database its files by copying the build's template instead of running initdb
 * in the server: initdb takes seconds and a second WASM instance (about 500 MB more at its peak).
 * Copied beside `dir` and renamed into place, so a start interrupted half-way leaves no half database.
 * Returns false (PGlite then runs initdb itself) when `dir` is not empty (a database, or files this
 * code did not put there) or there is no template for this PGlite.
 */
export function provisionFromTemplate(dir: string, templateDir = databaseTemplateDir): boolean {
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  const source = usableTemplate(templateDir);
  if (!source) return false;
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(source, partial, { recursive: true });
  rmSync(dir, { recursive: true, force: true }); // empty, as checked above
  renameSync(partial, dir);
  return true;
}

/**
 * Makes the template at build time: a fresh database with every migration applied, closed cleanly
 * (so it starts without recovery), stamped with the PGlite version that made it.
 */
export async function makeDatabaseTemplate(
  migrate: (client: PGlite) => Promise<void>,
  templateDir = databaseTemplateDir,
): Promise<void> {
  const partial = `${templateDir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const client = await PGlite.create(path.join(partial, TEMPLATE_DATA), { startParams: pgliteStartParams() });
  try {
    await migrate(client);
    await client.query('checkpoint');
  } finally {
    await client.close();
  }
  const stamp: TemplateStamp = { pgliteVersion: pgliteVersion() };
  writeFileSync(path.join(partial, TEMPLATE_STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
  rmSync(templateDir, { recursive: true, force: true });
  renameSync(partial, templateDir);
}
