/**
 * `npm run files:to-database`: moves the uploaded documents and the event's images kept on this server's disk
 * (DATA_DIR/uploads/private and uploads/public) into PostgreSQL (DATABASE_URL), where every server finds them. Run once on each
 * server that took uploads before DATABASE_URL was set, or before servers were added; running it again adds
 * nothing twice. The files on disk are left for you to delete once the downloads work.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { loadEnv } from '../src/server/env.ts';
import { importStoredFile } from '../src/server/storage/database-files.ts';
import { MEDIA_NAME } from '../src/server/storage/media.ts';

const env = loadEnv();
if (!env.DATABASE_URL) {
  console.error('Set DATABASE_URL: on the embedded database the uploads stay on disk, where they are.');
  process.exit(1);
}
const folder = path.resolve(env.DATA_DIR, 'uploads', 'private');
let names: string[] = [];
try {
  names = readdirSync(folder).filter((name) => /^[0-9a-f-]{36}$/.test(name));
} catch {
  // No folder: nothing was ever uploaded on this server.
}
const imagesFolder = path.resolve(env.DATA_DIR, 'uploads', 'public');
let images: string[] = [];
try {
  images = readdirSync(path.join(imagesFolder, 'event')).map((name) => `event/${name}`);
} catch {
  // No folder: no photo or logo was ever uploaded on this server.
}
images = images.filter((name) => MEDIA_NAME.test(name));
const { database } = await prepareDatabase(env);
let moved = 0;
let imagesMoved = 0;
try {
  for (const name of names) {
    if (await importStoredFile(database, name, readFileSync(path.join(folder, name)))) moved += 1;
  }
  for (const name of images) {
    const body = readFileSync(path.join(imagesFolder, name));
    if (await importStoredFile(database, `media/${name}`, body)) imagesMoved += 1;
  }
} finally {
  await database.close();
}
console.log(
  `${moved} uploaded document${moved === 1 ? '' : 's'} moved into PostgreSQL from ${folder}` +
    (names.length > moved ? ` (${names.length - moved} already there).` : '.'),
);
console.log(
  `${imagesMoved} event image file${imagesMoved === 1 ? '' : 's'} moved into PostgreSQL from ${imagesFolder}` +
    (images.length > imagesMoved ? ` (${images.length - imagesMoved} already there).` : '.'),
);
