import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  AssignmentInputSchema,
  AssignmentRowSchema,
  CellGroupInputSchema,
  CellGroupRowSchema,
  ChecklistItemInputSchema,
  ChecklistItemRowSchema,
  NewYearInputSchema,
  NewYearPreviewSchema,
  NewYearQuerySchema,
  NewYearResultSchema,
  SessionInputSchema,
  SessionRowSchema,
  SubmissionReportSchema,
} from '../../../shared/programme-settings/programme-settings.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { BODY_LIMITS } from '../../http/limits.ts';
import { idParams, noContent } from '../../http/replies.ts';
import { routeGroup } from '../../http/route-group.ts';
import { auditRead } from '../audit-log/service.ts';
import { previewNewYear, startNewYear } from './new-year.ts';
import {
  addAssignment,
  addChecklistItem,
  addSession,
  assignmentsList,
  cellGroups,
  changeAssignment,
  changeChecklistItem,
  changeSession,
  checklist,
  removeAssignment,
  removeCellGroup,
  removeChecklistItem,
  removeSession,
  saveCellGroup,
  sessions,
  submissionsReport,
} from './service.ts';

const tags = ['programme settings'];
const IdParams = idParams('Not an id');

/** Admin configuration: sessions, assignments, checklist items, cell groups; who submitted what. */
export async function programmeSettingsRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: ['admin'], tags });
  const sessionRows = { 200: z.array(SessionRowSchema) };
  const sessionRow = { 200: SessionRowSchema, 201: SessionRowSchema };

  api.get('/programme/sessions', { schema: { summary: 'List sessions', response: sessionRows } }, async () =>
    sessions(context),
  );
  api.post(
    '/programme/sessions',
    { schema: { summary: 'Add a session', body: SessionInputSchema, response: sessionRow } },
    async (request, reply) =>
      reply.code(201).send(await addSession(context, request.body, signedInUser(request))),
  );
  api.put(
    '/programme/sessions/:id',
    {
      schema: {
        summary: 'Change a session',
        params: IdParams,
        body: SessionInputSchema,
        response: sessionRow,
      },
    },
    async (request) => changeSession(context, request.params.id, request.body, signedInUser(request)),
  );
  api.delete(
    '/programme/sessions/:id',
    { schema: { summary: 'Remove a session', params: IdParams } },
    async (request, reply) => {
      await removeSession(context, request.params.id, signedInUser(request));
      return noContent(reply);
    },
  );

  api.get(
    '/programme/years/new',
    {
      schema: {
        summary:
          "A new programme year's sessions before they are made: this year's, dates moved so the first is on ?firstOn= (else the suggested day)",
        querystring: NewYearQuerySchema,
        response: { 200: NewYearPreviewSchema },
      },
    },
    async (request) => previewNewYear(context, request.query.firstOn),
  );
  api.post(
    '/programme/years',
    {
      schema: {
        summary:
          "Start a new programme year: this year's sessions copied, dates moved (Not Active); earlier years' attendance is kept",
        body: NewYearInputSchema,
        response: { 201: NewYearResultSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await startNewYear(context, request.body.firstOn, signedInUser(request))),
  );

  const assignmentRows = { 200: z.array(AssignmentRowSchema) };
  const assignmentRow = { 200: AssignmentRowSchema, 201: AssignmentRowSchema };
  api.get(
    '/programme/assignments',
    { schema: { summary: 'List assignments', response: assignmentRows } },
    async () => assignmentsList(context),
  );
  api.post(
    '/programme/assignments',
    { schema: { summary: 'Add an assignment', body: AssignmentInputSchema, response: assignmentRow } },
    async (request, reply) =>
      reply.code(201).send(await addAssignment(context, request.body, signedInUser(request))),
  );
  api.put(
    '/programme/assignments/:id',
    {
      schema: {
        summary: 'Change an assignment',
        params: IdParams,
        body: AssignmentInputSchema,
        response: assignmentRow,
      },
    },
    async (request) => changeAssignment(context, request.params.id, request.body, signedInUser(request)),
  );
  api.delete(
    '/programme/assignments/:id',
    { schema: { summary: 'Remove an assignment and its uploads', params: IdParams } },
    async (request, reply) => {
      await removeAssignment(context, request.params.id, signedInUser(request));
      return noContent(reply);
    },
  );
  api.get(
    '/programme/assignments/:id/submissions',
    {
      schema: {
        summary: 'Per man: submitted, late or not submitted, with the current document',
        params: IdParams,
        response: { 200: SubmissionReportSchema },
      },
    },
    async (request) => {
      const report = await submissionsReport(context, request.params.id);
      await auditRead(context.database.db, signedInUser(request), 'programme.submissions', {
        subject: `assignment ${request.params.id}`,
        rowCount: report.men.length,
      });
      return report;
    },
  );

  const checklistRows = { 200: z.array(ChecklistItemRowSchema) };
  const checklistRow = { 200: ChecklistItemRowSchema, 201: ChecklistItemRowSchema };
  api.get(
    '/programme/checklist',
    { schema: { summary: 'List checklist items', response: checklistRows } },
    async () => checklist(context),
  );
  api.post(
    '/programme/checklist',
    { schema: { summary: 'Add a checklist item', body: ChecklistItemInputSchema, response: checklistRow } },
    async (request, reply) =>
      reply.code(201).send(await addChecklistItem(context, request.body, signedInUser(request))),
  );
  api.put(
    '/programme/checklist/:id',
    {
      schema: {
        summary: 'Change a checklist item',
        params: IdParams,
        body: ChecklistItemInputSchema,
        response: checklistRow,
      },
    },
    async (request) => changeChecklistItem(context, request.params.id, request.body, signedInUser(request)),
  );
  api.delete(
    '/programme/checklist/:id',
    { schema: { summary: 'Remove a checklist item', params: IdParams } },
    async (request, reply) => {
      await removeChecklistItem(context, request.params.id, signedInUser(request));
      return noContent(reply);
    },
  );

  const groupRows = { 200: z.array(CellGroupRowSchema) };
  const groupRow = { 200: CellGroupRowSchema, 201: CellGroupRowSchema };
  api.get(
    '/programme/groups',
    { schema: { summary: 'Cell groups with facilitator and member ids', response: groupRows } },
    async () => cellGroups(context),
  );
  api.post(
    '/programme/groups',
    {
      bodyLimit: BODY_LIMITS.cellGroup,
      schema: { summary: 'Add a cell group', body: CellGroupInputSchema, response: groupRow },
    },
    async (request, reply) =>
      reply.code(201).send(await saveCellGroup(context, undefined, request.body, signedInUser(request))),
  );
  api.put(
    '/programme/groups/:id',
    {
      bodyLimit: BODY_LIMITS.cellGroup,
      schema: {
        summary: 'Change a cell group',
        params: IdParams,
        body: CellGroupInputSchema,
        response: groupRow,
      },
    },
    async (request) => saveCellGroup(context, request.params.id, request.body, signedInUser(request)),
  );
  api.delete(
    '/programme/groups/:id',
    { schema: { summary: 'Remove a cell group (its men stay registered)', params: IdParams } },
    async (request, reply) => {
      await removeCellGroup(context, request.params.id, signedInUser(request));
      return noContent(reply);
    },
  );
}
