import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import { sendProblem } from './error-handler.ts';
import { Problem } from './problem.ts';

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  app.get('/healthz', { config: { access: 'public' }, logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { access: 'public' }, logLevel: 'warn' }, async (_request, reply) => {
    try {
      await withTimeout(database.ping(), 2000);
      return { status: 'ready', database: database.kind };
    } catch {
      const problem = new Problem(503, 'Service Unavailable', 'The database is not reachable.', undefined, {
        'retry-after': '5',
      });
      return sendProblem(reply, problem);
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
}
