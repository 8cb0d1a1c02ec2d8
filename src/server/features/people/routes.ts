import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  JoinedSchema,
  ManEndInputSchema,
  PersonEditSchema,
  PersonInputSchema,
  type PersonKind,
  type PersonListQuery,
  PersonListQuerySchema,
  PersonListSchema,
  PersonSchema,
  ProfileInputSchema,
  ProgrammeTotalsSchema,
  QuickManInputSchema,
} from '../../../shared/people/people.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, signedInUser } from '../../http/access.ts';
import { PROGRAMME_FORM_LIMIT } from '../../http/limits.ts';
import { idParams, noContent, sendCsv } from '../../http/replies.ts';
import { auditedList, auditRead, recordAudit } from '../audit-log/service.ts';
import {
  decideApplication,
  deletePerson,
  editOwnRecord,
  editPerson,
  joinProgramme,
  ownRecord,
  personOf,
  programmeTotals,
  quickJoin,
  registerCount,
  registerCsv,
  registerOf,
  setManEnded,
  toPerson,
} from './service.ts';

const admins = { access: ['admin'] } as const;
const IdParams = idParams('Not a record id');
const tags = ['programme'];

const callerOf = (context: AppContext, request: FastifyRequest) => currentUser(context.auth, request);

type ListRequest = FastifyRequest<{ Querystring: PersonListQuery }>;

/** The "Be That Man" forms, the registers of men and facilitators, and the programme's dashboard figures. */
export async function peopleRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context.database;
  /** A page of a register an admin read, in the audit trail with its search. */
  const auditedRegister = <Page extends { rows: unknown[] }>(
    request: ListRequest,
    kind: PersonKind,
    page: Page,
  ) => auditedList(db, signedInUser(request), `${kind}.list`, request.query, page);
  /** A change an admin made to a programme record (after it: these services change one row at a time). */
  const auditChange = (request: FastifyRequest, action: string, subject: string) =>
    recordAudit(db, signedInUser(request), { action, subject });
  /** A register's CSV, in the audit trail with its search and how many it held. */
  const auditedExport = async (request: ListRequest, kind: PersonKind) =>
    auditRead(db, signedInUser(request), `${kind}.export-csv`, {
      filters: request.query,
      rowCount: await registerCount(context, kind, request.query),
    });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/men/quick',
    {
      config: { access: 'public', rateLimit: PROGRAMME_FORM_LIMIT },
      schema: {
        summary: 'Quick desk registration of a man (Name, Surname, Email, Phone)',
        tags,
        body: QuickManInputSchema,
        response: { 201: JoinedSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await quickJoin(context, request.body)),
  );

  // Men
  api.post(
    '/men',
    {
      config: { access: 'public', rateLimit: PROGRAMME_FORM_LIMIT },
      schema: {
        summary: 'Join the programme (Be That Man)',
        tags,
        body: PersonInputSchema,
        response: { 201: JoinedSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await joinProgramme(context, 'men', request.body, await callerOf(context, request))),
  );
  api.get(
    '/men',
    {
      config: admins,
      schema: {
        summary: 'The register of men: search, sort, paging',
        tags,
        querystring: PersonListQuerySchema,
        response: { 200: PersonListSchema },
      },
    },
    async (request) => auditedRegister(request, 'men', await registerOf(context, 'men', request.query)),
  );
  api.get(
    '/men/export.csv',
    {
      config: admins,
      schema: { summary: 'The register of men as CSV', tags, querystring: PersonListQuerySchema },
    },
    async (request, reply) => {
      const csv = await registerCsv(context, 'men', request.query, signedInUser(request));
      await auditedExport(request, 'men');
      return sendCsv(reply, 'Registered_Men.csv', csv);
    },
  );
  api.get(
    '/men/:id',
    {
      config: admins,
      schema: {
        summary: "One man's record, opened on its own (the register's list leaves out his address)",
        tags,
        params: IdParams,
        response: { 200: PersonSchema },
      },
    },
    async (request) => personOf(context, 'men', request.params.id),
  );
  api.put(
    '/men/:id',
    {
      config: admins,
      schema: {
        summary: "Edit one man's own details",
        tags,
        params: IdParams,
        body: PersonEditSchema,
        response: { 200: PersonSchema },
      },
    },
    async (request) => {
      const edited = await editPerson(context, 'men', request.params.id, request.body);
      await auditChange(request, 'man.edit', `man ${request.params.id}`);
      return toPerson(edited);
    },
  );
  api.put(
    '/men/:id/ended',
    {
      config: admins,
      schema: {
        summary: 'Mark a man as left or graduated (his records are deleted later), or back in the programme',
        tags,
        params: IdParams,
        body: ManEndInputSchema,
        response: { 200: PersonSchema },
      },
    },
    async (request) => {
      const { id, name } = signedInUser(request);
      const row = await setManEnded(context, { id, name }, request.params.id, request.body.endedAs);
      return toPerson(row);
    },
  );
  api.delete(
    '/men/:id',
    { config: admins, schema: { summary: "Delete a man's record", tags, params: IdParams } },
    async (request, reply) => {
      await deletePerson(context, request.log, 'men', request.params.id);
      await auditChange(request, 'man.delete', `man ${request.params.id}`);
      return noContent(reply);
    },
  );

  // Facilitators
  api.post(
    '/facilitators',
    {
      config: { access: 'public', rateLimit: PROGRAMME_FORM_LIMIT },
      schema: {
        summary: 'Apply to be a facilitator (admins register directly)',
        tags,
        body: PersonInputSchema,
        response: { 201: JoinedSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await joinProgramme(context, 'facilitators', request.body, await callerOf(context, request))),
  );
  api.get(
    '/facilitators',
    {
      config: admins,
      schema: {
        summary: 'The register of facilitators: search, sort, paging',
        tags,
        querystring: PersonListQuerySchema,
        response: { 200: PersonListSchema },
      },
    },
    async (request) =>
      auditedRegister(request, 'facilitators', await registerOf(context, 'facilitators', request.query)),
  );
  api.get(
    '/facilitators/export.csv',
    {
      config: admins,
      schema: { summary: 'The register of facilitators as CSV', tags, querystring: PersonListQuerySchema },
    },
    async (request, reply) => {
      const csv = await registerCsv(context, 'facilitators', request.query, signedInUser(request));
      await auditedExport(request, 'facilitators');
      return sendCsv(reply, 'Registered_Facilitators.csv', csv);
    },
  );
  api.get(
    '/facilitators/:id',
    {
      config: admins,
      schema: {
        summary: "One facilitator's record, opened on its own (the register's list leaves out his address)",
        tags,
        params: IdParams,
        response: { 200: PersonSchema },
      },
    },
    async (request) => personOf(context, 'facilitators', request.params.id),
  );
  api.put(
    '/facilitators/:id',
    {
      config: admins,
      schema: {
        summary: "Edit one facilitator's own details",
        tags,
        params: IdParams,
        body: PersonEditSchema,
        response: { 200: PersonSchema },
      },
    },
    async (request) => {
      const edited = await editPerson(context, 'facilitators', request.params.id, request.body);
      await auditChange(request, 'facilitator.edit', `facilitator ${request.params.id}`);
      return toPerson(edited);
    },
  );
  api.delete(
    '/facilitators/:id',
    { config: admins, schema: { summary: "Delete a facilitator's record", tags, params: IdParams } },
    async (request, reply) => {
      await deletePerson(context, request.log, 'facilitators', request.params.id);
      await auditChange(request, 'facilitator.delete', `facilitator ${request.params.id}`);
      return noContent(reply);
    },
  );
  api.post(
    '/facilitators/:id/approve',
    {
      config: admins,
      schema: {
        summary:
          'Approve an applicant (his account gets the facilitator role, or he is invited to create one)',
        tags,
        params: IdParams,
        response: { 200: PersonSchema },
      },
    },
    async (request) =>
      toPerson(await decideApplication(context, request.params.id, 'approved', signedInUser(request))),
  );
  api.post(
    '/facilitators/:id/decline',
    {
      config: admins,
      schema: { summary: 'Decline an applicant', tags, params: IdParams, response: { 200: PersonSchema } },
    },
    async (request) =>
      toPerson(await decideApplication(context, request.params.id, 'declined', signedInUser(request))),
  );

  // A participant's own record
  api.get(
    '/me/profile',
    {
      config: { access: ['participant'] },
      schema: { summary: 'His own programme record', tags, response: { 200: PersonSchema } },
    },
    async (request) => toPerson(await ownRecord(context, signedInUser(request).id)),
  );
  api.put(
    '/me/profile',
    {
      config: { access: ['participant'] },
      schema: {
        summary: 'Change his own details (not his email, which is his account)',
        tags,
        body: ProfileInputSchema,
        response: { 200: PersonSchema },
      },
    },
    async (request) => toPerson(await editOwnRecord(context, signedInUser(request).id, request.body)),
  );

  api.get(
    '/dashboard/programme',
    {
      config: admins,
      schema: {
        summary: 'Men, facilitators and applicants waiting',
        tags: ['dashboard'],
        response: { 200: ProgrammeTotalsSchema },
      },
    },
    async () => programmeTotals(context),
  );
}
