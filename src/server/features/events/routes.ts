import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicEventSchema } from '../../../shared/events/event.ts';
import type { AppContext } from '../../context.ts';
import { revalidateByEtag } from '../../http/etag.ts';
import { getPublicEvent } from './service.ts';

export async function eventRoutes(app: FastifyInstance, context: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/event',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The current event: texts, payment options, races (and which are full), T-shirt sizes',
        tags: ['events'],
        response: { 200: PublicEventSchema },
      },
      onSend: revalidateByEtag,
    },
    async (_request, reply) => {
      // Settings change rarely but must show at once after an admin edits them: revalidate every time
      // (an unchanged event is a 304 without its body).
      reply.header('cache-control', 'no-cache');
      return getPublicEvent(context);
    },
  );
}
