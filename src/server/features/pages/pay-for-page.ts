import type { FastifyInstance } from 'fastify';
import { PAY_LINK_TOKEN } from '../../../shared/payments/pay-link.ts';
import type { AppContext } from '../../context.ts';
import { Problem } from '../../http/problem.ts';
import { linkToken, routeGroup } from '../../http/route-group.ts';
import { payLinkView } from '../pay-links/service.ts';
import type { SendPage } from './send-page.ts';

/**
 * /PayFor/<token>, a "pay for me" link (issue 36), rendered by the server with what is due and the bank details
 * with the reference: paid by bank without JavaScript (online payment needs the script). Rendered for each
 * request, no-store (access 'link'); a link that opens nothing gets the page's refusal, 404.
 */
export function payForPageRoute(app: FastifyInstance, context: AppContext, sendPage: SendPage) {
  routeGroup(app, { access: 'link', tags: ['pages'] }).get(
    '/PayFor/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const page = {
        at: `/PayFor/${encodeURIComponent(token)}`,
        personal: true,
        module: 'app/routes/my.tsx',
      };
      try {
        const payLink = await payLinkView(context, linkToken(request, PAY_LINK_TOKEN));
        // Under the key the page's query reads (queryKeys.payLink on the client).
        return await sendPage(request, reply, { queries: [[['pay-link', token], payLink]] }, page);
      } catch (error) {
        if (!(error instanceof Problem) || error.status !== 404) throw error;
        const linkRefused = { token, message: error.detail ?? error.title };
        return sendPage(request, reply, { linkRefused }, { ...page, status: 404 });
      }
    },
  );
}
