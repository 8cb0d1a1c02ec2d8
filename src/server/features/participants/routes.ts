import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  PAYMENT_STATUS_LABELS,
  ParticipantDetailSchema,
  ParticipantEditSchema,
  type ParticipantFilter,
  ParticipantListQuerySchema,
  ParticipantListSchema,
  PaymentUpdateSchema,
} from '../../../shared/participants/participants.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { getCurrentEvent, getCurrentEventId } from '../events/service.ts';
import { participantsCsv } from './export-csv.ts';
import { countParticipants, listParticipants, participantBatches } from './repository.ts';
import { cancelParticipant, editParticipant, participantDetail, recordPayment } from './service.ts';

const admins = ['admin'] as const;
const IdParams = z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Not an entry id')) });

/** The filters in words, for the PDF's subtitle. */
export function describeFilter(filter: ParticipantFilter) {
  const parts = [
    filter.discipline ? (filter.discipline === 'run' ? 'Runners' : 'Cyclists') : undefined,
    filter.race ? `race ${filter.race}` : undefined,
    filter.payment ? PAYMENT_STATUS_LABELS[filter.payment] : undefined,
    filter.gender ? (filter.gender === 'unknown' ? 'gender not given' : filter.gender) : undefined,
    filter.tshirt ? `T-shirt ${filter.tshirt}` : undefined,
    filter.q ? `matching “${filter.q}”` : undefined,
  ].filter(Boolean);
  return parts.length ? `Filters: ${parts.join(' · ')}` : 'All entries';
}

export async function participantRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const tags = ['participants'];

  api.get(
    '/participants',
    {
      config: { access: admins },
      schema: {
        summary: 'Runners and cyclists, paged, sorted and filtered',
        tags,
        querystring: ParticipantListQuerySchema,
        response: { 200: ParticipantListSchema },
      },
    },
    async (request) => {
      const list = await listParticipants(db, await getCurrentEventId(db), request.query);
      return { ...list, rows: list.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );

  api.get(
    '/participants/export.csv',
    {
      config: { access: admins },
      schema: {
        summary: 'The filtered list as CSV (UTF-8 with BOM), every column',
        tags,
        querystring: ParticipantListQuerySchema,
      },
    },
    async (request, reply) => {
      const event = await getCurrentEvent(db);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="FunRun_Participants.csv"');
      return reply.send(participantsCsv(participantBatches(db, event.id, request.query)));
    },
  );

  api.get(
    '/participants/export.pdf',
    {
      config: { access: admins },
      schema: {
        summary: 'The filtered list as a printable PDF',
        tags,
        querystring: ParticipantListQuerySchema,
      },
    },
    async (request, reply) => {
      const event = await getCurrentEvent(db);
      const total = await countParticipants(db, event.id, request.query);
      // pdfkit and its fonts load on the first export, not with every server (issue 15).
      const { participantsPdf } = await import('./export-pdf.ts');
      const pdf = participantsPdf(
        {
          title: `${event.title} Participants`,
          filters: describeFilter(request.query),
          total,
          generatedAt: new Date(),
        },
        participantBatches(db, event.id, request.query),
      );
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="FunRun_Participants.pdf"');
      return reply.send(pdf);
    },
  );

  api.get(
    '/participants/:id',
    {
      config: { access: admins },
      schema: {
        summary: 'One entry with its payment and history',
        tags,
        params: IdParams,
        response: { 200: ParticipantDetailSchema },
      },
    },
    async (request) => participantDetail(context, request.params.id),
  );

  api.put(
    '/participants/:id',
    {
      config: { access: admins },
      schema: {
        summary: 'Correct an entry (same rules as the public form; a new race must have room)',
        tags,
        params: IdParams,
        body: ParticipantEditSchema,
        response: { 200: ParticipantDetailSchema },
      },
    },
    async (request) => editParticipant(context, request.params.id, request.body, signedInUser(request)),
  );

  api.put(
    '/participants/:id/payment',
    {
      config: { access: admins },
      schema: {
        summary: 'Record paid (method, amount, currency, reference, date), waived (reason) or unpaid',
        tags,
        params: IdParams,
        body: PaymentUpdateSchema,
        response: { 200: ParticipantDetailSchema },
      },
    },
    async (request) => recordPayment(context, request.params.id, request.body, signedInUser(request)),
  );

  api.post(
    '/participants/:id/cancel',
    {
      config: { access: admins },
      schema: {
        summary: 'Cancel an entry: its place is freed, its history kept',
        tags,
        params: IdParams,
        response: { 200: ParticipantDetailSchema },
      },
    },
    async (request) => cancelParticipant(context, request.params.id, signedInUser(request)),
  );
}
