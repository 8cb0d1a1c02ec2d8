import type { IncomingHttpHeaders, IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { HTTP_TIMEOUTS } from './limits.ts';

export type HttpTimeouts = typeof HTTP_TIMEOUTS;

/** Fastify options for Node's own limits: the headers, the whole request, and how often both are checked. */
export function serverTimeoutOptions(timeouts: HttpTimeouts): Partial<FastifyHttpOptions<Server>> {
  return {
    requestTimeout: timeouts.request,
    http: { headersTimeout: timeouts.headers, connectionsCheckingInterval: timeouts.checkEvery },
  };
}

interface Watched {
  request: IncomingMessage;
  socket: Socket;
  startedAt: number;
  bytesAtStart: number;
}

/**
 * Closes the connection of a request whose body arrives more slowly than HTTP_TIMEOUTS allows (a grace
 * period plus a second per `bodyMinRate` bytes received). Node can only limit the whole request, and a
 * limit short enough to cut a trickle within seconds would also cut a phone's honest upload of a photo
 * over a slow network. Only the socket's byte count is read, so the body stream is left to its parser.
 */
export function cutSlowBodies(app: FastifyInstance, timeouts: HttpTimeouts) {
  const watched = new Set<Watched>();
  let timer: NodeJS.Timeout | undefined;

  const check = () => {
    const now = performance.now();
    for (const entry of watched) {
      if (entry.request.complete || entry.socket.destroyed) {
        watched.delete(entry);
        continue;
      }
      const received = entry.socket.bytesRead - entry.bytesAtStart;
      const allowed = timeouts.bodyGrace + (received / timeouts.bodyMinRate) * 1000;
      if (now - entry.startedAt > allowed) {
        watched.delete(entry);
        app.log.info({ received }, 'request body arriving too slowly: connection closed');
        entry.socket.destroy();
      }
    }
  };

  // Only a listening server has real clients: requests injected in tests have no socket to watch.
  app.addHook('onListen', async () => {
    timer = setInterval(check, timeouts.checkEvery);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    watched.clear();
  });
  app.addHook('onRequest', async (request) => {
    const { raw } = request;
    if (!timer || raw.complete || !hasBody(raw.headers) || typeof raw.socket?.bytesRead !== 'number') return;
    watched.add({
      request: raw,
      socket: raw.socket,
      startedAt: performance.now(),
      bytesAtStart: raw.socket.bytesRead,
    });
  });
}

function hasBody(headers: IncomingHttpHeaders) {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}
