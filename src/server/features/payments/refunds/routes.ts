import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  CreditOfferSchema,
  EntryRefundsSchema,
  MoneyBackSchema,
  OpenCreditsSchema,
  RecordRefundSchema,
} from '../../../../shared/payments/refunds.ts';
import { MY_TOKEN } from '../../../../shared/registrations/my-registration.ts';
import type { AppContext } from '../../../context.ts';
import { signedInUser } from '../../../http/access.ts';
import { idParams, sendAttachment } from '../../../http/replies.ts';
import { linkToken, routeGroup, TokenParams } from '../../../http/route-group.ts';
import {
  applyCredit,
  creditNotePdfOf,
  entryRefunds,
  listOpenCredits,
  moneyToGiveBack,
  myCredits,
  recordRefund,
  useMyCredit,
} from './service.ts';

const admins = ['admin'] as const;
const IdParams = idParams('Not an entry id');
const tags = ['participants'];
const positive = (message: string) => z.coerce.number().check(z.int(message), z.positive(message));
const CreditParams = z.extend(IdParams, { creditId: positive('Not a credit') });
const CreditNoteParams = z.extend(IdParams, { number: positive('Not a credit note number') });

/** Refunds and credits an admin records on an entry (issue 42), the credits kept for people, their notes. */
export async function refundRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: admins, tags });

  api.get(
    '/participants/:id/refunds',
    {
      schema: {
        summary:
          "An entry's refunds and credits, what is left to give back, and credits of the same person it may use",
        params: IdParams,
        response: { 200: EntryRefundsSchema },
      },
    },
    async (request) => entryRefunds(context, request.params.id),
  );

  api.post(
    '/participants/:id/refunds',
    {
      schema: {
        summary: 'Record money given back (amount, currency, method, date, reference) or kept as a credit',
        params: IdParams,
        body: RecordRefundSchema,
        response: { 200: EntryRefundsSchema },
      },
    },
    async (request) => recordRefund(context, request.params.id, request.body, signedInUser(request)),
  );

  api.post(
    '/participants/:id/credits/:creditId/use',
    {
      schema: {
        summary: "Pay the entry with one of the same person's credits (all of it, as a payment)",
        params: CreditParams,
        response: { 200: EntryRefundsSchema },
      },
    },
    async (request) =>
      applyCredit(context, request.params.id, request.params.creditId, { admin: signedInUser(request) }),
  );

  api.get(
    '/participants/:id/credit-notes/:number.pdf',
    {
      schema: { summary: "One of an entry's credit notes as a one-page PDF", params: CreditNoteParams },
    },
    async (request, reply) => {
      const { fileName, pdf } = await creditNotePdfOf(context, request.params.id, request.params.number);
      return sendAttachment(reply, fileName, 'application/pdf', pdf);
    },
  );

  api.get(
    '/money-to-give-back',
    {
      schema: {
        summary:
          "The current edition's entries cancelled after paying, or paid above their fee, with what is left to give back",
        response: { 200: MoneyBackSchema },
      },
    },
    async () => moneyToGiveBack(context),
  );

  api.get(
    '/credits',
    {
      schema: {
        summary: 'Credits kept for people, not yet used nor expired',
        response: { 200: OpenCreditsSchema },
      },
    },
    async () => listOpenCredits(context),
  );
}

/** The entrant's own credits, by his entry's private link (issue 42: offered when he registers again). */
export async function myCreditRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: 'link', tags: ['my registration'] });
  const Credits = z.array(CreditOfferSchema);

  api.get(
    '/my/:token/credits',
    {
      schema: {
        summary: 'Credits kept from the same person’s earlier entries that this entry may use',
        params: TokenParams,
        response: { 200: Credits },
      },
    },
    async (request) => myCredits(context, linkToken(request, MY_TOKEN)),
  );

  api.post(
    '/my/:token/credits/:creditId/use',
    {
      schema: {
        summary: 'Pay the entry with one of the person’s credits (all of it)',
        params: z.object({ token: z.string(), creditId: positive('Not a credit') }),
        response: { 200: Credits },
      },
    },
    async (request) => useMyCredit(context, linkToken(request, MY_TOKEN), request.params.creditId),
  );
}
