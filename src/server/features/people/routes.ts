import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { routeGroup } from '../../http/route-group.ts';
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

  const api = routeGroup(app, { access: ['admin'], tags: tags });

  api.post(
    '/men/quick',
    {
      config: { access: 'public', rateLimit: PROGRAMME_FORM_LIMIT },
      schema: {
        summary: 'Quick desk registration of a man (Name, Surname, Email, Phone)',
        body: QuickManInputSchema,
        response: { 201: JoinedSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await quickJoin(context, request.body)),
  );

  /** The routes both registers share: men and facilitators differ only in their words. */
  const REGISTERS = {
    men: { one: 'man', join: 'Join the programme (Be That Man)', csv: 'Registered_Men.csv' },
    facilitators: {
      one: 'facilitator',
      join: 'Apply to be a facilitator (admins register directly)',
      csv: 'Registered_Facilitators.csv',
    },
  } as const;
  for (const [kind, words] of Object.entries(REGISTERS) as [PersonKind, (typeof REGISTERS)[PersonKind]][]) {
    const { one } = words;
    api.post(
      `/${kind}`,
      {
        config: { access: 'public', rateLimit: PROGRAMME_FORM_LIMIT },
        schema: { summary: words.join, body: PersonInputSchema, response: { 201: JoinedSchema } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await joinProgramme(context, kind, request.body, await callerOf(context, request))),
    );
    api.get(
      `/${kind}`,
      {
        schema: {
          summary: `The register of ${kind}: search, sort, paging`,
          querystring: PersonListQuerySchema,
          response: { 200: PersonListSchema },
        },
      },
      async (request) => auditedRegister(request, kind, await registerOf(context, kind, request.query)),
    );
    api.get(
      `/${kind}/export.csv`,
      { schema: { summary: `The register of ${kind} as CSV`, querystring: PersonListQuerySchema } },
      async (request, reply) => {
        const csv = await registerCsv(context, kind, request.query, signedInUser(request));
        await auditedExport(request, kind);
        return sendCsv(reply, words.csv, csv);
      },
    );
    api.get(
      `/${kind}/:id`,
      {
        schema: {
          summary: `One ${one}'s record, opened on its own (the register's list leaves out his address)`,
          params: IdParams,
          response: { 200: PersonSchema },
        },
      },
      async (request) => personOf(context, kind, request.params.id),
    );
    api.put(
      `/${kind}/:id`,
      {
        schema: {
          summary: `Edit one ${one}'s own details`,
          params: IdParams,
          body: PersonEditSchema,
          response: { 200: PersonSchema },
        },
      },
      async (request) => {
        const edited = await editPerson(context, kind, request.params.id, request.body);
        await auditChange(request, `${one}.edit`, `${one} ${request.params.id}`);
        return toPerson(edited);
      },
    );
    api.delete(
      `/${kind}/:id`,
      { schema: { summary: `Delete a ${one}'s record`, params: IdParams } },
      async (request, reply) => {
        await deletePerson(context, kind, request.params.id);
        await auditChange(request, `${one}.delete`, `${one} ${request.params.id}`);
        return noContent(reply);
      },
    );
  }

  api.put(
    '/men/:id/ended',
    {
      schema: {
        summary: 'Mark a man as left or graduated (his records are deleted later), or back in the programme',
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
  api.post(
    '/facilitators/:id/approve',
    {
      schema: {
        summary:
          'Approve an applicant (his account gets the facilitator role, or he is invited to create one)',
        params: IdParams,
        response: { 200: PersonSchema },
      },
    },
    async (request) =>
      toPerson(await decideApplication(context, request.params.id, 'approved', signedInUser(request))),
  );
  api.post(
    '/facilitators/:id/decline',
    { schema: { summary: 'Decline an applicant', params: IdParams, response: { 200: PersonSchema } } },
    async (request) =>
      toPerson(await decideApplication(context, request.params.id, 'declined', signedInUser(request))),
  );

  // A participant's own record
  api.get(
    '/me/profile',
    {
      config: { access: ['participant'] },
      schema: { summary: 'His own programme record', response: { 200: PersonSchema } },
    },
    async (request) => toPerson(await ownRecord(context, signedInUser(request).id)),
  );
  api.put(
    '/me/profile',
    {
      config: { access: ['participant'] },
      schema: {
        summary: 'Change his own details (not his email, which is his account)',
        body: ProfileInputSchema,
        response: { 200: PersonSchema },
      },
    },
    async (request) => toPerson(await editOwnRecord(context, signedInUser(request).id, request.body)),
  );

  api.get(
    '/dashboard/programme',
    {
      schema: {
        summary: 'Men, facilitators and applicants waiting',
        tags: ['dashboard'],
        response: { 200: ProgrammeTotalsSchema },
      },
    },
    async () => programmeTotals(context),
  );
}
