import { readFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, resetData } from '../../../../tests/support/test-app.ts';
import type { App } from '../../app.ts';
import { PageRenderer } from './renderer.ts';

// What the event loop compresses while a request waits: brotli's quality or gzip's level, per call. Watched
// on node:zlib itself (the files of a run share their modules, so a vi.mock could come too late).
const onTheEventLoop: string[] = [];
const zlib = createRequire(import.meta.url)('node:zlib') as typeof import('node:zlib');
const { brotliCompressSync, gzipSync } = zlib;
function watchCompression() {
  zlib.brotliCompressSync = (input, options) => {
    onTheEventLoop.push(`br ${options?.params?.[zlib.constants.BROTLI_PARAM_QUALITY] ?? 11}`);
    return brotliCompressSync(input, options);
  };
  zlib.gzipSync = (input, options) => {
    onTheEventLoop.push(`gzip ${options?.level ?? 6}`);
    return gzipSync(input, options);
  };
  syncBuiltinESMExports();
}
function unwatchCompression() {
  Object.assign(zlib, { brotliCompressSync, gzipSync });
  syncBuiltinESMExports();
}

let app: App;
let renders = 0;
beforeAll(async () => {
  // The pages rendered from the sources, as rendererFromSources does, counting every render.
  const renderer = new PageRenderer({
    template: readFileSync(path.resolve('src/client/index.html'), 'utf8'),
    loadRenderer: async () => {
      const { renderPage } = await import('../../../client/ssr/render.tsx');
      return {
        renderPage: (...args) => {
          renders += 1;
          return renderPage(...args);
        },
      };
    },
  });
  app = await createTestApp({ RATE_LIMITS: 'off' }, { pageRenderer: renderer });
  watchCompression();
});
afterAll(async () => {
  unwatchCompression();
  await app.close();
});
beforeEach(async () => {
  await resetData();
  await app.context.currentEvent.reload();
  onTheEventLoop.length = 0;
});

const get = (url: string, encoding: string) => app.inject({ url, headers: { 'accept-encoding': encoding } });
const decoded = (response: Awaited<ReturnType<typeof get>>) =>
  (response.headers['content-encoding'] === 'br' ? brotliDecompressSync : gunzipSync)(
    response.rawPayload,
  ).toString();

describe('the page cache', () => {
  it('never compresses harder than brotli 4 or gzip 1 while a request waits', async () => {
    const urls = [
      '/',
      '/Terms',
      '/Register',
      '/RegisterCyclist',
      '/Search?q=Moyo',
      '/Thankyou?reference=CFR25-0042&discipline=run&race=10km',
    ];
    for (const url of urls) {
      for (const encoding of ['br', 'gzip']) {
        const response = await get(url, encoding);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(decoded(response)).toContain('</html>');
      }
    }
    expect(onTheEventLoop.length).toBeGreaterThan(0);
    expect(onTheEventLoop.filter((call) => call !== 'br 4' && call !== 'gzip 1')).toEqual([]);
  });

  it('compresses a page once per version, as small as brotli goes, off the request path', async () => {
    const first = await get('/Banking', 'br');
    const html = decoded(first);
    // The smallest body replaces the quick one once the thread pool has made it.
    await vi.waitFor(async () => {
      const later = await get('/Banking', 'br');
      expect(later.rawPayload.length).toBeLessThan(first.rawPayload.length);
      expect(decoded(later)).toBe(html);
    });
    const compressions = onTheEventLoop.length;
    for (let i = 0; i < 5; i += 1) await get('/Banking', 'br');
    expect(onTheEventLoop.length).toBe(compressions);
  });

  it('renders and compresses nothing for other spellings of a page: they are sent to its address', async () => {
    await get('/Terms', 'br');
    const before = { renders, compressions: onTheEventLoop.length };
    for (const spelling of ['/terms', '/TERMS/', '/tErMs', '/Terms/', '/teRMS?x=1']) {
      expect((await get(spelling, 'br')).statusCode).toBe(301);
    }
    expect({ renders, compressions: onTheEventLoop.length }).toEqual(before);
  });
});
