import { createHash } from 'node:crypto';
import { readFileSync, type Stats } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ifNoneMatchHolds } from './etag.ts';

/** A static file's ETag, by its path, remembered while its size and time stay the same. */
const etags = new Map<string, { size: number; mtimeMs: number; etag: string }>();

/**
 * An ETag made from a file's bytes, not from its size and time as @fastify/static makes one: every server
 * gives the same for the same file (each has its own copy of the build, written at its own time), so a
 * phone revalidating through a proxy gets its 304 whichever server answers. Read once per file.
 */
export function contentEtag(filePath: string, stat: Stats): string {
  const known = etags.get(filePath);
  if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return known.etag;
  const etag = etagOfContent(readFileSync(filePath));
  etags.set(filePath, { size: stat.size, mtimeMs: stat.mtimeMs, etag });
  return etag;
}

/** The ETag of these bytes: the same whether a server reads them from disk or from PostgreSQL. */
export function etagOfContent(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** @fastify/static's options for content ETags: its own (size and time) off, contentEtag set in setHeaders. */
export const WITHOUT_FILE_TIME_VALIDATORS = { etag: false, lastModified: false } as const;

/**
 * A static file whose content ETag the request already holds is answered 304 without its body. The static
 * plugin checks freshness before setHeaders gives the ETag, so it is checked here.
 */
export function revalidateStaticFiles(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || !request.headers['if-none-match']) return payload;
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    const etag = reply.getHeader('etag');
    if (typeof etag !== 'string' || !ifNoneMatchHolds(request.headers['if-none-match'], etag)) return payload;
    (payload as { destroy?: () => void } | null)?.destroy?.();
    reply.code(304);
    reply.removeHeader('content-length');
    return null;
  });
}
