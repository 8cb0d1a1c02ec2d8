import type { FastifyInstance } from 'fastify';
import type { CurrentEventCache } from './current-event.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'told'`: the route's handler tells the event's copy itself of a change the public pages show (a
     * registration filling its race), so its other requests cost the pages no check of the database.
     */
    changesEvent?: 'told';
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whatever is changed through this server shows on its next public page: any request that may have changed
 * something (not a read, not refused) has the event's copy checked against the database before the next page
 * is served. Changes made elsewhere (another server, a job, SQL) show by the copy's own checks.
 */
export function followChangesMadeHere(app: FastifyInstance, currentEvent: CurrentEventCache) {
  app.addHook('onSend', async (request, reply) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return;
    if (request.routeOptions.config?.changesEvent === 'told') return;
    currentEvent.changed();
  });
}
