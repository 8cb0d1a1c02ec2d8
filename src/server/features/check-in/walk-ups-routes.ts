import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { WalkUpResultSchema, WalkUpSchema } from '../../../shared/check-in/walk-up.ts';
import { WalkUpPromptSchema, WalkUpReviewSchema } from '../../../shared/check-in/walk-up-review.ts';
import { PaymentAttemptSchema } from '../../../shared/payments/online-payment.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { routeGroup } from '../../http/route-group.ts';
import {
  clashDone,
  promptWalkUpPayment,
  takeWalkUp,
  walkUpPaymentAttempt,
  walkUpReview,
} from './walk-ups.ts';

const IdParams = z.object({ id: z.string() });

/** Walk-up entries at the check-in table on the event day (issue 37), and the admin's look at those kept apart. */
export async function walkUpRoutes(app: FastifyInstance, context: AppContext) {
  const table = routeGroup(app, { access: ['volunteer', 'admin'], tags: ['check-in'] });
  const admin = routeGroup(app, { access: ['admin'], tags: ['check-in'] });

  table.post(
    '/check-in/walk-ups',
    {
      schema: {
        summary:
          'A walk-up entry: registered by the public form’s rules, its bib given and checked in, at once',
        description:
          'On the event day only (409 WALK_UP_NOT_TODAY otherwise), after the closing time too. The same ' +
          'idempotencyKey answers the same result (200); a different walk-up under it is refused (422). A ' +
          'full race refuses it (409) unless it was made offline: then it is registered and marked so. A ' +
          'person already registered in the discipline is kept apart for an admin (outcome clash).',
        body: WalkUpSchema,
        response: { 201: WalkUpResultSchema, 200: WalkUpResultSchema },
      },
    },
    async (request, reply) => {
      const { result, created } = await takeWalkUp(context, request.body, signedInUser(request));
      return reply.code(created ? 201 : 200).send(result);
    },
  );

  table.post(
    '/check-in/walk-ups/:id/pay',
    {
      schema: {
        summary: 'Prompt the entrant’s phone (EcoCash, OneMoney) for a walk-up’s fee through Paynow',
        params: IdParams,
        body: WalkUpPromptSchema,
        response: { 201: PaymentAttemptSchema },
      },
    },
    async (request, reply) => {
      const attempt = await promptWalkUpPayment(context, request.params.id, request.body);
      return reply.code(201).send(attempt);
    },
  );

  table.get(
    '/check-in/walk-ups/:id/pay/attempts/:attemptId',
    {
      schema: {
        summary: 'How the table’s prompt for a walk-up’s fee stands',
        params: z.object({ id: z.string(), attemptId: z.string() }),
        response: { 200: PaymentAttemptSchema },
      },
    },
    async (request) => walkUpPaymentAttempt(context, request.params.id, request.params.attemptId),
  );

  admin.get(
    '/admin/walk-ups',
    {
      schema: {
        summary: 'Walk-ups to look at: clashes kept apart, and those registered over capacity',
        response: { 200: WalkUpReviewSchema },
      },
    },
    async () => walkUpReview(context),
  );

  admin.post(
    '/admin/walk-ups/clashes/:id/done',
    {
      schema: {
        summary: 'A clash looked at: it leaves the list and the form it kept is dropped',
        params: IdParams,
      },
    },
    async (request, reply) => {
      await clashDone(context, request.params.id, signedInUser(request));
      return reply.code(204).send();
    },
  );
}
