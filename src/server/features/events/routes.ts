import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CalendarQuerySchema } from '../../../shared/events/calendar.ts';
import { PublicEventSchema } from '../../../shared/events/event.ts';
import type { AppContext } from '../../context.ts';
import { revalidateByEtag, sendKept } from '../../http/etag.ts';
import { sendAttachment } from '../../http/replies.ts';
import { eventCalendar } from './calendar.ts';
import { publicEventView } from './service.ts';

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
    },
    async (request, reply) => {
      // Settings change rarely but must show at once after an admin edits them: revalidate every time
      // (an unchanged event is a 304 without its body).
      const { json, etag } = await publicEventView(context);
      reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8');
      return sendKept(request, reply, json, etag);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/event/calendar.ics',
    {
      config: { access: 'public' },
      schema: {
        summary:
          "The fun run's day as a calendar file (iCalendar): a race's start when ?discipline=&race= name one, else the whole day",
        tags: ['events'],
        querystring: CalendarQuerySchema,
      },
      onSend: revalidateByEtag,
    },
    async (request, reply) => {
      const { ics, filename } = await eventCalendar(context, request.query);
      // The same for everyone (nothing personal), but it follows the settings: revalidated like the event.
      reply.header('cache-control', 'no-cache');
      return sendAttachment(reply, filename, 'text/calendar; charset=utf-8', ics);
    },
  );
}
