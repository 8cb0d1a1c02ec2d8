import type { FastifyInstance } from 'fastify';
import { MY_TOKEN } from '../../../shared/registrations/my-registration.ts';
import {
  MyTransferSchema,
  TransferAcceptSchema,
  TransferOfferSchema,
  TransferSendSchema,
  TransferTakenSchema,
} from '../../../shared/registrations/transfer.ts';
import type { AppContext } from '../../context.ts';
import { linkToken, routeGroup } from '../../http/route-group.ts';
import { acceptTransfer, myTransfer, sendTransfer, transferOffer, withdrawTransfer } from './service.ts';

/**
 * "Give my place to someone": the holder of an entry's private link sends a link (/Transfer/<token>) to the
 * new person, who takes the place with his own details. Both are private links: no-store, tokens logged as
 * [token], PRIVATE_LINK_LIMIT.
 */
export async function transferRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: 'link', tags: ['my registration'] });

  api.get(
    '/my/:token/transfer',
    {
      schema: {
        summary: 'Whether the place may be given to someone now, its fee, and a link waiting',
        response: { 200: MyTransferSchema },
      },
    },
    async (request) => myTransfer(context, linkToken(request, MY_TOKEN)),
  );

  api.post(
    '/my/:token/transfer',
    {
      schema: {
        summary: 'Give my place to someone: a link to the new person, by mail or text',
        body: TransferSendSchema,
        response: { 200: MyTransferSchema },
      },
    },
    async (request) => sendTransfer(context, linkToken(request, MY_TOKEN), request.body),
  );

  api.delete(
    '/my/:token/transfer',
    {
      schema: { summary: 'Withdraw the link waiting to be taken', response: { 200: MyTransferSchema } },
    },
    async (request) => withdrawTransfer(context, linkToken(request, MY_TOKEN)),
  );

  api.get(
    '/transfers/:token',
    {
      schema: {
        summary: 'What a transfer link offers: the place and its fees, nothing personal',
        response: { 200: TransferOfferSchema },
      },
    },
    async (request) => transferOffer(context, linkToken(request, MY_TOKEN)),
  );

  api.post(
    '/transfers/:token',
    {
      schema: {
        summary: 'Take the place with my own details (the registration form’s rules)',
        body: TransferAcceptSchema,
        response: { 200: TransferTakenSchema },
      },
    },
    async (request) => acceptTransfer(context, linkToken(request, MY_TOKEN), request.body),
  );
}
