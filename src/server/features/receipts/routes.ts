import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { AppContext } from '../../context.ts';
import { idParams, sendAttachment } from '../../http/replies.ts';
import { receiptPdfOf } from './service.ts';

const ReceiptParams = z.extend(idParams('Not an entry id'), {
  number: z.coerce.number().check(z.int('Not a receipt number'), z.positive('Not a receipt number')),
});

export async function receiptRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/participants/:id/receipts/:number.pdf',
    {
      config: { access: ['admin'] },
      schema: {
        summary: "One of an entry's receipts as a one-page PDF",
        tags: ['participants'],
        params: ReceiptParams,
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await receiptPdfOf(context, request.params.id, request.params.number);
      return sendAttachment(reply, fileName, 'application/pdf', pdf);
    },
  );
}
