import type { FastifyInstance } from 'fastify';
import { GroupReceiptSchema, GroupRegistrationInputSchema } from '../../../shared/registrations/group.ts';
import {
  AlreadyRegisteredSchema,
  RegistrationInputSchema,
  RegistrationReceiptSchema,
} from '../../../shared/registrations/registration.ts';
import { SearchQuerySchema, SearchResultSchema } from '../../../shared/registrations/search.ts';
import { TeamEntryDetailSchema, TeamSchema } from '../../../shared/registrations/team.ts';
import { TeamRegistrationInputSchema } from '../../../shared/registrations/team-import.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { IdempotencyHeaders } from '../../http/idempotency-key.ts';
import { BODY_LIMITS } from '../../http/limits.ts';
import { conflict } from '../../http/problem.ts';
import { limitAction } from '../../http/rate-limits.ts';
import { idParams } from '../../http/replies.ts';
import { routeGroup } from '../../http/route-group.ts';
import { giftAskedWithEntry } from '../gifts/service.ts';
import { registerGroup } from './group-registration.ts';
import {
  alreadyRegisteredProblem,
  isRaceFull,
  RACE_FULL_ON_FORM,
  register,
  searchEntrants,
  teamEntryOf,
  teamOf,
} from './service.ts';
import { teamImportRoutes } from './team-import-routes.ts';

export async function registrationRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: 'public', tags: ['registrations'] });
  /** A company's own team of entrants. */
  const company = routeGroup(app, { access: ['company'], tags: ['registrations'] });

  api.post(
    '/registrations',
    {
      // register() says when an entry fills its race: the only way one changes what the public pages show.
      config: { changesEvent: 'told' },
      onRequest: limitAction(app, context, 'register'),
      schema: {
        summary: 'Register a runner or a cyclist for the current event',
        description:
          'Send an Idempotency-Key header so a retried request never registers twice. Someone already ' +
          'registered in the discipline with the same name and email gets that entry back (200) and its ' +
          'confirmation email again.',
        headers: IdempotencyHeaders,
        body: RegistrationInputSchema,
        response: { 201: RegistrationReceiptSchema, 200: AlreadyRegisteredSchema },
      },
    },
    async (request, reply) => {
      const registered = await register(context, request.body, {
        idempotencyKey: request.headers['idempotency-key'],
      }).catch((error: unknown) => {
        // Full since the form was loaded: the form offers the race's waitlist once it knows.
        throw isRaceFull(error) ? conflict(RACE_FULL_ON_FORM) : error;
      });
      const { receipt, alreadyRegistered } = registered;
      if (alreadyRegistered)
        return reply.code(200).send({ ...receipt, alreadyRegistered: true, ...alreadyRegistered });
      const gift = await giftAskedWithEntry(context, registered, request.body);
      return reply.code(201).send(gift ? { ...receipt, gift } : receipt);
    },
  );

  api.post(
    '/registrations/group',
    {
      onRequest: limitAction(app, context, 'register'),
      bodyLimit: BODY_LIMITS.groupRegistration,
      schema: {
        summary: 'Register several people from one form: everyone or no one, one group reference to pay',
        description:
          'Send an Idempotency-Key header so a retried request never registers twice. A full race refuses ' +
          'the whole form (409, each full person named as people.<i>.raceType) unless waitlistFull is true: ' +
          'then those people join its waitlist, outside the group.',
        headers: IdempotencyHeaders,
        body: GroupRegistrationInputSchema,
        response: { 201: GroupReceiptSchema },
      },
    },
    async (request, reply) => {
      const { receipt } = await registerGroup(context, request.body, {
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send(receipt);
    },
  );

  api.get(
    '/registrations/search',
    {
      onRequest: limitAction(app, context, 'search'),
      schema: {
        summary: 'Find registered entrants by the start of a name (names, discipline and race only)',
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema },
      },
    },
    async (request) => ({ results: await searchEntrants(context, request.query.q) }),
  );

  company.post(
    '/team/registrations',
    {
      schema: {
        summary: "Register one of the company's staff (same rules as the public forms)",
        description: "An entry without an email takes the manager's own: mails about it go to the manager.",
        headers: IdempotencyHeaders,
        body: TeamRegistrationInputSchema,
        response: { 201: RegistrationReceiptSchema },
      },
    },
    async (request, reply) => {
      const manager = signedInUser(request);
      const staff = { ...request.body, email: request.body.email ?? manager.email };
      const { receipt, alreadyRegistered } = await register(context, staff, {
        idempotencyKey: request.headers['idempotency-key'],
        companyAccountId: manager.id,
        managerEmail: manager.email,
      });
      // The entry found may not be the team's own: the company is told it exists, not its receipt.
      if (alreadyRegistered) throw alreadyRegisteredProblem(receipt.discipline, alreadyRegistered);
      // The private link is the entrant's, sent to the entrant's address; the team page has its own edits.
      const { myLink: _, ...teamReceipt } = receipt;
      return reply.code(201).send(teamReceipt);
    },
  );

  company.get(
    '/team/registrations',
    {
      schema: {
        summary: "The company's own entries with payment status and fee totals",
        response: { 200: TeamSchema },
      },
    },
    async (request) => {
      return teamOf(context, signedInUser(request).id);
    },
  );

  company.get(
    '/team/registrations/:id',
    {
      schema: {
        summary: "One of the company's own entries, whole, for its edit form",
        params: idParams('Not an entry id'),
        response: { 200: TeamEntryDetailSchema },
      },
    },
    async (request) => teamEntryOf(context, signedInUser(request).id, request.params.id),
  );

  await teamImportRoutes(app, context);
}
