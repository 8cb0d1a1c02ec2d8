import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  injectAs,
  multipartFile,
  resetData,
  type SignedIn,
  signedInAs,
  testDatabase,
  testDatabaseKind,
} from '../../../tests/support/test-app.ts';
import type { App } from '../app.ts';
import { storedFiles } from '../db/schema/index.ts';

// Two servers on one database, each with its own data directory. On PostgreSQL the event's images are in
// the database, so a photo set through one is served by the other; on the embedded database (one server)
// they stay on disk, and nothing goes into stored_files.
let serverA: App;
let serverB: App;
let adminA: SignedIn;
let adminB: SignedIn;
beforeAll(async () => {
  await resetData();
  serverA = await createTestApp({
    RATE_LIMITS: 'off',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'media-a-')),
  });
  serverB = await createTestApp({
    RATE_LIMITS: 'off',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'media-b-')),
  });
  adminA = await signedInAs(serverA, 'admin');
  adminB = await signedInAs(serverB, 'admin');
});
afterAll(async () => {
  await serverA?.close();
  await serverB?.close();
});

const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

function upload(app: App, admin: SignedIn, url: string, body: Buffer) {
  const form = multipartFile('photo.png', body, 'image/png');
  return injectAs(app, admin).post(url, form.payload, { 'content-type': form.contentType });
}

const publicEvent = async (app: App) => (await app.inject({ url: '/api/event' })).json();

async function storedMedia() {
  const { db } = await testDatabase();
  return db.select({ key: storedFiles.key }).from(storedFiles).where(like(storedFiles.key, 'media/%'));
}

describe.runIf(testDatabaseKind === 'postgres')('the event’s images kept in PostgreSQL', () => {
  it('a photo set through one server is served, placeholder and all, by the other, with the same ETag', async () => {
    const set = await upload(
      serverA,
      adminA,
      '/api/admin/event/images/background',
      await picture(2000, 1000, '#c2410c'),
    );
    expect(set.statusCode).toBe(200);
    const base: string = set.json().backgroundImage;
    expect((await storedMedia()).map((row) => row.key)).toContain(`${base.slice(1)}-640.webp`);

    const shownByB = await publicEvent(serverB);
    expect(shownByB.backgroundImage).toBe(base);
    expect(shownByB.backgroundPlaceholder).toMatch(/^data:image\/webp;base64,/);

    const fromA = await serverA.inject({ url: `${base}-1280.webp` });
    const fromB = await serverB.inject({ url: `${base}-1280.webp` });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.headers['cache-control']).toContain('immutable');
    expect((await sharp(fromB.rawPayload).metadata()).width).toBe(1280);
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect(fromB.headers.etag).toBe(fromA.headers.etag);
    const avif = await serverB.inject({ url: `${base}-640.avif` });
    expect(avif.headers['content-type']).toBe('image/avif');

    // A phone that got the photo from A revalidates through B: 304, no body.
    const revalidated = await serverB.inject({
      url: `${base}-1280.webp`,
      headers: { 'if-none-match': String(fromA.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('a photo replaced through the other server shows everywhere at once', async () => {
    const first = (await publicEvent(serverA)).backgroundPlaceholder;
    const replaced = await upload(
      serverB,
      adminB,
      '/api/admin/event/images/background',
      await picture(1600, 900, '#1d4ed8'),
    );
    const base: string = replaced.json().backgroundImage;
    const shownByA = await publicEvent(serverA);
    expect(shownByA.backgroundImage).toBe(base);
    expect(shownByA.backgroundPlaceholder).toMatch(/^data:image\/webp;base64,/);
    expect(shownByA.backgroundPlaceholder).not.toBe(first);
    expect((await serverA.inject({ url: `${base}-640.webp` })).statusCode).toBe(200);
  });

  it('the logo and the cause’s photo too; a cause photo taken away through one is gone from the other', async () => {
    const logo = await upload(
      serverB,
      adminB,
      '/api/admin/event/images/logo',
      await picture(600, 300, '#fff'),
    );
    const logoUrl: string = logo.json().logoImage;
    expect((await publicEvent(serverA)).logoImage).toBe(logoUrl);
    const served = await serverA.inject({ url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(256);

    const cause = await upload(
      serverA,
      adminA,
      '/api/admin/cause/image',
      await picture(1200, 800, '#15803d'),
    );
    expect(cause.statusCode).toBe(200);
    const causeImage: string = cause.json().image;
    expect((await serverB.inject({ url: '/api/give' })).json().image).toBe(causeImage);
    expect((await serverB.inject({ url: `${causeImage}-640.webp` })).statusCode).toBe(200);

    expect((await injectAs(serverB, adminB).delete('/api/admin/cause/image')).statusCode).toBe(200);
    expect((await serverA.inject({ url: '/api/give' })).json().image).toBeNull();
  });

  it('serves nothing but the images’ own names', async () => {
    for (const url of [
      '/media/event/0123456789abcdef-640.webp',
      '/media/../stored_files',
      '/media/event/x.js',
    ])
      expect((await serverB.inject({ url })).statusCode, url).toBe(404);
  });
});

describe.runIf(testDatabaseKind === 'pglite')('the event’s images on the embedded database', () => {
  it('stay on disk, served from there', async () => {
    const set = await upload(
      serverA,
      adminA,
      '/api/admin/event/images/background',
      await picture(800, 400, '#336699'),
    );
    const base: string = set.json().backgroundImage;
    expect(await storedMedia()).toEqual([]);
    const root = serverA.context.media.root ?? '';
    expect(root).not.toBe('');
    const served = await serverA.inject({ url: `${base}-640.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers.etag).toMatch(/^"[\w-]{22}"$/);
  });
});
