import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  app.get('/healthz', { config: { access: 'public' }, logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { access: 'public' }, logLevel: 'warn' }, async (_request, reply) => {
    try {
      await withTimeout(database.ping(), 2000);
      return { status: 'ready', database: database.kind };
    } catch {
      return reply
        .code(503)
        .header('retry-after', '5')
        .type('application/problem+json; charset=utf-8')
        .send({
          type: 'about:blank',
          status: 503,
          title: 'Service Unavailable',
          detail: 'The database is not reachable.',
        });
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
}
