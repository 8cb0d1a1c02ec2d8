import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Discipline, PublicEvent } from '../../../shared/events/event.ts';
import { NEXT_YEAR_NOTED, NextYearSignupSchema } from '../../../shared/events/next-year.ts';
import { GiftInputSchema, giftOfForm } from '../../../shared/gifts/gifts.ts';
import type { PageData, ServerForm } from '../../../shared/page-data.ts';
import {
  type GroupReceipt,
  type GroupRegistrationData,
  GroupRegistrationInputSchema,
} from '../../../shared/registrations/group.ts';
import { flatGroupForm, groupInputOf } from '../../../shared/registrations/group-form.ts';
import { MY_LINKS_SENT, MyLinksRequestSchema } from '../../../shared/registrations/my-registration.ts';
import {
  type RegistrationData,
  RegistrationInputSchema,
  toldBy,
} from '../../../shared/registrations/registration.ts';
import { SearchQuerySchema } from '../../../shared/registrations/search.ts';
import { PublishedResultsQuerySchema, publishedResultsKey } from '../../../shared/results/published.ts';
import { SERVER_RENDERED_PAGES } from '../../../shared/server-rendered-pages.ts';
import type { NotifyBy } from '../../../shared/sms/sms-settings.ts';
import type { AppContext } from '../../context.ts';
import { BODY_LIMITS, MY_LINKS_LIMITS } from '../../http/limits.ts';
import { Problem } from '../../http/problem.ts';
import { limitAction, limitPerIpAndEmail } from '../../http/rate-limits.ts';
import { loggablePath } from '../../logger.ts';
import { getPublicEvent, type PublicEventView, publicEventView } from '../events/service.ts';
import { GIFTS_CLOSED, giftAskedWithEntry, giveSummary, makeGift } from '../gifts/service.ts';
import { mailMyLinks } from '../my-registration/service.ts';
import { signUpForNextYear } from '../next-year/service.ts';
import { isRaceFull, RACE_FULL_ON_FORM, register, searchEntrants } from '../registrations/service.ts';
import { publishedResults } from '../results/service.ts';
import { joinWaitlist } from '../waitlist/service.ts';
import { fieldMessages, formValues } from './form-values.ts';
import { changedForm, groupMessages, postedGroup } from './group-form-post.ts';
import { myEntryFormRoute, myEntryPageRoute, shortLinkPageRoute } from './my-entry-page.ts';
import { payForPageRoute } from './pay-for-page.ts';
import type { PageRenderer } from './renderer.ts';
import type { SendPage } from './send-page.ts';

/** The hidden field of the registration forms that carries their Idempotency-Key (see registration-form.tsx). */
const FORM_KEY_FIELD = 'idempotencyKey';
const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;
const READS_QUERY = new Set(['/Search', '/Thankyou', '/Results']);
const FORMS: Record<string, Discipline> = { '/Register': 'run', '/RegisterCyclist': 'cycle' };
/** Where the after-the-race landing's "Tell me about next year" form posts without JavaScript. */
const NEXT_YEAR_FORM = '/';
/** Where /Give's form posts without JavaScript. */
const GIVE_FORM = '/Give';
/** Where /My's "Email me my links" form posts without JavaScript. */
const MY_LINKS_FORM = '/My';

/**
 * The public pages with their content, rendered by the server (see
 * docs/decisions/012-server-rendered-public-pages.md), an entry's private page (read-only until its script
 * runs), and the registration forms posted without JavaScript: registered through the same services as the
 * API, answered with the Thank-you page, or the form again with what was typed and each message beside its
 * field.
 */
/**
 * The registrations feature's group registration (issue 36), handed over by app.ts: it builds on the
 * registrations service, so that service cannot hand it out without an import cycle.
 */
export interface PageServices {
  registerGroupFromForm: (
    context: AppContext,
    input: GroupRegistrationData,
    idempotencyKey?: string,
  ) => Promise<GroupReceipt>;
}

export async function pageRoutes(
  app: FastifyInstance,
  context: AppContext,
  renderer: PageRenderer,
  { registerGroupFromForm }: PageServices,
) {
  renderer.onError = (error, url) =>
    app.log.error({ err: error, url: loggablePath(url) }, 'A page failed to render on the server');
  app.addHook('onListen', async () => {
    renderer
      .warm()
      .catch((error: unknown) => app.log.error({ err: error }, 'The page renderer did not load'));
  });

  const sendPage: SendPage = async (request, reply, extra = {}, { status = 200, at, ...how } = {}) => {
    const { event: given, ...rest } = extra;
    const view = given ? undefined : await publicEventView(context);
    const event = given ?? (view as PublicEventView).event;
    const data: PageData = { ...rest, queries: [[['event'], event], ...(rest.queries ?? [])] };
    // A page of the event alone is known by the event's ETag: not written out as JSON for each request.
    const dataKey = view && Object.keys(rest).length === 0 ? `event ${view.etag}` : undefined;
    // Rendered at its route, however the path was spelt (a form is answered at any spelling). Only the search
    // and the thank-you page read their link's query: any other (a tracker's ?fbclid=…) is left out, so the
    // page still comes from the cache.
    const route = request.routeOptions.url ?? '/';
    const query = queryOf(request.url);
    const url = at ?? (READS_QUERY.has(route) && query !== undefined ? `${route}?${query}` : route);
    const page = await renderer.render(url, data, { cache: !rest.form, dataKey, ...how });
    return renderer.send(request, reply, page, status);
  };

  const countPage = limitAction(app, context, 'page');
  const countSearch = limitAction(app, context, 'search', (request) =>
    Boolean((request.query as { q?: string }).q),
  );
  for (const path of Object.keys(SERVER_RENDERED_PAGES)) {
    app.get(
      path,
      {
        config: { access: 'public' },
        onRequest: path === '/Search' || path === '/Results' ? [countPage, countSearch] : [countPage],
        schema: { hide: true },
      },
      async (request, reply) => {
        // The router takes any case and a trailing slash; a page has one address, as its link and in the cache.
        const query = queryOf(request.url);
        if (request.url.split('?')[0] !== path) {
          return reply.redirect(query === undefined ? path : `${path}?${query}`, 301);
        }
        if (path === '/Give')
          return sendPage(request, reply, { queries: [[['give'], await giveSummary(context)]] });
        if (path === '/Results')
          return sendPage(request, reply, { queries: await resultsQueries(context, request.query) });
        if (path !== '/Search') return sendPage(request, reply);
        return sendPage(request, reply, { queries: await searchQueries(context, request.query) });
      },
    );
  }

  myEntryPageRoute(app, context, sendPage);
  shortLinkPageRoute(app, context, sendPage);
  payForPageRoute(app, context, sendPage);
  await myEntryFormRoute(app, context, sendPage);

  await app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMITS.default },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );
    /** What the form at the request's path posted: its values as the contract reads them, and its key. */
    const posted = (request: FastifyRequest) => {
      const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      if (request.routeOptions.url === NEXT_YEAR_FORM) {
        return { values: formValues(NextYearSignupSchema, body), key: '' };
      }
      if (request.routeOptions.url === GIVE_FORM) {
        return {
          values: { ...formValues(GiftInputSchema, body), preset: body.get('preset') ?? '' },
          key: '',
        };
      }
      if (request.routeOptions.url === MY_LINKS_FORM) {
        return { values: formValues(MyLinksRequestSchema, body), key: '' };
      }
      const discipline = FORMS[request.routeOptions.url ?? ''] ?? 'run';
      const key = body.get(FORM_KEY_FIELD) ?? '';
      // Several people (issue 36): every person's fields, by their inputs' names.
      const group = postedGroup(body, discipline);
      if (group) return { values: flatGroupForm(group), key, group, body };
      return { values: { ...formValues(RegistrationInputSchema, body), discipline }, key, body };
    };
    /** The form posted, again: with what was typed, and the messages beside its fields or above its button. */
    const formAgain = (
      request: FastifyRequest,
      reply: FastifyReply,
      form: Omit<ServerForm, 'values'>,
      status: number,
      event?: PublicEvent,
    ) => {
      const { values, key } = posted(request);
      return sendPage(request, reply, { form: { values, ...form }, formKey: key, event }, { status });
    };
    // Posted too often: the form again with the wait above its button, not the API's JSON (the limit is
    // checked once the body is read, so what was typed is kept).
    forms.setErrorHandler((error: FastifyError, request, reply) => {
      if (!(error instanceof Problem) || error.status !== 429) throw error;
      reply.headers(error.headers ?? {});
      return formAgain(request, reply, { errors: {}, failure: error.detail }, 429);
    });
    const countRegistration = limitAction(forms, context, 'register');

    // "Tell me about next year" on the after-the-race landing: the landing again, thanking or with the message.
    forms.post(
      NEXT_YEAR_FORM,
      {
        config: { access: 'public' },
        preHandler: limitAction(forms, context, 'nextYear'),
        schema: { hide: true },
      },
      async (request, reply) => {
        const { values } = posted(request);
        const parsed = NextYearSignupSchema.safeParse(values);
        if (!parsed.success)
          return formAgain(request, reply, { errors: fieldMessages(parsed.error.issues) }, 400);
        await signUpForNextYear(context, parsed.data);
        const form = { values: { email: '', consent: false }, errors: {}, done: NEXT_YEAR_NOTED };
        return sendPage(request, reply, { form }, { personal: true });
      },
    );

    // /Give's gift without registering: /Give again, with the reference to pay it with, or with the messages.
    forms.post(
      GIVE_FORM,
      {
        config: { access: 'public' },
        preHandler: limitAction(forms, context, 'give'),
        schema: { hide: true },
      },
      async (request, reply) => {
        const values = posted(request).values as Record<string, string | boolean>;
        const { preset = '', ...fields } = values;
        const parsed = GiftInputSchema.safeParse(giftOfForm(fields, String(preset)));
        const queries: PageData['queries'] = [[['give'], await giveSummary(context)]];
        if (!parsed.success)
          return sendPage(
            request,
            reply,
            { queries, form: { values, errors: fieldMessages(parsed.error.issues) } },
            { status: 400 },
          );
        try {
          const gift = await makeGift(context, parsed.data);
          return sendPage(request, reply, { queries, gift }, { personal: true });
        } catch (error) {
          if (!(error instanceof Problem) || error.status !== 409) throw error;
          return sendPage(
            request,
            reply,
            { queries, form: { values, errors: {}, failure: GIFTS_CLOSED } },
            { status: 409 },
          );
        }
      },
    );

    // /My's "Email me my links": /My again, saying what was sent (the same for any address) or what is wrong.
    const linkLimits = limitPerIpAndEmail(forms, context, MY_LINKS_LIMITS);
    forms.post(
      MY_LINKS_FORM,
      {
        config: { access: 'public', rateLimit: linkLimits.rateLimit },
        preHandler: linkLimits.preHandler,
        schema: { hide: true },
      },
      async (request, reply) => {
        const parsed = MyLinksRequestSchema.safeParse(posted(request).values);
        if (!parsed.success)
          return formAgain(request, reply, { errors: fieldMessages(parsed.error.issues) }, 400);
        await mailMyLinks(context, parsed.data.email);
        const form = { values: { email: '' }, errors: {}, done: MY_LINKS_SENT };
        return sendPage(request, reply, { form }, { personal: true });
      },
    );

    for (const path of Object.keys(FORMS)) {
      forms.post(
        path,
        {
          config: { access: 'public' },
          preHandler: countRegistration,
          schema: { hide: true },
        },
        async (request, reply) => {
          const { values, key, group, body } = posted(request);
          const again = (form: Omit<ServerForm, 'values'>, status: number, event?: PublicEvent) =>
            formAgain(request, reply, form, status, event);
          const idempotencyKey = IDEMPOTENCY_KEY.test(key) ? key : undefined;

          // "Add another person" or "Remove", without JavaScript: the form again, one person more or fewer.
          const changed = body && changedForm(body, group, values, FORMS[path] ?? 'run');
          if (changed)
            return sendPage(request, reply, { form: { values: changed, errors: {} }, formKey: key });
          if (group) {
            const input = GroupRegistrationInputSchema.safeParse(groupInputOf(group));
            if (!input.success) return again(groupMessages(fieldMessages(input.error.issues), group), 400);
            try {
              const receipt = await registerGroupFromForm(context, input.data, idempotencyKey);
              const told = toldBy(receipt, await textsChoice(context, input.data.people[0]?.notifyBy));
              return sendPage(request, reply, { receipt: told }, { at: '/Thankyou', personal: true });
            } catch (error) {
              if (!(error instanceof Problem) || (error.status >= 500 && error.status !== 503)) throw error;
              const messages = Object.fromEntries((error.errors ?? []).map((e) => [e.path, e.message]));
              const { errors, failure } = groupMessages(messages, group);
              // A full race names its people (people.<i>.raceType): marked, and offered its waitlist.
              const full =
                error.status === 409
                  ? (error.errors ?? []).flatMap(({ path }) => {
                      const index = /^people\.(\d+)\.raceType$/.exec(path)?.[1];
                      return index === undefined ? [] : [Number(index)];
                    })
                  : [];
              return again({ errors, failure: failure ?? error.detail ?? error.title, full }, error.status);
            }
          }

          const parsed = RegistrationInputSchema.safeParse(values);
          if (!parsed.success) return again({ errors: fieldMessages(parsed.error.issues) }, 400);
          try {
            const answer = toldBy(
              await registerFromForm(context, parsed.data, idempotencyKey),
              await textsChoice(context, parsed.data.notifyBy),
            );
            // The Thank-you page itself, not a redirect: a new entry's private link and QR code are on it, and
            // a link would carry them to the history, the next holder of the phone and the server's log.
            return sendPage(request, reply, { receipt: answer }, { at: '/Thankyou', personal: true });
          } catch (error) {
            // Refusals show on the form as the script's form shows them; anything else is a server error.
            if (!(error instanceof Problem) || (error.status >= 500 && error.status !== 503)) throw error;
            const errors = Object.fromEntries((error.errors ?? []).map((e) => [e.path, e.message]));
            const failure = isRaceFull(error) ? RACE_FULL_ON_FORM : (error.detail ?? error.title);
            return again({ errors, failure }, error.status);
          }
        },
      );
    }
  });
}

/** A registration as the script's form makes it: a full race's waitlist when the race chosen is full. */
async function registerFromForm(context: AppContext, data: RegistrationData, idempotencyKey?: string) {
  const event = await getPublicEvent(context);
  const full = event.races.some(
    (race) => race.discipline === data.discipline && race.label === data.raceType && race.full,
  );
  if (!full) {
    const registered = await register(context, data, { idempotencyKey });
    const { receipt, alreadyRegistered } = registered;
    if (alreadyRegistered) return { ...receipt, alreadyRegistered: true as const, ...alreadyRegistered };
    const gift = await giftAskedWithEntry(context, registered, data);
    return gift ? { ...receipt, gift } : receipt;
  }
  const joined = await joinWaitlist(context, data, { idempotencyKey });
  if ('waitlist' in joined) return joined.waitlist;
  const { receipt, alreadyRegistered } = joined.registration;
  return alreadyRegistered ? { ...receipt, alreadyRegistered: true as const, ...alreadyRegistered } : receipt;
}

/** The entrant's choice of how he is told, while the event sends texts (the form offers it only then). */
async function textsChoice(context: AppContext, notifyBy: NotifyBy | undefined) {
  return (await getPublicEvent(context)).smsOn ? notifyBy : undefined;
}

/** The query of a request's URL as sent (undefined when it has no `?`). */
function queryOf(url: string) {
  const at = url.indexOf('?');
  return at < 0 ? undefined : url.slice(at + 1);
}

/** The search a /Search link asks for (?q=), answered as the API answers it, under its query's key. */
async function searchQueries(context: AppContext, query: unknown): Promise<PageData['queries']> {
  const q = (query as { q?: unknown }).q;
  if (typeof q !== 'string') return [];
  const parsed = SearchQuerySchema.safeParse({ q });
  if (!parsed.success) return [];
  return [[['entrant-search', q.trim()], { results: await searchEntrants(context, parsed.data.q) }]];
}

/** The results a /Results link asks for (?race=&q=&page=), answered as the API answers them, under their key. */
async function resultsQueries(context: AppContext, query: unknown): Promise<PageData['queries']> {
  const raw = (query ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string) : undefined);
  const key = publishedResultsKey({ race: text('race'), q: text('q'), page: text('page') });
  const parsed = PublishedResultsQuerySchema.safeParse(key[1]);
  if (!parsed.success) return [];
  return [[key, await publishedResults(context, parsed.data)]];
}
