import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { giftOfForm } from '../../../shared/gifts/gifts.ts';
import { MY_TOKEN, MyGiftInputSchema } from '../../../shared/registrations/my-registration.ts';
import type { AppContext } from '../../context.ts';
import { BODY_LIMITS } from '../../http/limits.ts';
import { Problem } from '../../http/problem.ts';
import { linkToken, routeGroup } from '../../http/route-group.ts';
import {
  addMyGift,
  myEntry,
  NO_SUCH_SHORT_LINK,
  removeMyGift,
  setMySmsReminders,
  shortLinkTarget,
} from '../my-registration/service.ts';
import { fieldMessages, formValues } from './form-values.ts';
import type { SendPage } from './send-page.ts';

/**
 * /My/<token>, the entry its private link opens, rendered by the server: readable without JavaScript
 * (changes need the script, which then takes the page over). Rendered for each request and answered no-store
 * (access 'link'); a link that opens no entry gets the same page's refusal, 404.
 */
export function myEntryPageRoute(app: FastifyInstance, context: AppContext, sendPage: SendPage) {
  routeGroup(app, { access: 'link', tags: ['pages'] }).get(
    '/My/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const page = myPage(token);
      try {
        const entry = await myEntry(context, linkToken(request, MY_TOKEN));
        // Under the key the page's query reads (queryKeys.myEntry on the client).
        return await sendPage(request, reply, { queries: [[['my-entry', token], entry]] }, page);
      } catch (error) {
        if (!(error instanceof Problem) || error.status !== 404) throw error;
        const linkRefused = { token, message: error.detail ?? error.title };
        return sendPage(request, reply, { linkRefused }, { ...page, status: 404 });
      }
    },
  );
}

const myPage = (token: string) => ({
  at: `/My/${encodeURIComponent(token)}`,
  personal: true,
  module: 'app/routes/my.tsx',
});

/**
 * /m/<code>, a text message's short link: 303 to the page it opens (see my-registration's shortLinkRoute, the
 * same route where the server renders no pages); a code that opens nothing gets /My's refusal, 404.
 */
export function shortLinkPageRoute(app: FastifyInstance, context: AppContext, sendPage: SendPage) {
  routeGroup(app, { access: 'link', tags: ['pages'] }).get(
    '/m/:code',
    { schema: { hide: true, params: z.object({ code: z.string() }) } },
    async (request, reply) => {
      const { code } = request.params as { code: string };
      const target = await shortLinkTarget(context, code);
      if (target) return reply.redirect(target, 303);
      const page = { at: `/m/${encodeURIComponent(code)}`, personal: true, module: 'app/routes/my.tsx' };
      const linkRefused = { token: code, message: NO_SUCH_SHORT_LINK };
      return sendPage(request, reply, { linkRefused }, { ...page, status: 404 });
    },
  );
}

/** The field of /My/<token>'s form that stops reminders by SMS, or has them sent again. */
const SMS_REMINDERS_FIELD = 'smsReminders';
/** The field of /My/<token>'s gift form (issue 43): "add" (or change) the gift, or "remove" the unpaid one. */
export const GIFT_FIELD = 'gift';

/**
 * /My/<token>'s forms posted without JavaScript: "Stop reminders by SMS" (or "Send reminders by SMS again"),
 * "Add a gift to <cause>" and "Remove the gift", then the page again (303), which says what is now so; a
 * reload does not post again. A gift refused is the page with its messages (what was typed kept).
 */
export async function myEntryFormRoute(app: FastifyInstance, context: AppContext, sendPage: SendPage) {
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMITS.default },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );
    routeGroup(forms, { access: 'link', tags: ['pages'] }).post(
      '/My/:token',
      { schema: { hide: true } },
      async (request, reply) => {
        const { token } = request.params as { token: string };
        const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
        const again = () => reply.redirect(`/My/${encodeURIComponent(token)}`, 303);
        try {
          const wanted = body.get(SMS_REMINDERS_FIELD);
          if (wanted === 'stop' || wanted === 'resume') {
            await setMySmsReminders(context, linkToken(request, MY_TOKEN), wanted === 'stop');
          }
          const gift = body.get(GIFT_FIELD);
          if (gift === 'remove') {
            await removeMyGift(context, linkToken(request, MY_TOKEN)).catch(refusedOnly(409));
          }
          if (gift === 'add') {
            const values = { ...formValues(MyGiftInputSchema, body), preset: body.get('preset') ?? '' };
            const { preset, ...typed } = values;
            const parsed = MyGiftInputSchema.safeParse(giftOfForm(typed, String(preset)));
            const refused = parsed.success
              ? await addMyGift(context, linkToken(request, MY_TOKEN), parsed.data).then(
                  () => undefined,
                  refusedOnly(409),
                )
              : undefined;
            if (!parsed.success || refused) {
              const entry = await myEntry(context, linkToken(request, MY_TOKEN));
              const form = parsed.success
                ? { values, errors: {}, failure: refused?.detail ?? refused?.title }
                : { values, errors: fieldMessages(parsed.error.issues) };
              return sendPage(
                request,
                reply,
                { queries: [[['my-entry', token], entry]], form },
                { ...myPage(token), status: parsed.success ? 409 : 400 },
              );
            }
          }
        } catch (error) {
          // The page itself says that the link opens nothing.
          if (!(error instanceof Problem) || error.status !== 404) throw error;
        }
        return again();
      },
    );
  });
}

/** A refusal with this status is answered (the page says what is now so); any other error is thrown on. */
const refusedOnly = (status: number) => (error: unknown) => {
  if (error instanceof Problem && error.status === status) return error;
  throw error;
};
