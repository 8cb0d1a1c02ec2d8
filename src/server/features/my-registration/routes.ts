import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ParticipantEditSchema } from '../../../shared/participants/participants.ts';
import { MobileCodeSchema } from '../../../shared/registrations/mobile-change.ts';
import {
  MY_LINKS_SENT,
  MY_LINKS_TEXTED,
  MY_TOKEN,
  MyEntrySchema,
  MyGiftInputSchema,
  MyLinksBySmsRequestSchema,
  MyLinksRequestSchema,
} from '../../../shared/registrations/my-registration.ts';
import type { AppContext } from '../../context.ts';
import { MY_LINKS_BY_SMS_LIMIT, MY_LINKS_LIMITS, PRIVATE_LINK_LIMIT } from '../../http/limits.ts';
import { Problem } from '../../http/problem.ts';
import { limitPerIpAndEmail } from '../../http/rate-limits.ts';
import { linkToken, routeGroup, TokenParams } from '../../http/route-group.ts';
import {
  addMyGift,
  cancelMyEntry,
  changeMyEntry,
  confirmMyMobile,
  linkOpensEntry,
  mailMyLinks,
  myCheckInQr,
  myEntry,
  NO_SUCH_SHORT_LINK,
  removeMyGift,
  resendMyConfirmation,
  setMySmsReminders,
  shortLinkTarget,
  textMyLinks,
} from './service.ts';

const Message = z.object({ message: z.string() });

/**
 * "My registration": the holder of an entry's private link sees and changes that entry. The answers carry
 * personal data, so none is stored by a browser or proxy.
 */
export async function myRegistrationRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: 'link', tags: ['my registration'] });
  const linkLimits = limitPerIpAndEmail(app, context, MY_LINKS_LIMITS);

  api.get(
    '/my/:token',
    { schema: { summary: 'The entry a private link opens', response: { 200: MyEntrySchema } } },
    async (request) => myEntry(context, linkToken(request, MY_TOKEN)),
  );

  api.put(
    '/my/:token/gift',
    {
      schema: {
        summary: 'Add a gift to the cause, or change the unpaid one (due with the fee, same reference)',
        body: MyGiftInputSchema,
        response: { 200: MyEntrySchema },
      },
    },
    async (request) => addMyGift(context, linkToken(request, MY_TOKEN), request.body),
  );

  api.delete(
    '/my/:token/gift',
    { schema: { summary: "Remove the entry's unpaid gift", response: { 200: MyEntrySchema } } },
    async (request) => removeMyGift(context, linkToken(request, MY_TOKEN)),
  );

  api.get(
    '/my/:token/check-in-qr.svg',
    {
      schema: {
        summary: "The entry's check-in QR code (SVG), shown at the registration table on race morning",
      },
    },
    async (request, reply) => {
      const svg = await myCheckInQr(context, linkToken(request, MY_TOKEN));
      return reply.type('image/svg+xml').send(svg);
    },
  );

  api.put(
    '/my/:token',
    {
      schema: {
        summary: "The entrant's correction of the entry (race, T-shirt, contact details)",
        body: ParticipantEditSchema,
        response: { 200: MyEntrySchema },
      },
    },
    async (request) => changeMyEntry(context, linkToken(request, MY_TOKEN), request.body),
  );

  api.post(
    '/my/:token/mobile-change',
    {
      schema: {
        summary: 'Enter the code texted to the new mobile: the entry’s mobile changes now',
        body: MobileCodeSchema,
        response: { 200: MyEntrySchema },
      },
    },
    async (request) => confirmMyMobile(context, linkToken(request, MY_TOKEN), request.body.code),
  );

  api.post(
    '/my/:token/cancel',
    {
      schema: {
        summary: 'The entrant cancels the entry: its place is free again',
        response: { 200: MyEntrySchema },
      },
    },
    async (request) => cancelMyEntry(context, linkToken(request, MY_TOKEN)),
  );

  api.post(
    '/my/:token/confirmation',
    {
      schema: {
        summary: 'Send the confirmation email again (at most once every few minutes)',
        response: { 202: Message },
      },
    },
    async (request, reply) => {
      const sent = await resendMyConfirmation(context, linkToken(request, MY_TOKEN));
      return reply.code(202).send({
        message: sent
          ? 'We have sent your confirmation email again.'
          : 'Your confirmation email was sent a short while ago: please check your inbox.',
      });
    },
  );

  api.post(
    '/my/:token/sms-reminders/stop',
    {
      schema: {
        summary: 'The entrant stops reminders by SMS (the link in every reminder)',
        response: { 200: MyEntrySchema },
      },
    },
    async (request) => setMySmsReminders(context, linkToken(request, MY_TOKEN), true),
  );

  api.post(
    '/my/:token/sms-reminders/resume',
    {
      schema: { summary: 'The entrant has reminders sent by SMS again', response: { 200: MyEntrySchema } },
    },
    async (request) => setMySmsReminders(context, linkToken(request, MY_TOKEN), false),
  );

  api.post(
    '/my/links-by-sms',
    {
      config: { access: 'public', rateLimit: MY_LINKS_BY_SMS_LIMIT },
      schema: {
        summary: "Text the short links of a mobile number's newest entries (the same answer for any number)",
        body: MyLinksBySmsRequestSchema,
        response: { 202: Message },
      },
    },
    async (request, reply) => {
      await textMyLinks(context, request.body.mobile);
      return reply.code(202).send({ message: MY_LINKS_TEXTED });
    },
  );

  api.post(
    '/my/links',
    {
      config: { access: 'public', rateLimit: linkLimits.rateLimit },
      preHandler: linkLimits.preHandler,
      schema: {
        summary: "Mail the private links of an address's entries (the same answer for any address)",
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
 * The private link's page as the app's shell, for a build without the server's renderer (which otherwise
 * renders it: pages/my-entry-page.ts): 404 when the link opens no entry, so an altered or expired link is not
 * answered as a page that exists; the app then says how to get the links. Needs the built client
 * (reply.sendFile).
 */
export function myPageRoute(app: FastifyInstance, context: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/My/:token',
    {
      // The app's shell, nothing personal: the entry comes from /api/my/:token.
      config: { access: 'public', rateLimit: PRIVATE_LINK_LIMIT },
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

/** A short link's code, as its route receives it (any shape: shortLinkTarget refuses a wrong one). */
const ShortCodeParams = z.object({ code: z.string() });

/**
 * /m/<code>, a text message's short link (typed again from a basic phone's screen, in any case): 303 to the
 * entry's page, or the waitlist offer's, it opens. A private link's route: no-store, its code logged as
 * [token], PRIVATE_LINK_LIMIT. `refused` answers a code that opens nothing (404): the server's page when it
 * renders pages, else the app's shell (`sendFile`), else a problem.
 */
export function shortLinkRoute(
  app: FastifyInstance,
  context: AppContext,
  refused?: (
    request: FastifyRequest,
    reply: FastifyReply,
    code: string,
  ) => FastifyReply | Promise<FastifyReply>,
) {
  routeGroup(app, { access: 'link', tags: ['pages'] }).get(
    '/m/:code',
    { schema: { hide: true, params: ShortCodeParams } },
    async (request, reply) => {
      const { code } = request.params as z.infer<typeof ShortCodeParams>;
      const target = await shortLinkTarget(context, code);
      if (target) return reply.redirect(target, 303);
      if (refused) return refused(request, reply, code);
      throw new Problem(404, 'Not Found', NO_SUCH_SHORT_LINK);
    },
  );
}
