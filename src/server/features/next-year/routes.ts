import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NEXT_YEAR_NOTED, NextYearSignupSchema } from '../../../shared/events/next-year.ts';
import type { AppContext } from '../../context.ts';
import { limitAction } from '../../http/rate-limits.ts';
import { routeGroup } from '../../http/route-group.ts';
import { signUpForNextYear } from './service.ts';

/** "Tell me about next year": insert-only, the same answer for every address, nothing personal back. */
export async function nextYearRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: 'public', tags: ['events'] });
  api.post(
    '/next-year',
    {
      onRequest: limitAction(app, context, 'nextYear'),
      schema: {
        summary: 'Add an address (with consent) to the list mailed once when the next edition is published',
        body: NextYearSignupSchema,
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      await signUpForNextYear(context, request.body);
      return reply.code(202).send({ message: NEXT_YEAR_NOTED });
    },
  );
}
