import type { FastifyInstance } from 'fastify';
import {
  MarkPaidResultSchema,
  MarkPaidSchema,
  ParticipantDetailSchema,
  PaymentUpdateSchema,
} from '../../../shared/participants/participants.ts';
import type { AppContext } from '../../context.ts';
import { signedInUser } from '../../http/access.ts';
import { idParams } from '../../http/replies.ts';
import { routeGroup } from '../../http/route-group.ts';
import { markPaid, recordPayment } from './ledger.ts';

const admins = ['admin'] as const;
const IdParams = idParams('Not an entry id');
/** The admin records payments on the participants list and in an entry's dialog. */
const tags = ['participants'];

/** The ledger's routes: an admin records payments (Paynow's and statements' have routes of their own). */
export async function paymentRoutes(app: FastifyInstance, context: AppContext) {
  const api = routeGroup(app, { access: admins, tags });

  api.post(
    '/participants/mark-paid',
    {
      schema: {
        summary:
          'Mark several unpaid entries paid by one method, each with its race’s fee in the currency; says which were left as they were',
        body: MarkPaidSchema,
        response: { 200: MarkPaidResultSchema },
      },
    },
    async (request) => markPaid(context, request.body, signedInUser(request)),
  );

  api.put(
    '/participants/:id/payment',
    {
      schema: {
        summary: 'Record paid (method, amount, currency, reference, date), waived (reason) or unpaid',
        params: IdParams,
        body: PaymentUpdateSchema,
        response: { 200: ParticipantDetailSchema },
      },
    },
    async (request) => recordPayment(context, request.params.id, request.body, signedInUser(request)),
  );
}
