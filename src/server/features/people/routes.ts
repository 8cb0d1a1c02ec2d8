import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  JoinedSchema,
  PERSON_STATUS_LABELS,
  PersonEditSchema,
  PersonInputSchema,
  type PersonKind,
  PersonListQuerySchema,
  PersonListSchema,
  PersonSchema,
  ProgrammeTotalsSchema,
  QuickManInputSchema,
} from '../../../shared/people/people.ts';
import { formatPhoneAsDialled } from '../../../shared/phone.ts';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { csvText } from '../../http/csv.ts';
import { countPeople, listPeople, toPerson } from './repository.ts';
import { decideApplication, deletePerson, editPerson, joinProgramme, quickJoin } from './service.ts';

const admins = ['admin'] as const;
const IdParams = z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Not a record id')) });
const JOIN_LIMIT = { max: 20, timeWindow: '1 minute' };

export async function peopleRoutes(app: FastifyInstance, context: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const tags = ['programme'];

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

  for (const kind of ['men', 'facilitators'] as const satisfies readonly PersonKind[]) {
    const noun = kind === 'men' ? 'man' : 'facilitator';

    api.post(
      `/${kind}`,
      {
        config: { access: 'public', rateLimit: JOIN_LIMIT },
        schema: {
          summary:
            kind === 'men'
              ? 'Join the programme (Be That Man)'
              : 'Apply to be a facilitator (admins register directly)',
          tags,
          body: PersonInputSchema,
          response: { 201: JoinedSchema },
        },
      },
      async (request, reply) => {
        const caller = await currentUser(context.auth, request);
        return reply.code(201).send(await joinProgramme(context, kind, request.body, caller));
      },
    );

    api.get(
      `/${kind}`,
      {
        config: { access: admins },
        schema: {
          summary: `The register of ${kind}: search, sort, paging`,
          tags,
          querystring: PersonListQuerySchema,
          response: { 200: PersonListSchema },
        },
      },
      async (request) => {
        const list = await listPeople(db, kind, request.query);
        return { ...list, rows: list.rows.map(toPerson) };
      },
    );

    api.get(
      `/${kind}/export.csv`,
      {
        config: { access: admins },
        schema: { summary: `The register of ${kind} as CSV`, tags, querystring: PersonListQuerySchema },
      },
      async (request, reply) => {
        const { rows } = await listPeople(db, kind, { ...request.query, page: 1, pageSize: 100_000 });
        const header = [
          'Surname',
          'Name',
          'Email',
          'Mobile',
          'MaritalStatus',
          'Church',
          'Age',
          'Address',
          'Status',
        ];
        const records = rows.map((row) => [
          row.lastName,
          row.firstName,
          row.email,
          formatPhoneAsDialled(row.mobile),
          row.maritalStatus ?? '',
          row.church ?? '',
          row.age === null ? '' : String(row.age),
          row.address ?? '',
          PERSON_STATUS_LABELS[row.status] ?? row.status,
        ]);
        const csv = csvText([header, ...records], { bom: true });
        const file = kind === 'men' ? 'Registered_Men.csv' : 'Registered_Facilitators.csv';
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file}"`)
          .send(csv);
      },
    );

    api.put(
      `/${kind}/:id`,
      {
        config: { access: admins },
        schema: {
          summary: `Edit one ${noun}'s own details`,
          tags,
          params: IdParams,
          body: PersonEditSchema,
          response: { 200: PersonSchema },
        },
      },
      async (request) => toPerson(await editPerson(context, kind, request.params.id, request.body)),
    );

    api.delete(
      `/${kind}/:id`,
      {
        config: { access: admins },
        schema: { summary: `Delete a ${noun}'s record`, tags, params: IdParams },
      },
      async (request, reply) => {
        await deletePerson(context, request.log, kind, request.params.id);
        return reply.code(204).send();
      },
    );
  }

  for (const [action, decision] of [
    ['approve', 'approved'],
    ['decline', 'declined'],
  ] as const) {
    api.post(
      `/facilitators/:id/${action}`,
      {
        config: { access: admins },
        schema: {
          summary:
            action === 'approve'
              ? 'Approve an applicant (his account gets the facilitator role, or he is invited to create one)'
              : 'Decline an applicant',
          tags,
          params: IdParams,
          response: { 200: PersonSchema },
        },
      },
      async (request) => toPerson(await decideApplication(context, request.params.id, decision)),
    );
  }

  api.get(
    '/dashboard/programme',
    {
      config: { access: admins },
      schema: {
        summary: 'Men, facilitators and applicants waiting',
        tags: ['dashboard'],
        response: { 200: ProgrammeTotalsSchema },
      },
    },
    async () => countPeople(db),
  );
}
