import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  AccountChangesSchema,
  AccountListQuerySchema,
  AccountListSchema,
  AccountSummarySchema,
  AccountUpdateSchema,
  InvitationSchema,
  OutboxListSchema,
} from '../../../shared/accounts/account.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { routeGroup } from '../../http/route-group.ts';
import { auditedList } from '../audit-log/service.ts';
import { accountChanges, accountList, changeAccount, invite, inviteAgain, outbox } from './service.ts';

const admins = ['admin'] as const;
const accountId = z.object({ id: z.string().check(z.maxLength(100)) });

export async function accountRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: admins, tags: ['accounts'] });

  api.get(
    '/accounts',
    {
      schema: {
        summary: 'List accounts, newest first, with search over name and email',
        querystring: AccountListQuerySchema,
        response: { 200: AccountListSchema },
      },
    },
    async (request) =>
      auditedList(
        context.database.db,
        signedInUser(request),
        'accounts.list',
        request.query,
        await accountList(context, request.query),
        (page) => page.accounts,
      ),
  );

  api.patch(
    '/accounts/:id',
    {
      schema: {
        summary: "Change an account's role or disable it (its sessions end); the change is recorded",
        params: accountId,
        body: AccountUpdateSchema,
        response: { 200: AccountSummarySchema },
      },
    },
    async (request) => changeAccount(context, signedInUser(request), request.params.id, request.body),
  );

  api.post(
    '/accounts/invitations',
    {
      schema: {
        summary:
          'Invite a volunteer or an admin: an account with that role, and a mail with a link (valid 7 days) to choose a password',
        body: InvitationSchema,
        response: { 201: AccountSummarySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await invite(context, signedInUser(request), request.body)),
  );

  api.post(
    '/accounts/:id/invitation',
    {
      schema: {
        summary:
          'Send an invited account its invitation again, with a new link (until its password is chosen)',
        params: accountId,
        response: { 200: AccountSummarySchema },
      },
    },
    async (request) => inviteAgain(context, signedInUser(request), request.params.id),
  );

  api.get(
    '/accounts/:id/changes',
    {
      schema: {
        summary: "An account's recorded role changes, disablings and enablings: who, when, from, to",
        params: accountId,
        response: { 200: AccountChangesSchema },
      },
    },
    async (request) => accountChanges(context, request.params.id),
  );

  api.get(
    '/mail-outbox',
    {
      schema: {
        summary: 'The latest outgoing mail (the dev outbox when no SMTP server is configured)',
        response: { 200: OutboxListSchema },
      },
    },
    async (request) =>
      auditedList(
        context.database.db,
        signedInUser(request),
        'mail-outbox.list',
        {},
        await outbox(context),
        (list) => list.mails,
      ),
  );
}
