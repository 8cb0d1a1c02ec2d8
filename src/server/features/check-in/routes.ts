import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  CashPaymentSchema,
  CheckInCountsSchema,
  CheckInEntriesSchema,
  CheckInEntrySchema,
  CheckInSearchQuerySchema,
  CheckInTapResultSchema,
  CheckInTapSchema,
} from '../../../shared/check-in/check-in.ts';
import {
  PrepareRosterSchema,
  RosterChangesQuerySchema,
  RosterChangesSchema,
  RosterSchema,
} from '../../../shared/check-in/roster.ts';
import type { AppContext } from '../../context.ts';
import { type Access, signedInUser } from '../../http/access.ts';
import { CHECK_IN_SEARCH_LIMITS } from '../../http/limits.ts';
import { routeGroup } from '../../http/route-group.ts';
import { prepareRoster, rosterChanges } from './roster-service.ts';
import { SearchCounter } from './search-counter.ts';
import { applyTap, checkInCounts, entryByCode, searchForCheckIn, takeCashPayment } from './service.ts';
import { walkUpRoutes } from './walk-ups-routes.ts';

const access: Access = ['volunteer', 'admin'];
const tags = ['check-in'];
// Any other shape is simply not a code: the service answers it the same 404 as an unknown one.
const CodeParams = z.object({ code: z.string() });

/** Race morning at the check-in table: volunteers and admins find entries, check them in and take cash. */
export async function checkInRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access, tags });
  const { perVolunteer, bulk } = CHECK_IN_SEARCH_LIMITS;
  const searches = new SearchCounter(bulk);

  api.get(
    '/check-in/code/:code',
    {
      schema: {
        summary: 'The entry a scanned QR code names',
        params: CodeParams,
        response: { 200: CheckInEntrySchema },
      },
    },
    async (request) => entryByCode(context, request.params.code.toLowerCase()),
  );

  api.get(
    '/check-in/entries',
    {
      config: {
        access,
        // Per account, after the access check has found it: volunteers share the table's address.
        rateLimit: {
          max: perVolunteer.max,
          timeWindow: perVolunteer.window,
          hook: 'preHandler',
          keyGenerator: (request) => `check-in-search:${signedInUser(request).id}`,
        },
      },
      schema: {
        summary:
          'Active entries by bib or check-in code, or from 3 characters by part of a name or reference (a short list)',
        querystring: CheckInSearchQuerySchema,
        response: { 200: CheckInEntriesSchema },
      },
    },
    async (request) => searchForCheckIn(context, request.query.q, signedInUser(request), searches),
  );

  api.post(
    '/check-in/taps',
    {
      schema: {
        summary: 'Check in, T-shirt collected, or undo either: once per idempotency key',
        body: CheckInTapSchema,
        response: { 200: CheckInTapResultSchema },
      },
    },
    async (request) => applyTap(context, request.body, signedInUser(request)),
  );

  api.post(
    '/check-in/cash-payments',
    {
      schema: {
        summary: 'The race fee of an unpaid entry, paid in cash at the table',
        body: CashPaymentSchema,
        response: { 200: CheckInEntrySchema },
      },
    },
    async (request) => takeCashPayment(context, request.body, signedInUser(request)),
  );

  api.get(
    '/check-in/counts',
    {
      schema: {
        summary: 'Per race: registered, checked in, T-shirts left per size',
        response: { 200: CheckInCountsSchema },
      },
    },
    async () => checkInCounts(context),
  );

  api.post(
    '/check-in/roster',
    {
      // 1,000 entrants are ~140 KB of JSON, ~40 KB compressed: this is downloaded on phone data.
      compress: {},
      schema: {
        summary:
          'Prepare this phone for race morning: the edition’s roster (no contacts, code digests) and its bib blocks',
        body: PrepareRosterSchema,
        response: { 200: RosterSchema },
      },
    },
    async (request) => prepareRoster(context, request.body.deviceId, signedInUser(request)),
  );

  api.get(
    '/check-in/roster/changes',
    {
      compress: {},
      schema: {
        summary: 'The roster’s entries changed or removed since its time, or the word to wipe it',
        querystring: RosterChangesQuerySchema,
        response: { 200: RosterChangesSchema },
      },
    },
    async (request) => rosterChanges(context, request.query),
  );

  await walkUpRoutes(app, context);
}
