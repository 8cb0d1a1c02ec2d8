import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditLogQuerySchema, AuditLogSchema } from '../../../shared/audit-log/audit-log.ts';
import type { AppContext } from '../../context.ts';
import { auditLogPage } from './service.ts';

export async function auditLogRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/audit-log',
    {
      config: { access: ['admin'] },
      schema: {
        summary:
          'The audit trail, newest first: bulk reads of personal data and changes of roles, payments, entries and settings',
        tags: ['audit-log'],
        querystring: AuditLogQuerySchema,
        response: { 200: AuditLogSchema },
      },
    },
    async (request) => auditLogPage(context, request.query),
  );
}
