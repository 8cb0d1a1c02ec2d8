import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  AccountListQuerySchema,
  AccountListSchema,
  AccountSummarySchema,
  AccountUpdateSchema,
  OutboxListSchema,
} from '../../../shared/accounts/account.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/problem.ts';
import { recentMail } from '../../mail/repository.ts';
import { findAccount, listAccounts, updateAccount } from './repository.ts';

const admins = ['admin'] as const;

export async function accountRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;

  api.get(
    '/accounts',
    {
      config: { access: admins },
      schema: {
        summary: 'List accounts, newest first, with search over name and email',
        tags: ['accounts'],
        querystring: AccountListQuerySchema,
        response: { 200: AccountListSchema },
      },
    },
    async (request) => listAccounts(db, request.query),
  );

  api.patch(
    '/accounts/:id',
    {
      config: { access: admins },
      schema: {
        summary: "Change an account's role or disable it (its sessions end)",
        tags: ['accounts'],
        params: z.object({ id: z.string().check(z.maxLength(100)) }),
        body: AccountUpdateSchema,
        response: { 200: AccountSummarySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const change = request.body;
      if (id === signedInUser(request).id && ((change.role && change.role !== 'admin') || change.disabled)) {
        throw badRequest('You cannot remove your own admin role or disable your own account.');
      }
      if (!(await findAccount(db, id))) throw notFound('There is no such account.');
      await updateAccount(db, id, change);
      const updated = await findAccount(db, id);
      if (!updated) throw notFound('There is no such account.');
      return {
        id: updated.id,
        name: updated.name,
        email: updated.email,
        role: updated.role,
        emailVerified: updated.emailVerified,
        disabled: updated.banned === true,
        createdAt: updated.createdAt.toISOString(),
      };
    },
  );

  api.get(
    '/mail-outbox',
    {
      config: { access: admins },
      schema: {
        summary: 'The latest outgoing mail (the dev outbox when no SMTP server is configured)',
        tags: ['accounts'],
        response: { 200: OutboxListSchema },
      },
    },
    async () => {
      const transport = context.mailer.transportName;
      return { transport, mails: await recentMail(db, 50, { withBodies: transport === 'dev-outbox' }) };
    },
  );
}
