import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runnerEntry } from '../../../tests/support/entries.ts';
import { EVENT_AT_EVERY_REQUEST, testDatabase } from '../../../tests/support/test-app.ts';
import { type App, buildApp } from '../app.ts';
import { events } from '../db/schema/index.ts';
import { loadEnv } from '../env.ts';

// A tiny client build laid out as scripts/build.ts lays it out: .br and .gz beside each text file.
const clientDir = mkdtempSync(path.join(tmpdir(), 'celebration-client-'));
const INDEX = `<!doctype html><html><head><title>Celebration</title></head><body>${'<p>page</p>'.repeat(80)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(1000))});`;

function writeWithCompressed(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

let app: App;
beforeAll(async () => {
  writeWithCompressed(path.join(clientDir, 'index.html'), INDEX);
  writeWithCompressed(path.join(clientDir, 'assets', 'main-abc123.js'), SCRIPT);
  writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeWithCompressed(path.join(clientDir, 'sw.js'), SCRIPT);
  writeWithCompressed(path.join(clientDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await buildApp({
    eventFreshness: EVENT_AT_EVERY_REQUEST,
    // Host of app.inject's requests: localhost:80.
    env: loadEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost' }),
    database: await testDatabase(),
    serveClient: true,
    clientDir,
  });
});
afterAll(async () => {
  await app.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the built client', () => {
  it('serves every page uncompressed to a client that sends no Accept-Encoding (curl, bots, link previews)', async () => {
    for (const url of ['/', '/About', '/Participants?page=2', '/WelcomeAdmin/', '/assets/']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(INDEX);
    }
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    const script = await app.inject({ url: '/assets/main-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBeUndefined();
    expect(script.body).toBe(SCRIPT);
    expect(script.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/robots.txt' })).body).toContain('User-agent');
  });

  it('serves the service worker as a script the browser checks again each time (a new build reaches phones)', async () => {
    const worker = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('serves the pre-compressed file to a client that accepts it', async () => {
    for (const url of ['/', '/About', '/assets/main-abc123.js']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(
        url.endsWith('.js') ? SCRIPT : INDEX,
      );
    }
  });

  it('answers a missing hashed file with 404, so the page can offer a reload', async () => {
    for (const headers of [{}, { 'accept-encoding': 'gzip' }]) {
      expect((await app.inject({ url: '/assets/gone-123.js', headers })).statusCode).toBe(404);
    }
  });
});

describe("a private link's page", () => {
  it('answers 404 (the same app, which says so) when the link opens no entry', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers: { origin: 'http://localhost' },
      payload: runnerEntry('spa-link'),
    });
    expect(registered.statusCode).toBe(201);
    const link = String(registered.json().myLink);
    const opened = await app.inject({ url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe(INDEX);
    const altered = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [altered, altered.toLowerCase(), '/My/short']) {
      const refused = await app.inject({ url });
      expect(refused.statusCode, url).toBe(404);
      expect(refused.body, url).toBe(INDEX);
    }
    // A browser that has the app asks "modified since?": a wrong link still gets the whole page.
    const etag = String(opened.headers.etag);
    const again = await app.inject({ url: altered, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe(INDEX);
    expect((await app.inject({ url: '/My' })).statusCode).toBe(200);
  });
});

describe('a second visit', () => {
  const brotli = { 'accept-encoding': 'br, gzip' };

  it('takes hashed files from the cache for a year and pictures for a day, without asking', async () => {
    const script = await app.inject({ url: '/assets/main-abc123.js', headers: brotli });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const headers of [{}, brotli]) {
      const logo = await app.inject({ url: '/logo.svg', headers });
      expect(logo.headers['cache-control']).toBe('public, max-age=86400');
    }
  });

  it('revalidates a page: 304 without a body while it is unchanged', async () => {
    for (const url of ['/', '/Register']) {
      const first = await app.inject({ url, headers: brotli });
      expect(first.headers['cache-control'], url).toBe('no-cache');
      const etag = first.headers.etag as string;
      expect(etag, url).toBeTruthy();
      const again = await app.inject({ url, headers: { ...brotli, 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
    }
  });

  it('gives every file an ETag from its content, so another server with its own copy of the build agrees', async () => {
    const script = path.join(clientDir, 'assets', 'main-abc123.js');
    for (const headers of [{}, brotli]) {
      const first = await app.inject({ url: '/assets/main-abc123.js', headers });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]{22}"$/);
      expect(first.headers['last-modified']).toBeUndefined();
      // The same bytes written at another time, as another server's build would be.
      utimesSync(script, new Date('2026-01-02'), new Date('2026-01-02'));
      utimesSync(`${script}.br`, new Date('2026-01-03'), new Date('2026-01-03'));
      const again = await app.inject({
        url: '/assets/main-abc123.js',
        headers: { ...headers, 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const plain = (await app.inject({ url: '/assets/main-abc123.js' })).headers.etag;
    const compressed = (await app.inject({ url: '/assets/main-abc123.js', headers: brotli })).headers.etag;
    expect(plain).not.toBe(compressed);
    const logo = await app.inject({ url: '/logo.svg' });
    writeFileSync(path.join(clientDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>');
    const changed = await app.inject({
      url: '/logo.svg',
      headers: { 'if-none-match': String(logo.headers.etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(logo.headers.etag);
  });

  it('revalidates the event: 304 while unchanged, the new event once an admin changed it', async () => {
    const first = await app.inject({ url: '/api/event' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await app.inject({ url: '/api/event', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const weak = await app.inject({ url: '/api/event', headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(weak.statusCode).toBe(304);

    const { db } = await testDatabase();
    const subtitle = first.json().subtitle as string;
    await db.update(events).set({ subtitle: 'Moved to Saturday' }).where(eq(events.subtitle, subtitle));
    try {
      const changed = await app.inject({ url: '/api/event', headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().subtitle).toBe('Moved to Saturday');
      expect(changed.headers.etag).not.toBe(etag);
    } finally {
      await db.update(events).set({ subtitle }).where(eq(events.subtitle, 'Moved to Saturday'));
    }
  });
});

describe('another address of the same server', () => {
  const elsewhere = { host: '127.0.0.1:3000' };

  it('sends a page to the configured address before it loads, path and query kept', async () => {
    const response = await app.inject({ url: '/Participants?page=2', headers: elsewhere });
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('http://localhost/Participants?page=2');
    const sneaky = await app.inject({ url: '//evil.example/x', headers: elsewhere });
    expect(sneaky.headers.location).toBe('http://localhost//evil.example/x');
  });

  it('leaves the API, the health checks and what a reverse proxy forwarded alone', async () => {
    expect((await app.inject({ url: '/api/event', headers: elsewhere })).statusCode).not.toBe(308);
    expect((await app.inject({ url: '/healthz', headers: elsewhere })).statusCode).toBe(200);
    const proxied = await app.inject({ url: '/', headers: { ...elsewhere, 'x-forwarded-for': '10.0.0.7' } });
    expect(proxied.statusCode).toBe(200);
  });

  it('names the address to use when it refuses a save from another origin', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: 'a=b', origin: 'http://127.0.0.1:3000' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(
      'This request must come from the Celebration site itself: open http://localhost and try again.',
    );
  });
});
