import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PaymentAttemptSchema } from '../../../shared/payments/online-payment.ts';
import {
  NewPayLinkSchema,
  PAY_LINK_TOKEN,
  PayLinkMadeSchema,
  PayLinkPaymentSchema,
  PayLinkSchema,
} from '../../../shared/payments/pay-link.ts';
import { MY_TOKEN } from '../../../shared/registrations/my-registration.ts';
import type { AppContext } from '../../context.ts';
import { PAYMENT_LIMITS } from '../../http/limits.ts';
import { linkToken, routeGroup } from '../../http/route-group.ts';
import { makePayLink, payLinkAttempt, payLinkCodeQr, payLinkView, startPayLinkPayment } from './service.ts';

/** "Pay for me" links (issue 36): made by an entry's private link, opened and paid by whoever is sent one. */
export function payLinkRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: 'link', tags: ['pay links'] });

  api.post(
    '/my/:token/pay-links',
    {
      schema: {
        summary: 'Make a pay link for someone else to pay the entry’s fee, or its group’s total',
        body: NewPayLinkSchema,
        response: { 201: PayLinkMadeSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await makePayLink(context, linkToken(request, MY_TOKEN), request.body)),
  );

  api.get(
    '/pay-for/:token',
    {
      config: { access: 'link', rateLimit: PAYMENT_LIMITS.follow },
      schema: {
        summary: 'What a pay link shows: first names, races, the reference, what is due, how to pay online',
        response: { 200: PayLinkSchema },
      },
    },
    async (request) => payLinkView(context, linkToken(request, PAY_LINK_TOKEN)),
  );

  api.post(
    '/pay-for/:token',
    {
      config: { access: 'link', rateLimit: PAYMENT_LIMITS.start },
      schema: {
        summary: 'Start paying through a pay link: a prompt on the payer’s phone, or Paynow’s page',
        body: PayLinkPaymentSchema,
        response: { 201: PaymentAttemptSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await startPayLinkPayment(context, linkToken(request, PAY_LINK_TOKEN), request.body)),
  );

  api.get(
    '/pay-for/:token/attempts/:id',
    {
      config: { access: 'link', rateLimit: PAYMENT_LIMITS.follow },
      schema: {
        summary: 'How a payment started through this pay link stands',
        params: z.object({ token: z.string(), id: z.string() }),
        response: { 200: PaymentAttemptSchema },
      },
    },
    async (request) => payLinkAttempt(context, linkToken(request, PAY_LINK_TOKEN), request.params.id),
  );

  api.get(
    '/pay-for/:token/attempts/:id/code-qr.svg',
    {
      config: { access: 'link', rateLimit: PAYMENT_LIMITS.follow },
      schema: {
        summary: 'The QR code (SVG) of an InnBucks or O’mari code of a payment started through this pay link',
        params: z.object({ token: z.string(), id: z.string() }),
      },
    },
    async (request, reply) => {
      const svg = await payLinkCodeQr(context, linkToken(request, PAY_LINK_TOKEN), request.params.id);
      return reply.type('image/svg+xml').header('cache-control', 'private, no-store').send(svg);
    },
  );
}
