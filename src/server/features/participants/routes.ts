import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AssignBibsResultSchema,
  AssignBibsSchema,
  BibInputSchema,
  RacesBibsSchema,
} from '../../../shared/participants/bibs.ts';
import {
  ParticipantDetailSchema,
  ParticipantEditSchema,
  ParticipantFilterSchema,
  type ParticipantListQuery,
  ParticipantListQuerySchema,
  ParticipantListSchema,
} from '../../../shared/participants/participants.ts';
import {
  PaymentRemindersPreviewSchema,
  PaymentRemindersSentSchema,
} from '../../../shared/payments/reminders.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { idParams, noContent, sendAttachment, sendCsv } from '../../http/replies.ts';
import { routeGroup } from '../../http/route-group.ts';
import { auditedList, auditRead } from '../audit-log/service.ts';
import { assignBibs, raceBibs, setBib } from './bibs.ts';
import {
  participantsCsvExport,
  participantsPdfExport,
  raceStartListCsv,
  raceStartListPdf,
  raceTimingCsv,
} from './exports.ts';
import {
  cancelEntry,
  editEntry,
  leaveGroup,
  participantDetail,
  participantsCount,
  participantsPage,
  paymentRemindersPreview,
  sendPaymentReminders,
} from './service.ts';

const admins = ['admin'] as const;
const IdParams = idParams('Not an entry id');
const RaceIdParams = idParams('Not a race id');
const tags = ['participants'];

export async function participantRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: admins, tags });
  /** A company's changes to its own entrants. */
  const company = routeGroup(app, { access: ['company'], tags });

  /** An export of the filtered list, recorded with its filters and how many entries it held. */
  const auditExport = async (
    request: FastifyRequest<{ Querystring: ParticipantListQuery }>,
    action: string,
  ) =>
    auditRead(context.database.db, signedInUser(request), action, {
      filters: request.query,
      rowCount: await participantsCount(context, request.query),
    });

  api.get(
    '/participants',
    {
      schema: {
        summary: 'Runners and cyclists, paged, sorted and filtered',
        querystring: ParticipantListQuerySchema,
        response: { 200: ParticipantListSchema },
      },
    },
    async (request) =>
      auditedList(
        context.database.db,
        signedInUser(request),
        'participants.list',
        request.query,
        await participantsPage(context, request.query),
      ),
  );

  api.get(
    '/participants/export.csv',
    {
      schema: {
        summary: 'The filtered list as CSV (UTF-8 with BOM), every column',
        querystring: ParticipantListQuerySchema,
      },
    },
    async (request, reply) => {
      const csv = await participantsCsvExport(context, request.query, signedInUser(request));
      await auditExport(request, 'participants.export-csv');
      return sendCsv(reply, 'FunRun_Participants.csv', csv);
    },
  );

  api.get(
    '/participants/export.pdf',
    { schema: { summary: 'The filtered list as a printable PDF', querystring: ParticipantListQuerySchema } },
    async (request, reply) => {
      const pdf = await participantsPdfExport(context, request.query, signedInUser(request));
      await auditExport(request, 'participants.export-pdf');
      return sendAttachment(reply, 'FunRun_Participants.pdf', 'application/pdf', pdf);
    },
  );

  api.get(
    '/participants/payment-reminders',
    {
      schema: {
        summary:
          'How many unpaid entries of the filtered list a payment reminder would go to now (and how many were reminded in the last three days)',
        querystring: ParticipantFilterSchema,
        response: { 200: PaymentRemindersPreviewSchema },
      },
    },
    async (request) => paymentRemindersPreview(context, request.query),
  );

  api.post(
    '/participants/payment-reminders',
    {
      schema: {
        summary:
          'Mail a payment reminder to the unpaid entries of the filtered list, except those reminded in the last three days',
        querystring: ParticipantFilterSchema,
        response: { 200: PaymentRemindersSentSchema },
      },
    },
    async (request) => {
      const result = await sendPaymentReminders(context, request.query);
      await auditRead(context.database.db, signedInUser(request), 'participants.payment-reminders', {
        filters: request.query,
        rowCount: result.sent,
      });
      return result;
    },
  );

  api.get(
    '/races/:id/start-list.pdf',
    {
      schema: {
        summary: "A race's start list as a printable PDF: entries not cancelled, by surname, a box to tick",
        params: RaceIdParams,
      },
    },
    async (request, reply) => {
      const { fileName, pdf, rowCount } = await raceStartListPdf(
        context,
        request.params.id,
        signedInUser(request),
      );
      await auditRead(context.database.db, signedInUser(request), 'participants.start-list-pdf', {
        subject: `race ${request.params.id}`,
        rowCount,
      });
      return sendAttachment(reply, fileName, 'application/pdf', pdf);
    },
  );

  api.get(
    '/races/:id/start-list.csv',
    {
      schema: {
        summary:
          "A race's start list as CSV for a timing company: bib, first name, last name, gender, age, age group, race, reference",
        params: RaceIdParams,
      },
    },
    async (request, reply) => {
      const { fileName, csv, rowCount } = await raceStartListCsv(
        context,
        request.params.id,
        signedInUser(request),
      );
      await auditRead(context.database.db, signedInUser(request), 'participants.timing-csv', {
        subject: `race ${request.params.id}`,
        rowCount,
      });
      return sendCsv(reply, fileName, csv);
    },
  );

  api.get(
    '/races/:id/timing.csv',
    {
      schema: {
        summary:
          "A race's start list for timing software, the header first: bib, first name, last name, gender, age, category (age group), race, reference",
        params: RaceIdParams,
      },
    },
    async (request, reply) => {
      const { fileName, csv, rowCount } = await raceTimingCsv(context, request.params.id);
      await auditRead(context.database.db, signedInUser(request), 'participants.timing-software-csv', {
        subject: `race ${request.params.id}`,
        rowCount,
      });
      return sendCsv(reply, fileName, csv);
    },
  );

  api.get(
    '/races/bibs',
    {
      schema: {
        summary: "Each race's bib range, its entries without a bib and the numbers still free",
        response: { 200: RacesBibsSchema },
      },
    },
    async () => raceBibs(context),
  );

  api.post(
    '/races/:id/bibs',
    {
      schema: {
        summary:
          "Give bibs to the race's entries that have none, in surname or registration order (all or none; 409 when the range is too small)",
        params: RaceIdParams,
        body: AssignBibsSchema,
        response: { 200: AssignBibsResultSchema },
      },
    },
    async (request) => assignBibs(context, request.params.id, request.body, signedInUser(request)),
  );

  api.put(
    '/participants/:id/bib',
    {
      schema: {
        summary: "Set one entry's bib (one of its race's numbers, free in the event) or clear it (null)",
        params: IdParams,
        body: BibInputSchema,
        response: { 200: ParticipantDetailSchema },
      },
    },
    async (request) => setBib(context, request.params.id, request.body, signedInUser(request)),
  );

  api.get(
    '/participants/:id',
    {
      schema: {
        summary: 'One entry with its payment and history',
        params: IdParams,
        response: { 200: ParticipantDetailSchema },
      },
    },
    async (request) => participantDetail(context, request.params.id),
  );

  api.put(
    '/participants/:id',
    {
      schema: {
        summary: 'Correct an entry (same rules as the public form; a new race must have room)',
        params: IdParams,
        body: ParticipantEditSchema,
        response: { 200: ParticipantDetailSchema },
      },
    },
    async (request) => {
      await editEntry(context, request.params.id, request.body, { admin: signedInUser(request) });
      return participantDetail(context, request.params.id);
    },
  );

  api.post(
    '/participants/:id/cancel',
    {
      schema: {
        summary: 'Cancel an entry: its place is freed, its history kept',
        params: IdParams,
        response: { 200: ParticipantDetailSchema },
      },
    },
    async (request) => {
      await cancelEntry(context, request.params.id, { admin: signedInUser(request) });
      return participantDetail(context, request.params.id);
    },
  );

  api.post(
    '/participants/:id/leave-group',
    {
      schema: {
        summary:
          'Take an entry out of its group form: it pays alone, the group reference no longer pays for it',
        params: IdParams,
        response: { 200: ParticipantDetailSchema },
      },
    },
    async (request) => {
      await leaveGroup(context, request.params.id, { admin: signedInUser(request) });
      return participantDetail(context, request.params.id);
    },
  );

  // A company manager's own team entries (their staff): corrected or cancelled until registration closes.
  company.put(
    '/team/registrations/:id',
    {
      schema: {
        summary:
          "Correct one of the team's unpaid entries until registration closes (same rules as the form)",
        tags: ['registrations'],
        params: IdParams,
        body: ParticipantEditSchema,
      },
    },
    async (request, reply) => {
      await editEntry(context, request.params.id, request.body, { company: signedInUser(request) });
      return noContent(reply);
    },
  );

  company.get(
    '/team/invoice.pdf',
    {
      schema: {
        summary:
          "The team's invoice (PDF) for its accounts department: entries, fees, paid, due, how to pay with its reference",
        tags: ['registrations'],
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      // pdfkit and its fonts load on the first PDF, not with every server (issue 15: start and idle memory).
      const { teamInvoicePdf } = await import('./team-invoice-pdf.ts');
      const { fileName, pdf } = await teamInvoicePdf(context, { id: user.id, name: user.name });
      return sendAttachment(reply, fileName, 'application/pdf', pdf);
    },
  );

  company.post(
    '/team/registrations/:id/cancel',
    {
      schema: {
        summary: "Cancel one of the team's unpaid entries until registration closes: its place is freed",
        tags: ['registrations'],
        params: IdParams,
      },
    },
    async (request, reply) => {
      await cancelEntry(context, request.params.id, { company: signedInUser(request) });
      return noContent(reply);
    },
  );
}
