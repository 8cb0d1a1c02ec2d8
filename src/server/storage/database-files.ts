import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DatabaseHandle } from '../db/client.ts';
import type { FileStore } from './files.ts';
import { MEDIA_NAME, type MediaStore } from './media.ts';

const PUT = { name: 'stored_files_put', text: 'insert into stored_files (key, content) values ($1, $2)' };
const GET = { name: 'stored_files_get', text: 'select content from stored_files where key = $1' };
const IMPORT = {
  name: 'stored_files_import',
  text: 'insert into stored_files (key, content) values ($1, $2) on conflict (key) do nothing returning key',
};
const PUT_MEDIA = {
  name: 'stored_files_put_media',
  text: 'insert into stored_files (key, content) values ($1, $2) on conflict (key) do nothing',
};
const REMOVE = { name: 'stored_files_remove', text: 'delete from stored_files where key = $1' };

/** A file asked for by a key that names none (removed, or never stored): as a missing file on disk reads. */
export class StoredFileMissing extends Error {
  code = 'ENOENT';
}

/**
 * Private files in PostgreSQL (table stored_files), for servers that share one database: an upload made
 * through one server downloads through any, and a removal is seen by all. They are small and quota-bound
 * (UPLOAD_LIMITS), so bytea holds them.
 */
export function databaseFileStore(database: Pick<DatabaseHandle, 'run'>): FileStore {
  return {
    async put(body) {
      const key = randomUUID();
      await database.run(PUT, [key, body]);
      return key;
    },
    open(key) {
      return Readable.from(
        (async function* () {
          const [row] = await database.run<{ content: Buffer }>(GET, [key]);
          if (!row) throw new StoredFileMissing(`no stored file ${key}`);
          yield row.content;
        })(),
      );
    },
    async remove(key) {
      await database.run(REMOVE, [key]);
    },
  };
}

/** Moves an upload kept on disk in under its own key (npm run files:to-database); false when it was already in. */
export async function importStoredFile(database: Pick<DatabaseHandle, 'run'>, key: string, body: Buffer) {
  return (await database.run(IMPORT, [key, body])).length === 1;
}

/**
 * The public images in PostgreSQL, under "media/" and their name: set through one server, served by every
 * other. Their names come from their content, so a name stored twice holds the same bytes.
 */
export function databaseMediaStore(database: Pick<DatabaseHandle, 'run'>): MediaStore {
  return {
    async write(name, body) {
      await database.run(PUT_MEDIA, [`media/${name}`, body]);
    },
    async read(name) {
      if (!MEDIA_NAME.test(name)) return null;
      const [row] = await database.run<{ content: Buffer }>(GET, [`media/${name}`]);
      return row?.content ?? null;
    },
  };
}
