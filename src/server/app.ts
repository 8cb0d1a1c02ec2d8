import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { lazyAuth } from './auth/lazy-auth.ts';
import { sessionSecret } from './auth/session-secret.ts';
import type { AppContext } from './context.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Env } from './env.ts';
import { accessRequestRoutes } from './features/access-requests/routes.ts';
import { accountRoutes } from './features/accounts/account-routes.ts';
import { sessionRoutes } from './features/accounts/session-routes.ts';
import { auditLogRoutes } from './features/audit-log/routes.ts';
import { checkInRoutes } from './features/check-in/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { emailChangeRoutes } from './features/email-changes/routes.ts';
import { erasureRoutes } from './features/erasure/routes.ts';
import { eventSettingsRoutes, mediaRoutes } from './features/event-settings/routes.ts';
import { CurrentEventCache, type EventFreshness, eventFreshnessOf } from './features/events/current-event.ts';
import { followChangesMadeHere } from './features/events/follow-changes.ts';
import { eventRoutes } from './features/events/routes.ts';
import { giftRoutes } from './features/gifts/routes.ts';
import { startGiftLapsing } from './features/gifts/service.ts';
import { messageRoutes } from './features/messages/routes.ts';
import { startMessages } from './features/messages/service.ts';
import { mobileProofRoutes } from './features/mobile-proofs/routes.ts';
import { myPageRoute, myRegistrationRoutes, shortLinkRoute } from './features/my-registration/routes.ts';
import { nextYearRoutes } from './features/next-year/routes.ts';
import { type PageRenderer, rendererForBuild } from './features/pages/renderer.ts';
import { pageRoutes } from './features/pages/routes.ts';
import { participantRoutes } from './features/participants/routes.ts';
import { payLinkRoutes } from './features/pay-links/routes.ts';
import { PaynowPoller, type PollerTiming } from './features/payments/paynow/poller.ts';
import { paynowRoutes } from './features/payments/paynow/routes.ts';
import { myCreditRoutes, refundRoutes } from './features/payments/refunds/routes.ts';
import { paymentRoutes } from './features/payments/routes.ts';
import { peopleRoutes } from './features/people/routes.ts';
import { linkVerifiedAccount } from './features/people/service.ts';
import { programmeSettingsRoutes } from './features/programme-settings/routes.ts';
import { progressRoutes } from './features/progress/routes.ts';
import { receiptRoutes } from './features/receipts/routes.ts';
import { startPaymentReminders } from './features/receipts/service.ts';
import { registerGroupFromForm } from './features/registrations/group-registration.ts';
import { registrationRoutes } from './features/registrations/routes.ts';
import { certificateRoutes } from './features/results/certificates/routes.ts';
import { finishLineRoutes } from './features/results/finish-line/routes.ts';
import { resultsRoutes } from './features/results/routes.ts';
import { startRetention } from './features/retention/service.ts';
import { smsSettingsRoutes } from './features/sms-settings/routes.ts';
import { statementRoutes } from './features/statements/routes.ts';
import { transferRoutes } from './features/transfers/routes.ts';
import { waitlistRoutes } from './features/waitlist/routes.ts';
import { startOfferExpiry } from './features/waitlist/service.ts';
import {
  enforceAccess,
  noStoreForPersonalAnswers,
  requireAccessDeclarations,
  requireSameOrigin,
} from './http/access.ts';
import { benchMetricsRoute } from './http/bench-metrics.ts';
import {
  clientBuildExists,
  clientRoutes,
  isClientRoute,
  pagesAtPublicAddress,
} from './http/client-routes.ts';
import { revalidateStaticFiles } from './http/content-etag.ts';
import { registerErrorHandling, sendProblem } from './http/error-handler.ts';
import { healthRoutes } from './http/health-routes.ts';
import { BODY_LIMITS, HTTP_TIMEOUTS } from './http/limits.ts';
import { refuseNulBytes } from './http/nul-bytes.ts';
import { learnPrivatePaths } from './http/private-paths.ts';
import { Problem } from './http/problem.ts';
import { OneLinePerRequest } from './http/request-log.ts';
import { sharedRateLimitStore } from './http/shared-rate-limits.ts';
import { cutSlowBodies, type HttpTimeouts, serverTimeoutOptions } from './http/slow-requests.ts';
import { linksOf } from './links.ts';
import { Mailer } from './mail/mailer.ts';
import { clientDist } from './paths.ts';
import { createSignals } from './signals.ts';
import { SmsSender } from './sms/sender.ts';
import { databaseFileStore, databaseMediaStore } from './storage/database-files.ts';
import { diskFileStore } from './storage/files.ts';
import { diskMediaStore } from './storage/media.ts';
import { connectSubscribers } from './subscribers.ts';

// Declared where it is decorated: in context.ts it closed a circle (the poller imports the context).
declare module 'fastify' {
  interface FastifyInstance {
    paynowPoller: PaynowPoller;
  }
}

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  /** A pino logger; none (silent) when absent, as in API tests. */
  logger?: FastifyBaseLogger;
  /** Serve the built client (off in API tests). */
  serveClient?: boolean;
  /** Where the built client is: dist/client unless a test points at a small fake build. */
  clientDir?: string;
  /**
   * Renders the public pages with their content: from the build (dist/ssr) when the client is served, or
   * one a test makes from the sources.
   */
  pageRenderer?: PageRenderer;
  /** HTTP_TIMEOUTS unless a test shortens them. */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** How the Paynow poller paces itself, when a test speeds it up. */
  paynowTiming?: PollerTiming;
  /** How fresh the public pages' copy of the event is kept (EVENT_CHECK_MS unless a test says otherwise). */
  eventFreshness?: EventFreshness;
}

export async function buildApp(options: AppOptions) {
  const { env, database } = options;
  const links = linksOf(env);
  const https = links.site.startsWith('https:');
  const timeouts = { ...HTTP_TIMEOUTS, ...options.httpTimeouts };
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(),
    // Routes that take more say so (BODY_LIMITS); uploads are multipart, with their own file limits.
    bodyLimit: BODY_LIMITS.default,
    ...serverTimeoutOptions(timeouts),
    // Only a reverse proxy on this machine may say who the client is (X-Forwarded-For); nobody else can spoof it.
    trustProxy: 'loopback',
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);
  refuseNulBytes(app);
  requireAccessDeclarations(app);
  learnPrivatePaths(app);
  cutSlowBodies(app, timeouts);

  // Helmet's headers are made once: @fastify/helmet made them again for every request, 3.6% of a registration's
  // time on the server (issue 44's profile).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        // Compiling WebAssembly only (no eval of scripts): the check-in page's QR reader on phones without one.
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    strictTransportSecurity: https,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  // Limits are declared per route; benchmarks switch them all off with RATE_LIMITS=off.
  // On PostgreSQL every server counts in one place, so a client over a limit is refused by all of them.
  if (env.RATE_LIMITS === 'on') {
    await app.register(fastifyRateLimit, {
      global: false,
      ...(database.kind === 'postgres' ? { store: sharedRateLimitStore(database) } : {}),
    });
  }
  // Compression is per route (`compress: {}`): only the large answers gain from it, such as the check-in
  // roster a phone downloads on costly data. Static files are precompressed at build time.
  await app.register(fastifyCompress, { global: false, encodings: ['br', 'gzip'] });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Celebration API',
        version: '1.0.0',
        description: 'Fun run registrations and the men’s programme.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const mailer = new Mailer(env, database.db, app.log);
  const secret = sessionSecret(env);
  const auth = lazyAuth({
    links,
    db: database.db,
    mailer,
    secret,
    log: app.log,
    afterEmailVerified: (user) => linkVerifiedAccount(database.db, user),
  });
  const context: AppContext = {
    env,
    secret,
    database,
    mailer,
    sms: new SmsSender(env, secret, database.db, app.log),
    auth,
    currentEvent: new CurrentEventCache(
      database.db,
      options.eventFreshness ?? eventFreshnessOf(env.EVENT_CHECK_MS),
    ),
    media: database.kind === 'postgres' ? databaseMediaStore(database) : diskMediaStore(env),
    files: database.kind === 'postgres' ? databaseFileStore(database) : await diskFileStore(env),
    links,
    signals: createSignals(),
    log: app.log,
  };
  connectSubscribers(context);
  followChangesMadeHere(app, context.currentEvent);
  app.decorate('context', context);
  const paynowPoller = new PaynowPoller(context, options.paynowTiming);
  app.decorate('paynowPoller', paynowPoller);
  // Without PUBLIC_URL every address the server listens on is the site's (a phone on the church Wi-Fi).
  if (options.serveClient && env.PUBLIC_URL) pagesAtPublicAddress(app, env.PUBLIC_URL);
  requireSameOrigin(app, links.origins);
  enforceAccess(app, auth);
  noStoreForPersonalAnswers(app);

  healthRoutes(app, database);
  if (env.BENCH_METRICS === 'on') benchMetricsRoute(app);
  await app.register(
    async (api) => {
      // Each upload route sets its own file size limit; nothing else may ride along.
      await api.register(fastifyMultipart, {
        limits: { files: 1, fields: 0, fileSize: 1024 * 1024 },
        // Keep the name as sent, so a name with a path in it is refused rather than quietly cut down.
        preservePath: true,
      });
      await eventRoutes(api, context);
      await registrationRoutes(api, context);
      await myRegistrationRoutes(api, context);
      await nextYearRoutes(api, context);
      await giftRoutes(api, context);
      await emailChangeRoutes(api, context);
      await transferRoutes(api, context);
      await sessionRoutes(api, context);
      await accountRoutes(api, context);
      await participantRoutes(api, context);
      await dashboardRoutes(api, context);
      await checkInRoutes(api, context);
      await eventSettingsRoutes(api, context);
      await peopleRoutes(api, context);
      await progressRoutes(api, context);
      await programmeSettingsRoutes(api, context);
      await waitlistRoutes(api, context);
      await statementRoutes(api, context);
      await resultsRoutes(api, context);
      await certificateRoutes(api, context);
      await finishLineRoutes(api, context);
      await paymentRoutes(api, context);
      await paynowRoutes(api, context, paynowPoller);
      payLinkRoutes(api, context);
      await smsSettingsRoutes(api, context);
      await receiptRoutes(api, context);
      await refundRoutes(api, context);
      await myCreditRoutes(api, context);
      await erasureRoutes(api, context);
      await auditLogRoutes(api, context);
      await accessRequestRoutes(api, context);
      await mobileProofRoutes(api, context);
      await messageRoutes(api, context);
      api.all('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request) => {
        throw new Problem(
          404,
          'Not Found',
          `There is nothing at ${request.method} ${request.url.split('?')[0]}.`,
        );
      });
    },
    { prefix: '/api' },
  );

  revalidateStaticFiles(app);
  await mediaRoutes(app, context);
  const pageRenderer =
    options.pageRenderer ??
    (options.serveClient ? rendererForBuild(options.clientDir ?? clientDist) : undefined);
  if (pageRenderer) await pageRoutes(app, context, pageRenderer, { registerGroupFromForm });
  const spaFallback = options.serveClient && clientBuildExists(options.clientDir);
  if (options.serveClient) await clientRoutes(app, options.clientDir);
  // Without the server's renderer (a build without it), the private page is the app's shell.
  if (spaFallback && !pageRenderer) myPageRoute(app, context);
  // The server's renderer answers a short link that opens nothing with its page (pages/my-entry-page.ts).
  if (!pageRenderer)
    shortLinkRoute(
      app,
      context,
      spaFallback ? (_, reply) => reply.code(404).sendFile('index.html') : undefined,
    );
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing file (an old hashed chunk after a deploy) is a real 404, so the client can offer a reload.
    if (spaFallback && isClientRoute(request.method, pathname) && !/\.[a-z0-9]+$/i.test(pathname)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendProblem(
      reply,
      new Problem(404, 'Not Found', `There is nothing at ${request.method} ${pathname}.`),
    );
  });

  // Mail is delivered by a listening server only; API tests drive deliverDue() themselves.
  app.addHook('onListen', async () => context.mailer.start());
  app.addHook('onClose', async () => context.mailer.stop());
  app.addHook('onListen', async () => context.sms.start());
  app.addHook('onClose', async () => context.sms.stop());
  // Lapsed waitlist offers pass to the next one waiting, checked every minute while the server listens.
  let stopOfferExpiry = () => {};
  app.addHook('onListen', async () => {
    stopOfferExpiry = startOfferExpiry(context, (error) => app.log.error({ err: error }, 'waitlist offers'));
  });
  app.addHook('onClose', async () => stopOfferExpiry());
  // Online payments are followed by a listening server too; API tests start the poller themselves.
  app.addHook('onListen', async () => paynowPoller.start());
  app.addHook('onClose', async () => paynowPoller.stop());
  // Unpaid entries are reminded to pay (the event's settings say when), checked hourly while the server listens.
  let stopReminders = () => {};
  app.addHook('onListen', async () => {
    stopReminders = startPaymentReminders(context, (error) =>
      app.log.error({ err: error }, 'payment reminders'),
    );
  });
  app.addHook('onClose', async () => stopReminders());
  // Messages kept for a time, and race packs, checked every minute while the server listens.
  let stopMessages = () => {};
  app.addHook('onListen', async () => {
    stopMessages = startMessages(context, (error) => app.log.error({ err: error }, 'messages'));
  });
  app.addHook('onClose', async () => stopMessages());
  // Unpaid gifts lapse after a week, checked hourly while the server listens (any server may: it is idempotent).
  let stopGiftLapsing = () => {};
  app.addHook('onListen', async () => {
    stopGiftLapsing = startGiftLapsing(context, (error) => app.log.error({ err: error }, 'gifts'));
  });
  app.addHook('onClose', async () => stopGiftLapsing());
  // Old entries are anonymised and old programme records deleted once a Harare day, checked hourly.
  let stopRetention = () => {};
  app.addHook('onListen', async () => {
    stopRetention = startRetention(context, (error) => app.log.error({ err: error }, 'retention'));
  });
  app.addHook('onClose', async () => stopRetention());
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
