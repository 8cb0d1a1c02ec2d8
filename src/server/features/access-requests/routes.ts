import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { AppContext } from '../../context.ts';
import { ROLES, signedInUser } from '../../http/access.ts';
import { sendAttachment } from '../../http/replies.ts';
import { SUBJECT_KINDS } from './personal-data.ts';
import { type AccessFormat, accessRequest, ownData } from './service.ts';

const SubjectParams = z.object({
  kind: z.enum(SUBJECT_KINDS),
  // An entry's, a man's or a facilitator's uuid, or an account's id.
  id: z.string().check(z.regex(/^[\w-]{1,100}$/, 'Not a record id')),
});
const tags = ['privacy'];

const CONTENT_TYPES: Record<AccessFormat, string> = {
  json: 'application/json; charset=utf-8',
  pdf: 'application/pdf',
};

const send = (reply: FastifyReply, format: AccessFormat, file: { fileName: string; body: unknown }) =>
  sendAttachment(reply, file.fileName, CONTENT_TYPES[format], file.body);

/** "Download everything we hold about this person" (admins), and "Download my data" (everyone signed in). */
export async function accessRequestRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const format of ['json', 'pdf'] as const) {
    api.get(
      `/access-requests/:kind/:id/data.${format}`,
      {
        config: { access: ['admin'] },
        schema: {
          summary: `Everything held about the person of an entry, a man, a facilitator or an account, with what the record proves his (an account's verified email; never a typed one or a mobile number), as ${format === 'json' ? 'JSON' : 'a readable PDF'}`,
          tags,
          params: SubjectParams,
        },
      },
      async (request, reply) => {
        const { kind, id } = request.params;
        return send(reply, format, await accessRequest(context, signedInUser(request), kind, id, format));
      },
    );

    api.get(
      `/me/data.${format}`,
      {
        config: { access: ROLES },
        schema: {
          summary: `Everything held about the signed-in person, as ${format === 'json' ? 'JSON' : 'a readable PDF'}`,
          tags,
        },
      },
      async (request, reply) => send(reply, format, await ownData(context, signedInUser(request), format)),
    );
  }
}
