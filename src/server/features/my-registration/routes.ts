import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ParticipantEditSchema } from '../../../shared/participants/participants.ts';
import {
  MY_LINKS_SENT,
  MY_TOKEN,
  MyEntrySchema,
  MyLinksRequestSchema,
} from '../../../shared/registrations/my-registration.ts';
import type { AppContext } from '../../context.ts';
import { MY_ENTRY_LIMIT, MY_LINKS_LIMITS } from '../../http/limits.ts';
import { limitPerIpAndEmail } from '../../http/rate-limits.ts';
import {
  cancelMyEntry,
  changeMyEntry,
  linkOpensEntry,
  mailMyLinks,
  myCheckInQr,
  myEntry,
  resendMyConfirmation,
} from './service.ts';

// Any other shape is simply not a link; the service answers it the same 404 as an unknown token.
const TokenParams = z.object({ token: z.string() });
const Message = z.object({ message: z.string() });

/**
 * "My registration": the holder of an entry's private link sees and changes that entry. The answers carry
 * personal data, so none is stored by a browser or proxy.
 */
export async function myRegistrationRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const linkLimits = limitPerIpAndEmail(app, context, MY_LINKS_LIMITS);
  const entryConfig = { access: 'public' as const, rateLimit: MY_ENTRY_LIMIT };
  const token = (params: { token: string }) => (MY_TOKEN.test(params.token) ? params.token : '');

  api.get(
    '/my/:token',
    {
      config: entryConfig,
      schema: {
        summary: 'The entry a private link opens',
        tags: ['my registration'],
        params: TokenParams,
        response: { 200: MyEntrySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return myEntry(context, token(request.params));
    },
  );

  api.get(
    '/my/:token/check-in-qr.svg',
    {
      config: entryConfig,
      schema: {
        summary: "The entry's check-in QR code (SVG), shown at the registration table on race morning",
        tags: ['my registration'],
        params: TokenParams,
      },
    },
    async (request, reply) => {
      const svg = await myCheckInQr(context, token(request.params));
      return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
    },
  );

  api.put(
    '/my/:token',
    {
      config: entryConfig,
      schema: {
        summary: "The entrant's correction of the entry (race, T-shirt, contact details)",
        tags: ['my registration'],
        params: TokenParams,
        body: ParticipantEditSchema,
        response: { 200: MyEntrySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return changeMyEntry(context, token(request.params), request.body);
    },
  );

  api.post(
    '/my/:token/cancel',
    {
      config: entryConfig,
      schema: {
        summary: 'The entrant cancels the entry: its place is free again',
        tags: ['my registration'],
        params: TokenParams,
        response: { 200: MyEntrySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return cancelMyEntry(context, token(request.params));
    },
  );

  api.post(
    '/my/:token/confirmation',
    {
      config: entryConfig,
      schema: {
        summary: 'Send the confirmation email again (at most once every few minutes)',
        tags: ['my registration'],
        params: TokenParams,
        response: { 202: Message },
      },
    },
    async (request, reply) => {
      const sent = await resendMyConfirmation(context, token(request.params));
      return reply.code(202).send({
        message: sent
          ? 'We have sent your confirmation email again.'
          : 'Your confirmation email was sent a short while ago: please check your inbox.',
      });
    },
  );

  api.post(
    '/my/links',
    {
      config: { access: 'public', rateLimit: linkLimits.rateLimit },
      preHandler: linkLimits.preHandler,
      schema: {
        summary: "Mail the private links of an address's entries (the same answer for any address)",
        tags: ['my registration'],
        body: MyLinksRequestSchema,
        response: { 202: Message },
      },
    },
    async (request, reply) => {
      await mailMyLinks(context, request.body.email);
      return reply.code(202).send({ message: MY_LINKS_SENT });
    },
  );
}

/**
 * The private link's page (the app's shell, which shows the entry): 404 when the link opens no entry, so an
 * altered or expired link is not answered as a page that exists; the app then says how to get the links.
 * Needs the built client (reply.sendFile).
 */
export function myPageRoute(app: FastifyInstance, context: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/My/:token',
    {
      config: { access: 'public', rateLimit: MY_ENTRY_LIMIT },
      schema: { hide: true, params: TokenParams },
    },
    async (request, reply) => {
      const { token } = request.params;
      const opens = MY_TOKEN.test(token) && (await linkOpensEntry(context, token));
      if (!opens) {
        // A 404 goes whole: "not modified" would leave the browser an empty error page, not the app.
        delete request.raw.headers['if-none-match'];
        delete request.raw.headers['if-modified-since'];
      }
      return reply.code(opens ? 200 : 404).sendFile('index.html');
    },
  );
}
