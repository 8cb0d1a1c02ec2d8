import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { redactPrivateSegments } from './http/private-paths.ts';

/**
 * Link tokens ride in query strings (verification) and paths (private links, password reset, check-in codes):
 * log neither. `route` is the pattern the request matched, when it matched one.
 */
export function loggablePath(url: string, route?: string) {
  return redactPrivateSegments(url.split('?')[0] ?? '', route);
}

/** The server's JSON log: cookies, authorisation headers and link tokens never reach it. */
export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        remove: true,
      },
      serializers: {
        // Fastify hands over its request, which knows the route it matched.
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: loggablePath(String(req.url), req.routeOptions?.url),
          remoteAddress: req.ip,
        }),
      },
    },
    destination,
  );
}
