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

/**
 * Where the server's log goes: readable lines when a person watches it in a terminal (pino-pretty, loaded
 * only then), the JSON lines of `createLogger` otherwise (a file, journald, a log collector).
 */
export async function logDestination(
  output: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): Promise<DestinationStream | undefined> {
  if (!output.isTTY) return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    destination: output,
    colorize: output === process.stdout,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    sync: true,
  });
}

/** The server's log: cookies, authorisation headers and link tokens never reach it. */
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
