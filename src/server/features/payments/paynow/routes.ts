import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GIFT_PAY_TOKEN } from '../../../../shared/gifts/gifts.ts';
import {
  OnlinePaymentSettingsInputSchema,
  OnlinePaymentSettingsSchema,
  PaymentAttemptSchema,
  PaymentOfferSchema,
  StartPaymentSchema,
} from '../../../../shared/payments/online-payment.ts';
import {
  PaymentNoticesPageSchema,
  PaymentNoticesQuerySchema,
} from '../../../../shared/payments/payment-notices.ts';
import type { AppContext } from '../../../context.ts';
import { signedInUser } from '../../../http/access.ts';
import { BODY_LIMITS, PAYMENT_LIMITS } from '../../../http/limits.ts';
import { linkToken, routeGroup } from '../../../http/route-group.ts';
import { type PaynowFields, parseForm } from './paynow-client.ts';
import type { PaynowPoller } from './poller.ts';
import {
  giftPaymentAttempt,
  giftPaymentCodeQr,
  giftPaymentOffer,
  onlinePaymentSettings,
  paymentAttempt,
  paymentCodeQr,
  paymentNotices,
  paymentOffer,
  receiveStatusUpdate,
  reviewPaymentNotice,
  saveOnlinePaymentSettings,
  startGiftPayment,
  startPayment,
  startTeamPayment,
  teamPaymentAttempt,
  teamPaymentCodeQr,
  teamPaymentOffer,
} from './service.ts';

const admins = ['admin'] as const;

/** Paying an entry online through Paynow (issue 16): the admin's settings, the payer's pages, Paynow's updates. */
export async function paynowRoutes(app: FastifyInstance, context: AppContext, poller: PaynowPoller) {
  const api = routeGroup(app, { access: admins, tags: ['event settings'] });

  api.get(
    '/admin/online-payment',
    {
      schema: {
        summary: 'The online payment (Paynow) settings; the integration key only as set or not',
        response: { 200: OnlinePaymentSettingsSchema },
      },
    },
    async () => onlinePaymentSettings(context),
  );

  api.put(
    '/admin/online-payment',
    {
      schema: {
        summary: 'Save the online payment settings (an empty key keeps the one set)',
        body: OnlinePaymentSettingsInputSchema,
        response: { 200: OnlinePaymentSettingsSchema },
      },
    },
    async (request) => saveOnlinePaymentSettings(context, request.body, signedInUser(request)),
  );

  api.get(
    '/admin/payment-notices',
    {
      schema: {
        summary:
          "Paynow's messages that changed nothing: a page of those about our payment attempts, then the others",
        querystring: PaymentNoticesQuerySchema,
        response: { 200: PaymentNoticesPageSchema },
      },
    },
    async (request) => paymentNotices(context, request.query.page),
  );

  api.post(
    '/admin/payment-notices/:id/reviewed',
    {
      schema: {
        summary: 'Mark a Paynow message reviewed',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ id: z.number() }) },
      },
    },
    async (request) => {
      await reviewPaymentNotice(context, request.params.id, signedInUser(request));
      return { id: request.params.id };
    },
  );

  api.get(
    '/pay/:token',
    {
      config: { access: 'link', rateLimit: PAYMENT_LIMITS.follow },
      schema: {
        summary: 'How the holder of an entry’s private link may pay online, and the last attempt',
        tags: ['online payment'],
        response: { 200: PaymentOfferSchema },
      },
    },
    async (request) => paymentOffer(context, linkToken(request)),
  );

  api.post(
    '/pay/:token',
    {
      config: { access: 'link', rateLimit: PAYMENT_LIMITS.start },
      schema: {
        summary: 'Start paying the entry’s fee: a prompt on the payer’s phone, or Paynow’s page',
        tags: ['online payment'],
        body: StartPaymentSchema,
        response: { 201: PaymentAttemptSchema },
      },
    },
    async (request, reply) => {
      const attempt = await startPayment(context, linkToken(request), request.body);
      return reply.code(201).send(attempt);
    },
  );

  api.get(
    '/pay/:token/attempts/:id',
    {
      config: { access: 'link', rateLimit: PAYMENT_LIMITS.follow },
      schema: {
        summary: 'How a payment attempt stands (by its id and the entry’s private link only)',
        tags: ['online payment'],
        params: z.object({ token: z.string(), id: z.string() }),
        response: { 200: PaymentAttemptSchema },
      },
    },
    async (request) => paymentAttempt(context, request.params.token, request.params.id),
  );

  api.get(
    '/pay/:token/attempts/:id/code-qr.svg',
    {
      config: { access: 'link', rateLimit: PAYMENT_LIMITS.follow },
      schema: {
        summary:
          'The QR code (SVG) of a pending InnBucks or O’mari payment’s code, for the wallet’s app to scan',
        tags: ['online payment'],
        params: z.object({ token: z.string(), id: z.string() }),
      },
    },
    async (request, reply) => {
      const svg = await paymentCodeQr(context, request.params.token, request.params.id);
      return reply.type('image/svg+xml').header('cache-control', 'private, no-store').send(svg);
    },
  );

  // A gift made on /Give alone (issue 43): its giver's private pay token, never the gift's id.
  api.get(
    '/give/pay/:token',
    {
      config: { access: 'link', rateLimit: PAYMENT_LIMITS.follow },
      schema: {
        summary: 'How the giver holding a gift’s pay token may pay it online, and the last attempt',
        tags: ['online payment'],
        response: { 200: PaymentOfferSchema },
      },
    },
    async (request) => giftPaymentOffer(context, linkToken(request, GIFT_PAY_TOKEN)),
  );

  api.post(
    '/give/pay/:token',
    {
      config: { access: 'link', rateLimit: PAYMENT_LIMITS.start },
      schema: {
        summary: 'Start paying the gift: a prompt on the giver’s phone, or Paynow’s page',
        tags: ['online payment'],
        body: StartPaymentSchema,
        response: { 201: PaymentAttemptSchema },
      },
    },
    async (request, reply) => {
      const attempt = await startGiftPayment(context, linkToken(request, GIFT_PAY_TOKEN), request.body);
      return reply.code(201).send(attempt);
    },
  );

  api.get(
    '/give/pay/:token/attempts/:id',
    {
      config: { access: 'link', rateLimit: PAYMENT_LIMITS.follow },
      schema: {
        summary: 'How a gift’s payment attempt stands (by its id and the gift’s pay token only)',
        tags: ['online payment'],
        params: z.object({ token: z.string(), id: z.string() }),
        response: { 200: PaymentAttemptSchema },
      },
    },
    async (request) => giftPaymentAttempt(context, request.params.token, request.params.id),
  );

  api.get(
    '/give/pay/:token/attempts/:id/code-qr.svg',
    {
      config: { access: 'link', rateLimit: PAYMENT_LIMITS.follow },
      schema: {
        summary: 'The QR code (SVG) of a pending InnBucks or O’mari payment’s code of a gift',
        tags: ['online payment'],
        params: z.object({ token: z.string(), id: z.string() }),
      },
    },
    async (request, reply) => {
      const svg = await giftPaymentCodeQr(context, request.params.token, request.params.id);
      return reply.type('image/svg+xml').header('cache-control', 'private, no-store').send(svg);
    },
  );

  const company = routeGroup(app, { access: ['company'], tags: ['online payment'] });

  company.get(
    '/team/pay',
    {
      config: { rateLimit: PAYMENT_LIMITS.follow },
      schema: {
        summary: 'What the signed-in company’s team owes online, and its last payment attempt',
        response: { 200: PaymentOfferSchema },
      },
    },
    async (request) => teamPaymentOffer(context, signedInUser(request).id),
  );

  company.post(
    '/team/pay',
    {
      config: { rateLimit: PAYMENT_LIMITS.start },
      schema: {
        summary: 'Start paying the team’s total (its entries who owe, in order): a prompt, or Paynow’s page',
        body: StartPaymentSchema,
        response: { 201: PaymentAttemptSchema },
      },
    },
    async (request, reply) => {
      const attempt = await startTeamPayment(context, signedInUser(request).id, request.body);
      return reply.code(201).send(attempt);
    },
  );

  company.get(
    '/team/pay/attempts/:id',
    {
      config: { rateLimit: PAYMENT_LIMITS.follow },
      schema: {
        summary: 'How one of the team’s payment attempts stands',
        params: z.object({ id: z.string() }),
        response: { 200: PaymentAttemptSchema },
      },
    },
    async (request) => teamPaymentAttempt(context, signedInUser(request).id, request.params.id),
  );

  company.get(
    '/team/pay/attempts/:id/code-qr.svg',
    {
      config: { rateLimit: PAYMENT_LIMITS.follow },
      schema: {
        summary: 'The QR code (SVG) of a pending InnBucks or O’mari payment’s code of the team',
        params: z.object({ id: z.string() }),
      },
    },
    async (request, reply) => {
      const svg = await teamPaymentCodeQr(context, signedInUser(request).id, request.params.id);
      return reply.type('image/svg+xml').header('cache-control', 'private, no-store').send(svg);
    },
  );

  await app.register(async (paynow) => {
    // Paynow posts form-encoded status updates: read as its fields in order, as their order is part of the hash.
    paynow.removeAllContentTypeParsers();
    paynow.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMITS.paynowResult },
      (_request, body, done) => done(null, parseForm(String(body))),
    );
    // Anything else is no status update: read (so the sender is answered OK) and set aside.
    paynow.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: BODY_LIMITS.paynowResult },
      (_request, _body, done) => done(null, []),
    );
    paynow.withTypeProvider<ZodTypeProvider>().post(
      '/paynow/result',
      {
        // Paynow resends only after an HTTP error, so whatever is wrong with a message, it is answered OK:
        // over the limit too, unread (the poller still settles real payments).
        config: { access: 'public', nulBytes: 'strip' },
        onRequest: answerOkOverLimit(app, context),
        schema: {
          summary: 'Paynow’s status updates (result URL): believed only once a poll confirms them',
          tags: ['online payment'],
          consumes: ['application/x-www-form-urlencoded'],
        },
      },
      async (request, reply) => {
        const fields = Array.isArray(request.body) ? (request.body as PaynowFields) : [];
        const { settled } = await receiveStatusUpdate(context, fields, request.ip);
        if (!settled) poller.kick();
        return reply.type('text/plain').send('OK');
      },
    );
  });
}

/** PAYMENT_LIMITS.result per client address; over it, the answer Paynow expects, before the body is read. */
function answerOkOverLimit(app: FastifyInstance, context: AppContext): onRequestAsyncHookHandler[] {
  if (context.env.RATE_LIMITS === 'off') return [];
  const count = app.createRateLimit({
    ...PAYMENT_LIMITS.result,
    keyGenerator: (request) => `paynow-result:${request.ip}`,
  });
  return [
    async (request, reply) => {
      const limit = await count(request);
      if (!limit.isAllowed && limit.isExceeded) return reply.type('text/plain').send('OK');
    },
  ];
}
