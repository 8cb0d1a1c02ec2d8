import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A route's onSend hook: the answer gets an ETag made from its body, and a request that already holds
 * that body (If-None-Match) gets 304 without it. With `cache-control: no-cache` a phone asks every time
 * but downloads the body only when it changed.
 */
export async function revalidateByEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 22)}"`;
  reply.header('etag', etag);
  if (!ifNoneMatchHolds(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return '';
}

/**
 * The same for a body made once and kept (its ETag with it): 304 when the request holds it, else the body as
 * it is, without hashing it again.
 */
export function sendKept(request: FastifyRequest, reply: FastifyReply, body: string, etag: string) {
  reply.header('etag', etag);
  if (ifNoneMatchHolds(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(body);
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): W/"x" matches "x"; * matches any. */
export function ifNoneMatchHolds(header: string | undefined, etag: string) {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
