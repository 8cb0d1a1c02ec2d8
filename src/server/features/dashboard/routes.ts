import type { FastifyInstance } from 'fastify';
import { FunRunDashboardSchema } from '../../../shared/dashboard/dashboard.ts';
import { PrivacyNoticesSchema } from '../../../shared/privacy/retention.ts';
import type { AppContext } from '../../context.ts';
import { routeGroup } from '../../http/route-group.ts';
import { funRunDashboard, privacyNotices } from './service.ts';

export async function dashboardRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: ['admin'], tags: ['dashboard'] });

  api.get(
    '/dashboard/fun-run',
    {
      schema: {
        summary: 'Live totals and chart data for the admin dashboard',
        response: { 200: FunRunDashboardSchema },
      },
    },
    async () => funRunDashboard(context),
  );

  api.get(
    '/dashboard/privacy',
    {
      schema: {
        summary: 'Erasure requests waiting, and the next entries to be anonymised',
        response: { 200: PrivacyNoticesSchema },
      },
    },
    async () => privacyNotices(context),
  );
}
