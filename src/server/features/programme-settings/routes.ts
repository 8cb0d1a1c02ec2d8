import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  AssignmentInputSchema,
  CellGroupInputSchema,
  ChecklistItemInputSchema,
  SessionInputSchema,
} from '../../../shared/programme-settings/programme-settings.ts';
import type { AppContext } from '../../context.ts';
import { BODY_LIMITS } from '../../http/limits.ts';
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

const admins = { access: ['admin'] } as const;
const tags = ['programme settings'];
const IdParams = z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Not an id')) });

/** Admin configuration: sessions, assignments, checklist items, cell groups; who submitted what. */
export async function programmeSettingsRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/programme/sessions', { config: admins, schema: { summary: 'List sessions', tags } }, async () =>
    sessions(context),
  );
  api.post(
    '/programme/sessions',
    { config: admins, schema: { summary: 'Add a session', tags, body: SessionInputSchema } },
    async (request, reply) => reply.code(201).send(await addSession(context, request.body)),
  );
  api.put(
    '/programme/sessions/:id',
    {
      config: admins,
      schema: { summary: 'Change a session', tags, params: IdParams, body: SessionInputSchema },
    },
    async (request) => changeSession(context, request.params.id, request.body),
  );
  api.delete(
    '/programme/sessions/:id',
    { config: admins, schema: { summary: 'Remove a session', tags, params: IdParams } },
    async (request, reply) => {
      await removeSession(context, request.params.id);
      return reply.code(204).send();
    },
  );

  api.get(
    '/programme/assignments',
    { config: admins, schema: { summary: 'List assignments', tags } },
    async () => assignmentsList(context),
  );
  api.post(
    '/programme/assignments',
    { config: admins, schema: { summary: 'Add an assignment', tags, body: AssignmentInputSchema } },
    async (request, reply) => reply.code(201).send(await addAssignment(context, request.body)),
  );
  api.put(
    '/programme/assignments/:id',
    {
      config: admins,
      schema: { summary: 'Change an assignment', tags, params: IdParams, body: AssignmentInputSchema },
    },
    async (request) => changeAssignment(context, request.params.id, request.body),
  );
  api.delete(
    '/programme/assignments/:id',
    { config: admins, schema: { summary: 'Remove an assignment and its uploads', tags, params: IdParams } },
    async (request, reply) => {
      await removeAssignment(context, request.log, request.params.id);
      return reply.code(204).send();
    },
  );
  api.get(
    '/programme/assignments/:id/submissions',
    {
      config: admins,
      schema: {
        summary: 'Per man: submitted, late or not submitted, with the current document',
        tags,
        params: IdParams,
      },
    },
    async (request) => submissionsReport(context, request.params.id),
  );

  api.get(
    '/programme/checklist',
    { config: admins, schema: { summary: 'List checklist items', tags } },
    async () => checklist(context),
  );
  api.post(
    '/programme/checklist',
    { config: admins, schema: { summary: 'Add a checklist item', tags, body: ChecklistItemInputSchema } },
    async (request, reply) => reply.code(201).send(await addChecklistItem(context, request.body)),
  );
  api.put(
    '/programme/checklist/:id',
    {
      config: admins,
      schema: { summary: 'Change a checklist item', tags, params: IdParams, body: ChecklistItemInputSchema },
    },
    async (request) => changeChecklistItem(context, request.params.id, request.body),
  );
  api.delete(
    '/programme/checklist/:id',
    { config: admins, schema: { summary: 'Remove a checklist item', tags, params: IdParams } },
    async (request, reply) => {
      await removeChecklistItem(context, request.params.id);
      return reply.code(204).send();
    },
  );

  api.get(
    '/programme/groups',
    { config: admins, schema: { summary: 'Cell groups with facilitator and member ids', tags } },
    async () => cellGroups(context),
  );
  api.post(
    '/programme/groups',
    {
      config: admins,
      bodyLimit: BODY_LIMITS.cellGroup,
      schema: { summary: 'Add a cell group', tags, body: CellGroupInputSchema },
    },
    async (request, reply) => reply.code(201).send(await saveCellGroup(context, undefined, request.body)),
  );
  api.put(
    '/programme/groups/:id',
    {
      config: admins,
      bodyLimit: BODY_LIMITS.cellGroup,
      schema: { summary: 'Change a cell group', tags, params: IdParams, body: CellGroupInputSchema },
    },
    async (request) => saveCellGroup(context, request.params.id, request.body),
  );
  api.delete(
    '/programme/groups/:id',
    {
      config: admins,
      schema: { summary: 'Remove a cell group (its men stay registered)', tags, params: IdParams },
    },
    async (request, reply) => {
      await removeCellGroup(context, request.params.id);
      return reply.code(204).send();
    },
  );
}
