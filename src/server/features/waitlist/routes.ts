import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AlreadyRegisteredSchema,
  RegistrationInputSchema,
  RegistrationReceiptSchema,
} from '../../../shared/registrations/registration.ts';
import {
  OFFER_TOKEN,
  WaitlistOfferSchema,
  WaitlistReceiptSchema,
  WaitlistSchema,
} from '../../../shared/waitlist/waitlist.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { IdempotencyHeaders } from '../../http/idempotency-key.ts';
import { limitAction } from '../../http/rate-limits.ts';
import { idParams } from '../../http/replies.ts';
import { linkToken, routeGroup } from '../../http/route-group.ts';
import { auditedList, recordAudit } from '../audit-log/service.ts';
import {
  acceptOffer,
  declineOffer,
  joinWaitlist,
  offerOf,
  offerPlaceTo,
  removeFromWaitlist,
  waitlistOf,
} from './service.ts';

const IdParams = idParams('Not a waitlist entry id');
const admins = ['admin'] as const;
const tags = ['waitlist'];

export async function waitlistRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: admins, tags });

  api.post(
    '/waitlist',
    {
      // The same counter as registering: the form joins the waitlist when its race is full.
      config: { access: 'public' },
      onRequest: limitAction(app, context, 'register'),
      schema: {
        summary: "Join a full race's waitlist (registered at once when the race has room after all)",
        description:
          'Same body and Idempotency-Key as POST /registrations. 201 with the waitlist reference and position, ' +
          'or the registration receipt when the race was not full to newcomers.',
        headers: IdempotencyHeaders,
        body: RegistrationInputSchema,
        response: {
          201: z.union([WaitlistReceiptSchema, RegistrationReceiptSchema]),
          200: AlreadyRegisteredSchema,
        },
      },
    },
    async (request, reply) => {
      const joined = await joinWaitlist(context, request.body, {
        idempotencyKey: request.headers['idempotency-key'],
      });
      if ('waitlist' in joined) return reply.code(201).send(joined.waitlist);
      const { receipt, alreadyRegistered } = joined.registration;
      if (alreadyRegistered)
        return reply.code(200).send({ ...receipt, alreadyRegistered: true, ...alreadyRegistered });
      return reply.code(201).send(receipt);
    },
  );

  api.get(
    '/offers/:token',
    {
      config: { access: 'link' },
      schema: { summary: 'The waitlist offer a private link opens', response: { 200: WaitlistOfferSchema } },
    },
    async (request) => offerOf(context, linkToken(request, OFFER_TOKEN)),
  );

  api.post(
    '/offers/:token/accept',
    {
      config: { access: 'link' },
      schema: {
        summary: 'Take the offered place: the waitlist entry becomes a registration (same again: same entry)',
        response: { 200: WaitlistOfferSchema },
      },
    },
    async (request) => acceptOffer(context, linkToken(request, OFFER_TOKEN)),
  );

  api.post(
    '/offers/:token/decline',
    {
      config: { access: 'link' },
      schema: {
        summary: 'Decline the offered place: it passes to the next one waiting',
        response: { 200: WaitlistOfferSchema },
      },
    },
    async (request) => declineOffer(context, linkToken(request, OFFER_TOKEN)),
  );

  api.get(
    '/admin/waitlist',
    {
      schema: {
        summary: 'Each race with a waitlist: who waits, in order, and their offers',
        response: { 200: WaitlistSchema },
      },
    },
    async (request) =>
      auditedList(
        context.database.db,
        signedInUser(request),
        'waitlist.list',
        {},
        await waitlistOf(context),
        (list) => list.races.flatMap((race) => race.entries),
      ),
  );

  api.post(
    '/admin/waitlist/:id/offer',
    {
      schema: {
        summary: 'Offer a free place to this person (out of turn if need be)',
        params: IdParams,
        response: { 200: WaitlistSchema },
      },
    },
    async (request) => {
      const waitlist = await offerPlaceTo(context, request.params.id);
      await recordAudit(context.database.db, signedInUser(request), {
        action: 'waitlist.offer',
        subject: `waitlist ${request.params.id}`,
      });
      return waitlist;
    },
  );

  api.post(
    '/admin/waitlist/:id/remove',
    {
      schema: {
        summary: 'Take this person off the waitlist (an offer he held passes on)',
        params: IdParams,
        response: { 200: WaitlistSchema },
      },
    },
    async (request) => {
      const waitlist = await removeFromWaitlist(context, request.params.id);
      await recordAudit(context.database.db, signedInUser(request), {
        action: 'waitlist.remove',
        subject: `waitlist ${request.params.id}`,
      });
      return waitlist;
    },
  );
}
