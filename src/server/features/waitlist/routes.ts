import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { MY_ENTRY_LIMIT } from '../../http/limits.ts';
import { limitAction } from '../../http/rate-limits.ts';
import { idParams } from '../../http/replies.ts';
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

const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w-]{8,100}$/, 'Idempotency-Key must be 8–100 letters, digits, dashes or underscores')
    .optional(),
});
// Any other shape is simply not an offer; the service answers it the same 404 as an unknown token.
const TokenParams = z.object({ token: z.string() });
const IdParams = idParams('Not a waitlist entry id');
const admins = ['admin'] as const;
const tags = ['waitlist'];

export async function waitlistRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const token = (params: { token: string }) => (OFFER_TOKEN.test(params.token) ? params.token : '');
  const offerConfig = { access: 'public' as const, rateLimit: MY_ENTRY_LIMIT };

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
        tags,
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
      config: offerConfig,
      schema: {
        summary: 'The waitlist offer a private link opens',
        tags,
        params: TokenParams,
        response: { 200: WaitlistOfferSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return offerOf(context, token(request.params));
    },
  );

  api.post(
    '/offers/:token/accept',
    {
      config: offerConfig,
      schema: {
        summary: 'Take the offered place: the waitlist entry becomes a registration (same again: same entry)',
        tags,
        params: TokenParams,
        response: { 200: WaitlistOfferSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return acceptOffer(context, token(request.params));
    },
  );

  api.post(
    '/offers/:token/decline',
    {
      config: offerConfig,
      schema: {
        summary: 'Decline the offered place: it passes to the next one waiting',
        tags,
        params: TokenParams,
        response: { 200: WaitlistOfferSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return declineOffer(context, token(request.params));
    },
  );

  api.get(
    '/admin/waitlist',
    {
      config: { access: admins },
      schema: {
        summary: 'Each race with a waitlist: who waits, in order, and their offers',
        tags,
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
      config: { access: admins },
      schema: {
        summary: 'Offer a free place to this person (out of turn if need be)',
        tags,
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
      config: { access: admins },
      schema: {
        summary: 'Take this person off the waitlist (an offer he held passes on)',
        tags,
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
