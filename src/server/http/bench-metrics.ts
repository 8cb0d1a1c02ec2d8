import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

const NS_PER_MS = 1e6;

/**
 * For `npm run bench` only (BENCH_METRICS=on): how long the event loop was held since the last call, as
 * perf_hooks measures it (sampled every 10 ms), answered to a caller on this machine and reset. Never on in
 * production: it says nothing personal, but how busy a server is is nobody else's business.
 */
export function benchMetricsRoute(app: FastifyInstance) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());
  app.get(
    '/api/bench/event-loop',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const from = request.socket.remoteAddress ?? '';
      if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(from)) return reply.code(404).send();
      const figures = {
        p50Ms: delay.percentile(50) / NS_PER_MS,
        p99Ms: delay.percentile(99) / NS_PER_MS,
        maxMs: delay.max / NS_PER_MS,
        meanMs: delay.mean / NS_PER_MS,
        samples: delay.count,
      };
      delay.reset();
      return figures;
    },
  );
}
