import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { MAX_IMAGE_BYTES } from '../../../shared/event-settings/event-settings.ts';
import {
  AdminGiftSchema,
  CauseSettingsInputSchema,
  CauseSettingsSchema,
  GiftInputSchema,
  GiftMadeSchema,
  GiftPaidInputSchema,
  GiftTotalsSchema,
  GiveSummarySchema,
} from '../../../shared/gifts/gifts.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { badRequest } from '../../http/problem.ts';
import { limitAction } from '../../http/rate-limits.ts';
import { idParams, sendAttachment, sendCsv } from '../../http/replies.ts';
import { routeGroup } from '../../http/route-group.ts';
import { readUpload } from '../../http/upload-body.ts';
import { NotAnImageError, storeBackground } from '../../storage/media.ts';
import {
  adminGifts,
  causeSettings,
  giftReceiptPdfOf,
  giftsCsv,
  giftTotals,
  giveSummary,
  makeGift,
  recordGiftPaid,
  saveCause,
  setCauseImage,
} from './service.ts';

const tags = ['gifts'];

export async function giftRoutes(app: FastifyInstance, context: AppContext) {
  const visitors = routeGroup(app, { access: 'public', tags });
  const admins = routeGroup(app, { access: ['admin'], tags });

  visitors.get(
    '/give',
    {
      schema: {
        summary: 'The cause, what paid gifts raised, and the first names of givers who agreed to be named',
        response: { 200: GiveSummarySchema },
      },
    },
    async () => giveSummary(context),
  );

  visitors.post(
    '/gifts',
    {
      onRequest: limitAction(app, context, 'give'),
      schema: {
        summary: 'Make a gift without registering (insert only): answered with the reference to pay it with',
        body: GiftInputSchema,
        response: { 201: GiftMadeSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await makeGift(context, request.body)),
  );

  admins.get(
    '/admin/cause',
    {
      schema: {
        summary: 'The cause gifts go to, as an admin edits it',
        response: { 200: CauseSettingsSchema },
      },
    },
    async () => causeSettings(context),
  );

  admins.put(
    '/admin/cause',
    {
      schema: {
        summary: 'Save the cause: title, text, goal (USD), gifts open (recorded in the audit trail)',
        body: CauseSettingsInputSchema,
        response: { 200: CauseSettingsSchema },
      },
    },
    async (request) => saveCause(context, request.body, signedInUser(request)),
  );

  admins.post(
    '/admin/cause/image',
    {
      schema: {
        summary: "Upload the cause's photo (resized on the server)",
        consumes: ['multipart/form-data'],
        response: { 200: CauseSettingsSchema },
      },
    },
    async (request) => {
      const file = await request
        .file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } })
        .catch(() => undefined);
      if (!file) throw badRequest('Choose an image file to upload.');
      try {
        const url = await storeBackground(context.media, await readUpload(file));
        return setCauseImage(context, url, signedInUser(request));
      } catch (error) {
        if (error instanceof NotAnImageError) throw badRequest(error.message);
        throw error;
      }
    },
  );

  admins.delete(
    '/admin/cause/image',
    { schema: { summary: "Take the cause's photo away", response: { 200: CauseSettingsSchema } } },
    async (request) => setCauseImage(context, null, signedInUser(request)),
  );

  admins.get(
    '/admin/gifts',
    {
      schema: {
        summary: "Every gift of the current edition with its giver's contacts (the read is audited)",
        response: { 200: z.array(AdminGiftSchema) },
      },
    },
    async (request) => adminGifts(context, signedInUser(request)),
  );

  admins.get(
    '/admin/gifts.csv',
    { schema: { summary: 'The gifts as a spreadsheet (CSV; the export is audited)' } },
    async (request, reply) => sendCsv(reply, 'Gifts.csv', await giftsCsv(context, signedInUser(request))),
  );

  admins.get(
    '/admin/gifts/totals',
    {
      schema: {
        summary: 'Paid gifts by currency, how many are paid and unpaid, and the goal',
        response: { 200: GiftTotalsSchema },
      },
    },
    async () => giftTotals(context),
  );

  admins.get(
    '/admin/gifts/:id/receipt.pdf',
    { schema: { summary: "A paid gift's receipt as a one-page PDF", params: idParams('No such gift.') } },
    async (request, reply) => {
      const { fileName, pdf } = await giftReceiptPdfOf(context, request.params.id);
      return sendAttachment(reply, fileName, 'application/pdf', pdf);
    },
  );

  admins.post(
    '/admin/gifts/:id/paid',
    {
      schema: {
        summary: 'Record money received for a gift (cash, bank): a receipt is issued and mailed',
        params: idParams('No such gift.'),
        body: GiftPaidInputSchema,
        response: { 200: z.object({ reference: z.string(), receiptNumber: z.number() }) },
      },
    },
    async (request) => recordGiftPaid(context, request.params.id, request.body.method, signedInUser(request)),
  );
}
