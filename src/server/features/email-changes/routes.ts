import type { FastifyInstance } from 'fastify';
import { EmailChangeLinkSchema } from '../../../shared/registrations/email-change.ts';
import { MY_TOKEN } from '../../../shared/registrations/my-registration.ts';
import type { AppContext } from '../../context.ts';
import { linkToken, routeGroup } from '../../http/route-group.ts';
import { confirmEmailChange } from '../participants/service.ts';
import { emailChangeOfLink } from './service.ts';

/**
 * The link mailed to a new address (/ConfirmEmail/<token>): its page reads what it confirms, and a button
 * confirms it. Opening the link changes nothing, as mail scanners open links too.
 */
export async function emailChangeRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: 'link', tags: ['my registration'] });

  api.get(
    '/email-changes/:token',
    {
      schema: {
        summary: 'What a link mailed to a new address confirms: the entry’s reference and the address',
        response: { 200: EmailChangeLinkSchema },
      },
    },
    async (request) => emailChangeOfLink(context, linkToken(request, MY_TOKEN)),
  );

  api.post(
    '/email-changes/:token',
    {
      schema: {
        summary: 'Confirm the new address: the entry’s email changes now',
        response: { 200: EmailChangeLinkSchema },
      },
    },
    async (request) => confirmEmailChange(context, linkToken(request, MY_TOKEN)),
  );
}
