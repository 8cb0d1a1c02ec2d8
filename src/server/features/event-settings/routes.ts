import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  EditionsSchema,
  EventSettingsInputSchema,
  EventSettingsSchema,
  IMAGE_KINDS,
  MAX_IMAGE_BYTES,
  NewEditionInputSchema,
  RacesInputSchema,
} from '../../../shared/event-settings/event-settings.ts';
import { ZwgRateInputSchema } from '../../../shared/event-settings/zwg-rate-settings.ts';
import { RetentionSettingsInputSchema, RetentionSettingsSchema } from '../../../shared/privacy/retention.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { contentEtag, etagOfContent, WITHOUT_FILE_TIME_VALIDATORS } from '../../http/content-etag.ts';
import { BODY_LIMITS } from '../../http/limits.ts';
import { badRequest, notFound } from '../../http/problem.ts';
import { routeGroup } from '../../http/route-group.ts';
import { readUpload } from '../../http/upload-body.ts';
import { MEDIA_NAME, NotAnImageError, storeBackground, storeLogo } from '../../storage/media.ts';
import {
  editions,
  eventSettings,
  publishEdition,
  retentionSettings,
  saveEventSettings,
  saveRaces,
  saveRetentionSettings,
  saveZwgRate,
  setEventImage,
  startNewEdition,
} from './service.ts';

const admins = ['admin'] as const;
const tags = ['event settings'];

export async function eventSettingsRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: admins, tags });

  api.get(
    '/admin/event',
    {
      schema: { summary: 'The current event, as an admin edits it', response: { 200: EventSettingsSchema } },
    },
    async () => eventSettings(context),
  );

  api.put(
    '/admin/event',
    {
      bodyLimit: BODY_LIMITS.eventSettings,
      schema: {
        summary: 'Save the event settings (a change to the terms raises their version)',
        body: EventSettingsInputSchema,
        response: { 200: EventSettingsSchema },
      },
    },
    async (request) => saveEventSettings(context, request.body, signedInUser(request)),
  );

  api.put(
    '/admin/event/races',
    {
      schema: {
        summary: 'Save the race list (labels, capacities, fees)',
        body: RacesInputSchema,
        response: { 200: EventSettingsSchema },
      },
    },
    async (request) => {
      const saved = await saveRaces(context, request.body, signedInUser(request));
      context.mailer.kick();
      return saved;
    },
  );

  api.put(
    '/admin/event/zwg-rate',
    {
      schema: {
        summary: 'Save how ZWG fees are set: at the official rate (the rate, its date, rounding) or fixed',
        body: ZwgRateInputSchema,
        response: { 200: EventSettingsSchema },
      },
    },
    async (request) => saveZwgRate(context, request.body, signedInUser(request)),
  );

  api.get(
    '/admin/event/retention',
    {
      schema: {
        summary:
          'How long personal data is kept: entries after the event, programme records after a man ends',
        response: { 200: RetentionSettingsSchema },
      },
    },
    async () => retentionSettings(context),
  );

  api.put(
    '/admin/event/retention',
    {
      schema: {
        summary: 'Save the retention periods (recorded in the audit trail)',
        body: RetentionSettingsInputSchema,
        response: { 200: RetentionSettingsSchema },
      },
    },
    async (request) => {
      const { id, name } = signedInUser(request);
      return saveRetentionSettings(context, { id, name }, request.body);
    },
  );

  api.get(
    '/admin/editions',
    {
      schema: {
        summary: 'Every edition of the fun run, newest first, with its entries counted',
        response: { 200: EditionsSchema },
      },
    },
    async () => editions(context),
  );

  api.post(
    '/admin/editions',
    {
      schema: {
        summary: 'Start a new edition: a copy of the current event, which is archived',
        body: NewEditionInputSchema,
        response: { 200: EventSettingsSchema },
      },
    },
    async (request) => startNewEdition(context, request.body, signedInUser(request)),
  );

  api.post(
    '/admin/event/publish',
    {
      schema: {
        summary:
          'Publish the draft edition: the public may register (refused while something it needs is missing)',
        response: { 200: EventSettingsSchema },
      },
    },
    async (request) => publishEdition(context, signedInUser(request)),
  );

  api.post(
    '/admin/event/images/:kind',
    {
      schema: {
        summary: 'Upload the background photo or the logo (resized on the server)',
        consumes: ['multipart/form-data'],
        params: z.object({ kind: z.enum(IMAGE_KINDS) }),
        response: { 200: EventSettingsSchema },
      },
    },
    async (request) => {
      const file = await request
        .file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } })
        .catch(() => undefined);
      if (!file) throw badRequest('Choose an image file to upload.');
      const input = await readUpload(file);
      try {
        const url =
          request.params.kind === 'background'
            ? await storeBackground(context.media, input)
            : await storeLogo(context.media, input);
        return setEventImage(context, request.params.kind, url, signedInUser(request));
      } catch (error) {
        if (error instanceof NotAnImageError) throw badRequest(error.message);
        throw error;
      }
    },
  );
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Uploaded event images, outside /api: content-addressed names, so they can be cached for good. */
export async function mediaRoutes(app: FastifyInstance, context: AppContext) {
  const { root } = context.media;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      ...WITHOUT_FILE_TIME_VALIDATORS,
      setHeaders: (reply, filePath, stat) => {
        reply.header('etag', contentEtag(filePath, stat));
        reply.header('cache-control', IMMUTABLE);
      },
    });
    return;
  }
  // In PostgreSQL: the ETag from the bytes, as on disk, and revalidateStaticFiles answers 304 for it.
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const name = request.params['*'];
    const body = MEDIA_NAME.test(name) ? await context.media.read(name) : null;
    if (!body) throw notFound('There is no image here.');
    return reply
      .header('content-type', name.endsWith('.avif') ? 'image/avif' : 'image/webp')
      .header('etag', etagOfContent(body))
      .header('cache-control', IMMUTABLE)
      .send(body);
  });
}
