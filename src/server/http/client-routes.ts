import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { clientDist } from '../paths.ts';
import { contentEtag, WITHOUT_FILE_TIME_VALIDATORS } from './content-etag.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Pictures whose names do not change when they do (the built-in photo, the logo, the icon): a day without
 * asking, so a second visit costs no round trip per picture; a new build's pictures show within the day.
 */
const PICTURE = 'public, max-age=86400';
const PICTURE_FILE = /\.(svg|webp|avif|png|jpe?g|ico)(\.br|\.gz)?$/i;

/**
 * Serves the built React app: hashed assets cached for a year (precompressed .br/.gz chosen by
 * Accept-Encoding), pictures for a day, index.html revalidated every time (its ETag makes that a 304),
 * and index.html for any other GET so client routes work.
 */
export async function clientRoutes(app: FastifyInstance, root = clientDist) {
  if (!clientBuildExists(root)) {
    app.log.warn('No client build in dist/client: run `npm run build` (npm start does this for you).');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    // `/` is a directory: without an index, the plugin answers it 403 when the request accepts no
    // compressed encoding (curl, bots, link previews) though it falls through to index.html otherwise.
    index: 'index.html',
    wildcard: true,
    cacheControl: false,
    ...WITHOUT_FILE_TIME_VALIDATORS,
    setHeaders(reply, filePath, stat) {
      reply.header('etag', contentEtag(filePath, stat));
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'cache-control',
        isHashed ? IMMUTABLE : PICTURE_FILE.test(filePath) ? PICTURE : 'no-cache',
      );
    },
  });
}

/**
 * Pages load only at PUBLIC_URL's address. Opened at another address of the same server (127.0.0.1, its
 * address on the church Wi-Fi), every save would be refused as coming from another site, so the browser is
 * sent to the configured address before any page loads. Behind a reverse proxy the proxy decides the
 * address: a request it forwarded is left alone, so a proxy that rewrites Host cannot cause a loop.
 */
export function pagesAtPublicAddress(app: FastifyInstance, publicUrl: string) {
  const own = new URL(publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (!isClientRoute(request.method, request.url) || HEALTH_CHECKS.has(request.url)) return;
    if (request.headers['x-forwarded-for'] !== undefined) return;
    if (hostOf(own.protocol, request.host) === own.host) return;
    // The path is appended to the origin, never resolved against it: `//elsewhere.example` stays ours.
    return reply.redirect(`${own.origin}${request.url}`, 308);
  });
}

const HEALTH_CHECKS = new Set(['/healthz', '/readyz']);

/** A Host header as URL writes it (no default port), or undefined when it is not one. */
function hostOf(protocol: string, host: string) {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return undefined;
  }
}

export function isClientRoute(method: string, url: string) {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
}

export function clientBuildExists(root = clientDist) {
  return existsSync(path.join(root, 'index.html'));
}
