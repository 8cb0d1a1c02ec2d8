import type { FastifyReply } from 'fastify';
import * as z from 'zod/mini';

/** A record's id in the path; the message names the kind of record the path wants. */
export const idParams = (message: string) =>
  z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, message)) });

/** A file the browser saves rather than shows. */
export const sendAttachment = (reply: FastifyReply, fileName: string, contentType: string, body: unknown) =>
  reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body);

export const sendCsv = (reply: FastifyReply, fileName: string, body: unknown) =>
  sendAttachment(reply, fileName, 'text/csv; charset=utf-8', body);

export const noContent = (reply: FastifyReply) => reply.code(204).send();
