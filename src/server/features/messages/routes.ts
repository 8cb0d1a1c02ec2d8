import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  MessageDraftSchema,
  MessagePreviewSchema,
  SentMessageSchema,
} from '../../../shared/messages/message.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { idParams } from '../../http/replies.ts';
import { routeGroup } from '../../http/route-group.ts';
import { cancelMessage, listMessages, previewMessage, sendMessage, teamChoices } from './service.ts';

const MessagesSchema = z.object({
  messages: z.array(SentMessageSchema),
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** Race-week messages (issue 39): compose, count, send now or at a time, cancel, follow delivery. */
export async function messageRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: ['admin'], tags: ['messages'] });

  api.get(
    '/admin/messages',
    {
      schema: {
        summary:
          'The newest messages of an edition (the current one by default) with their delivery, and its teams',
        querystring: z.object({ editionId: z.optional(z.string()) }),
        response: { 200: MessagesSchema },
      },
    },
    async (request) => ({
      messages: await listMessages(context, request.query.editionId),
      teams: await teamChoices(context, request.query.editionId),
    }),
  );

  api.post(
    '/admin/messages/preview',
    {
      schema: {
        summary:
          'Who a message would reach and by which channel, and the first one filled in; nothing is sent',
        body: MessageDraftSchema,
        response: { 200: MessagePreviewSchema },
      },
    },
    async (request) => previewMessage(context, request.body),
  );

  api.post(
    '/admin/messages',
    {
      schema: {
        summary: 'Send a message now, or keep it for its time (Harare); 409 while the edition is a draft',
        body: MessageDraftSchema,
        response: { 200: SentMessageSchema },
      },
    },
    async (request) => sendMessage(context, request.body, signedInUser(request)),
  );

  api.post(
    '/admin/messages/:id/cancel',
    {
      schema: {
        summary: 'Cancel a message waiting for its time',
        params: idParams('Not a message id'),
        response: { 200: SentMessageSchema },
      },
    },
    async (request) => cancelMessage(context, request.params.id, signedInUser(request)),
  );
}
