import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  JoinedSchema,
  PersonEditSchema,
  PersonInputSchema,
  PersonListQuerySchema,
  PersonListSchema,
  PersonSchema,
  ProgrammeTotalsSchema,
  QuickManInputSchema,
} from '../../../shared/people/people.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, signedInUser } from '../../http/access.ts';
import { idParams, noContent, sendCsv } from '../../http/replies.ts';
import {
  decideApplication,
  deletePerson,
  editPerson,
  joinProgramme,
  personOf,
  programmeTotals,
  quickJoin,
  registerCsv,
  registerOf,
  toPerson,
} from './service.ts';

const admins = { access: ['admin'] } as const;
const IdParams = idParams('Not a record id');
const JOIN_LIMIT = { max: 20, timeWindow: '1 minute' };
const tags = ['programme'];

const callerOf = (context: AppContext, request: FastifyRequest) => currentUser(context.auth, request);

/** The "Be That Man" forms, the registers of men and facilitators, and the programme's dashboard figures. */
export async function peopleRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/men/quick',
    {
      config: { access: 'public', rateLimit: JOIN_LIMIT },
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
      config: { access: 'public', rateLimit: JOIN_LIMIT },
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
    async (request) => registerOf(context, 'men', request.query),
  );
  api.get(
    '/men/export.csv',
    {
      config: admins,
      schema: { summary: 'The register of men as CSV', tags, querystring: PersonListQuerySchema },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'Registered_Men.csv',
        await registerCsv(context, 'men', request.query, signedInUser(request)),
      ),
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
    async (request) => toPerson(await editPerson(context, 'men', request.params.id, request.body)),
  );
  api.delete(
    '/men/:id',
    { config: admins, schema: { summary: "Delete a man's record", tags, params: IdParams } },
    async (request, reply) => {
      await deletePerson(context, request.log, 'men', request.params.id);
      return noContent(reply);
    },
  );

  // Facilitators
  api.post(
    '/facilitators',
    {
      config: { access: 'public', rateLimit: JOIN_LIMIT },
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
    async (request) => registerOf(context, 'facilitators', request.query),
  );
  api.get(
    '/facilitators/export.csv',
    {
      config: admins,
      schema: { summary: 'The register of facilitators as CSV', tags, querystring: PersonListQuerySchema },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'Registered_Facilitators.csv',
        await registerCsv(context, 'facilitators', request.query, signedInUser(request)),
      ),
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
    async (request) => toPerson(await editPerson(context, 'facilitators', request.params.id, request.body)),
  );
  api.delete(
    '/facilitators/:id',
    { config: admins, schema: { summary: "Delete a facilitator's record", tags, params: IdParams } },
    async (request, reply) => {
      await deletePerson(context, request.log, 'facilitators', request.params.id);
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
    async (request) => toPerson(await decideApplication(context, request.params.id, 'approved')),
  );
  api.post(
    '/facilitators/:id/decline',
    {
      config: admins,
      schema: { summary: 'Decline an applicant', tags, params: IdParams, response: { 200: PersonSchema } },
    },
    async (request) => toPerson(await decideApplication(context, request.params.id, 'declined')),
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
