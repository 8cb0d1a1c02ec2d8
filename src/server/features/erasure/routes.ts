import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  EraseInputSchema,
  ErasureAskSchema,
  ErasureCountsSchema,
  ErasureRequestsSchema,
  MyErasureRequestSchema,
} from '../../../shared/privacy/erasure.ts';
import { MY_TOKEN } from '../../../shared/registrations/my-registration.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { MY_ENTRY_LIMIT } from '../../http/limits.ts';
import {
  accountRequest,
  askForAccount,
  askForEntry,
  confirmRequest,
  declineRequest,
  entryRequest,
  erasePerson,
  pendingRequests,
} from './service.ts';

const admins = ['admin'] as const;
const programmePeople = ['participant', 'facilitator'] as const;
const tags = ['erasure'];
const TokenParams = z.object({ token: z.string() });
const IdParams = z.object({ id: z.string() });
const Done = z.object({ ok: z.boolean() });

/** "Erase this person" (admins), and the requests people make from /My and /Profile. */
export async function erasureRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const token = (params: { token: string }) => (MY_TOKEN.test(params.token) ? params.token : '');
  const admin = (request: Parameters<typeof signedInUser>[0]) => {
    const { id, name } = signedInUser(request);
    return { id, name };
  };

  api.post(
    '/admin/erasures',
    {
      config: { access: admins },
      schema: {
        summary: 'Erase a person (an entry, a man, a facilitator or an account) everywhere, with a reason',
        tags,
        body: EraseInputSchema,
        response: { 200: ErasureCountsSchema },
      },
    },
    async (request) => erasePerson(context, admin(request), request.body),
  );

  api.get(
    '/admin/erasure-requests',
    {
      config: { access: admins },
      schema: {
        summary: 'Erasure requests waiting for an admin, oldest first',
        tags,
        response: { 200: ErasureRequestsSchema },
      },
    },
    async () => pendingRequests(context),
  );

  api.post(
    '/admin/erasure-requests/:id/erase',
    {
      config: { access: admins },
      schema: {
        summary: 'Confirm a request: the person is erased and the request marked done',
        tags,
        params: IdParams,
        response: { 200: ErasureCountsSchema },
      },
    },
    async (request) => confirmRequest(context, admin(request), request.params.id),
  );

  api.post(
    '/admin/erasure-requests/:id/decline',
    {
      config: { access: admins },
      schema: {
        summary: 'Decline a request: nothing is erased',
        tags,
        params: IdParams,
        response: { 200: Done },
      },
    },
    async (request) => {
      await declineRequest(context, admin(request), request.params.id);
      return { ok: true };
    },
  );

  api.get(
    '/my/:token/erasure-request',
    {
      config: { access: 'public', rateLimit: MY_ENTRY_LIMIT },
      schema: {
        summary: "Whether the entrant's request to erase his data is waiting",
        tags,
        params: TokenParams,
        response: { 200: MyErasureRequestSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return entryRequest(context, token(request.params));
    },
  );

  api.post(
    '/my/:token/erasure-request',
    {
      config: { access: 'public', rateLimit: MY_ENTRY_LIMIT },
      schema: {
        summary: 'The entrant asks for his data to be erased (an admin confirms it)',
        tags,
        params: TokenParams,
        body: ErasureAskSchema,
        response: { 200: MyErasureRequestSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return askForEntry(context, token(request.params), request.body.reason);
    },
  );

  api.get(
    '/me/erasure-request',
    {
      config: { access: programmePeople },
      schema: {
        summary: "Whether the participant's request to erase his data is waiting",
        tags,
        response: { 200: MyErasureRequestSchema },
      },
    },
    async (request) => accountRequest(context, signedInUser(request).id),
  );

  api.post(
    '/me/erasure-request',
    {
      config: { access: programmePeople },
      schema: {
        summary:
          'A programme participant asks for his account and records to be erased (an admin confirms it)',
        tags,
        body: ErasureAskSchema,
        response: { 200: MyErasureRequestSchema },
      },
    },
    async (request) => askForAccount(context, signedInUser(request).id, request.body.reason),
  );
}
