import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { MyErasureRequestSchema } from '../../../shared/privacy/erasure.ts';
import {
  MOBILE_CODE_SENT,
  MobileCodeCheckSchema,
  MobileCodeRequestSchema,
  MobileErasureAskSchema,
  MobileProofAnswerSchema,
  MobileProofSchema,
} from '../../../shared/privacy/mobile-proof.ts';
import type { AppContext } from '../../context.ts';
import { MOBILE_PROOF_LIMITS, PRIVATE_LINK_LIMIT } from '../../http/limits.ts';
import { sendAttachment } from '../../http/replies.ts';
import { askErasureByProof, checkCode, downloadByProof, sendCode } from './service.ts';

const Message = z.object({ message: z.string() });
const tags = ['privacy'];
const CONTENT_TYPES = { json: 'application/json; charset=utf-8', pdf: 'application/pdf' } as const;

/**
 * "Your data, by your mobile number" (/Privacy): someone with only a phone proves his number with a texted
 * code, then downloads what is held under it or asks for it to be erased. Public: the proof is the access.
 */
export async function mobileProofRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/privacy/mobile/code',
    {
      config: { access: 'public', rateLimit: MOBILE_PROOF_LIMITS.perClient },
      schema: {
        summary: 'Text a 6-digit code to a mobile number that has records (the same answer for any number)',
        tags,
        body: MobileCodeRequestSchema,
        response: { 202: Message },
      },
    },
    async (request, reply) => {
      await sendCode(context, request.body.mobile);
      return reply.code(202).send({ message: MOBILE_CODE_SENT });
    },
  );

  api.post(
    '/privacy/mobile/proof',
    {
      config: { access: 'public', rateLimit: PRIVATE_LINK_LIMIT },
      schema: {
        summary: 'The code typed back: a proof of the number for 30 minutes',
        tags,
        body: MobileCodeCheckSchema,
        response: { 200: MobileProofAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkCode(context, request.body.mobile, request.body.code);
    },
  );

  for (const format of ['json', 'pdf'] as const) {
    api.post(
      `/privacy/mobile/data.${format}`,
      {
        config: { access: 'public', rateLimit: PRIVATE_LINK_LIMIT },
        schema: {
          summary: `Everything held under the proven mobile number, as ${format === 'json' ? 'JSON' : 'a readable PDF'}`,
          tags,
          body: MobileProofSchema,
        },
      },
      async (request, reply) => {
        const file = await downloadByProof(context, request.body.proof, format);
        reply.header('cache-control', 'no-store');
        return sendAttachment(reply, file.fileName, CONTENT_TYPES[format], file.body);
      },
    );
  }

  api.post(
    '/privacy/mobile/erasure-request',
    {
      config: { access: 'public', rateLimit: PRIVATE_LINK_LIMIT },
      schema: {
        summary: 'Ask for every record under the proven mobile number to be erased (an admin confirms it)',
        tags,
        body: MobileErasureAskSchema,
        response: { 200: MyErasureRequestSchema },
      },
    },
    async (request) => askErasureByProof(context, request.body.proof, request.body.reason),
  );
}
