import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FunRunDashboardSchema } from '../../../shared/dashboard/dashboard.ts';
import { PrivacyNoticesSchema } from '../../../shared/privacy/retention.ts';
import type { AppContext } from '../../context.ts';
import { funRunDashboard, privacyNotices } from './service.ts';

export async function dashboardRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/dashboard/fun-run',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'Live totals and chart data for the admin dashboard',
        tags: ['dashboard'],
        response: { 200: FunRunDashboardSchema },
      },
    },
    async () => funRunDashboard(context),
  );

  api.get(
    '/dashboard/privacy',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'Erasure requests waiting, and the next entries to be anonymised',
        tags: ['dashboard'],
        response: { 200: PrivacyNoticesSchema },
      },
    },
    async () => privacyNotices(context),
  );
}
