import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { EmailChangeLinkSchema } from '../../../shared/registrations/email-change.ts';
import { MY_TOKEN } from '../../../shared/registrations/my-registration.ts';
import type { AppContext } from '../../context.ts';
import { MY_ENTRY_LIMIT } from '../../http/limits.ts';
import { confirmEmailChange } from '../participants/service.ts';
import { emailChangeOfLink } from './service.ts';

const TokenParams = z.object({ token: z.string() });
const tags = ['my registration'];

/**
 * The link mailed to a new address (/ConfirmEmail/<token>): its page reads what it confirms, and a button
 * confirms it. Opening the link changes nothing, as mail scanners open links too.
 */
export async function emailChangeRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'public' as const, rateLimit: MY_ENTRY_LIMIT };
  // Any other shape is simply not a link: the same 404 as an unknown one.
  const token = (params: { token: string }) => (MY_TOKEN.test(params.token) ? params.token : '');

  api.get(
    '/email-changes/:token',
    {
      config,
      schema: {
        summary: 'What a link mailed to a new address confirms: the entry’s reference and the address',
        tags,
        params: TokenParams,
        response: { 200: EmailChangeLinkSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return emailChangeOfLink(context, token(request.params));
    },
  );

  api.post(
    '/email-changes/:token',
    {
      config,
      schema: {
        summary: 'Confirm the new address: the entry’s email changes now',
        tags,
        params: TokenParams,
        response: { 200: EmailChangeLinkSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmEmailChange(context, token(request.params));
    },
  );
}
