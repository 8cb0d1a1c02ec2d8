import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Env } from '../env.ts';

/**
 * Private files (assignment uploads) by a random key, never by the uploader's file name; read back only
 * through an authorised endpoint. On disk under DATA_DIR/uploads/private on the embedded database; in
 * PostgreSQL when DATABASE_URL is set (database-files.ts), so that every server sees them.
 */
export interface FileStore {
  put(body: Buffer): Promise<string>;
  open(key: string): NodeJS.ReadableStream;
  remove(key: string): Promise<void>;
}

export async function diskFileStore(env: Pick<Env, 'DATA_DIR'>): Promise<FileStore> {
  const root =
    env.DATA_DIR === 'memory://'
      ? await mkdtemp(path.join(tmpdir(), 'celebration-files-'))
      : path.resolve(env.DATA_DIR, 'uploads', 'private');
  await mkdir(root, { recursive: true });
  const fileOf = (key: string) => {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error('not a storage key');
    return path.join(root, key);
  };
  return {
    async put(body) {
      const key = randomUUID();
      await writeFile(fileOf(key), body, { flag: 'wx', mode: 0o600 });
      return key;
    },
    open: (key) => createReadStream(fileOf(key)),
    remove: (key) => rm(fileOf(key), { force: true }),
  };
}
