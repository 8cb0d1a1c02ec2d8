import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { clientDist } from '../paths.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built React app: hashed assets cached for a year (precompressed .br/.gz chosen by
 * Accept-Encoding), index.html never cached, and index.html for any other GET so client routes work.
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
    setHeaders(reply, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', isHashed ? IMMUTABLE : 'no-cache');
    },
  });
}

export function isClientRoute(method: string, url: string) {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
}

export function clientBuildExists(root = clientDist) {
  return existsSync(path.join(root, 'index.html'));
}
