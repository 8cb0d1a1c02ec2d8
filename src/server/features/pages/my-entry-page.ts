import type { FastifyInstance } from 'fastify';
import { MY_TOKEN } from '../../../shared/registrations/my-registration.ts';
import type { AppContext } from '../../context.ts';
import { Problem } from '../../http/problem.ts';
import { linkToken, routeGroup } from '../../http/route-group.ts';
import { myEntry } from '../my-registration/service.ts';
import type { SendPage } from './send-page.ts';

/**
 * /My/<token>, the entry its private link opens, rendered by the server: readable without JavaScript
 * (changes need the script, which then takes the page over). Rendered for each request and answered no-store
 * (access 'link'); a link that opens no entry gets the same page's refusal, 404.
 */
export function myEntryPageRoute(app: FastifyInstance, context: AppContext, sendPage: SendPage) {
  routeGroup(app, { access: 'link', tags: ['pages'] }).get(
    '/My/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const page = { at: `/My/${encodeURIComponent(token)}`, personal: true, module: 'app/routes/my.tsx' };
      try {
        const entry = await myEntry(context, linkToken(request, MY_TOKEN));
        // Under the key the page's query reads (queryKeys.myEntry on the client).
        return await sendPage(request, reply, { queries: [[['my-entry', token], entry]] }, page);
      } catch (error) {
        if (!(error instanceof Problem) || error.status !== 404) throw error;
        const linkRefused = { token, message: error.detail ?? error.title };
        return sendPage(request, reply, { linkRefused }, { ...page, status: 404 });
      }
    },
  );
}
