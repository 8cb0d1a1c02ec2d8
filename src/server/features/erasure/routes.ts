import type { FastifyInstance } from 'fastify';
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
import { linkToken, routeGroup } from '../../http/route-group.ts';
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
const IdParams = z.object({ id: z.string() });
const Done = z.object({ ok: z.boolean() });

/** "Erase this person" (admins), and the requests people make from /My and /Profile. */
export async function erasureRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: admins, tags });
  const admin = (request: Parameters<typeof signedInUser>[0]) => {
    const { id, name } = signedInUser(request);
    return { id, name };
  };

  api.post(
    '/admin/erasures',
    {
      schema: {
        summary: 'Erase a person (an entry, a man, a facilitator or an account) everywhere, with a reason',
        body: EraseInputSchema,
        response: { 200: ErasureCountsSchema },
      },
    },
    async (request) => erasePerson(context, admin(request), request.body),
  );

  api.get(
    '/admin/erasure-requests',
    {
      schema: {
        summary: 'Erasure requests waiting for an admin, oldest first',
        response: { 200: ErasureRequestsSchema },
      },
    },
    async () => pendingRequests(context),
  );

  api.post(
    '/admin/erasure-requests/:id/erase',
    {
      schema: {
        summary: 'Confirm a request: the person is erased and the request marked done',
        params: IdParams,
        response: { 200: ErasureCountsSchema },
      },
    },
    async (request) => confirmRequest(context, admin(request), request.params.id),
  );

  api.post(
    '/admin/erasure-requests/:id/decline',
    {
      schema: { summary: 'Decline a request: nothing is erased', params: IdParams, response: { 200: Done } },
    },
    async (request) => {
      await declineRequest(context, admin(request), request.params.id);
      return { ok: true };
    },
  );

  api.get(
    '/my/:token/erasure-request',
    {
      config: { access: 'link' },
      schema: {
        summary: "Whether the entrant's request to erase his data is waiting",
        response: { 200: MyErasureRequestSchema },
      },
    },
    async (request) => entryRequest(context, linkToken(request, MY_TOKEN)),
  );

  api.post(
    '/my/:token/erasure-request',
    {
      config: { access: 'link' },
      schema: {
        summary: 'The entrant asks for his data to be erased (an admin confirms it)',
        body: ErasureAskSchema,
        response: { 200: MyErasureRequestSchema },
      },
    },
    async (request) => askForEntry(context, linkToken(request, MY_TOKEN), request.body.reason),
  );

  api.get(
    '/me/erasure-request',
    {
      config: { access: programmePeople },
      schema: {
        summary: "Whether the participant's request to erase his data is waiting",
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
        body: ErasureAskSchema,
        response: { 200: MyErasureRequestSchema },
      },
    },
    async (request) => askForAccount(context, signedInUser(request).id, request.body.reason),
  );
}
