import type { CurrentUser } from '../../../shared/accounts/account.ts';
import { formatShortDate } from '../../../shared/dates.ts';
import {
  type Currency,
  type MANUAL_PAYMENT_METHODS,
  type MarkPaid,
  type MarkPaidResult,
  PAYMENT_METHOD_LABELS,
  type PaymentUpdateData,
} from '../../../shared/participants/participants.ts';
import { fromCents, owes, toCents } from '../../../shared/payments/balance.ts';
import type { OnlinePaymentMethod } from '../../../shared/payments/online-payment-settings.ts';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import type { PaidTogether } from '../../db/paid-together.ts';
import { conflict, notFound } from '../../http/problem.ts';
import { inShortTransactions } from '../../short-transactions.ts';
import { getCurrentEvent, getCurrentEventId } from '../events/service.ts';
import { giftsDueOf } from '../gifts/service.ts';
import { auditEntryChange, changeEntry, participantDetail } from '../participants/service.ts';
import { dueOf, receivePayment } from './receive-payment.ts';
import { entriesToPay, memberIds, paymentUnits, setPayment } from './repository.ts';

/** The entries a payment marked, in the audit trail as one change (none: nothing to note). */
async function auditMarked(
  tx: Transaction,
  actor: CurrentUser,
  { marked }: MarkPaidResult,
  details: Record<string, unknown>,
) {
  if (marked.length === 0) return;
  await auditEntryChange(
    tx,
    actor,
    'payment',
    marked.map((entry) => entry.reference),
    details,
  );
}

/** A payment Paynow confirmed (issue 16): no account is behind it. */
const PAYNOW_ACTOR = { id: null, name: 'Paynow' };

function paymentSummary(update: PaymentUpdateData) {
  switch (update.status) {
    case 'paid':
      return `Marked paid: ${update.currency} ${update.amount} by ${PAYMENT_METHOD_LABELS[update.method]} on ${formatShortDate(update.paidOn)}${update.payerReference ? `, reference ${update.payerReference}` : ''}`;
    case 'waived':
      return `Fee waived: ${update.reason}`;
    default:
      return 'Marked unpaid';
  }
}

/** An admin's record of an entry's payment: paid (the whole amount received), waived, or unpaid again. */
export const recordPayment = async (
  context: AppContext,
  id: string,
  update: PaymentUpdateData,
  actor: CurrentUser,
) => {
  await changeEntry(context, id, { admin: actor }, async (tx, row) => {
    if (row.status === 'cancelled') throw conflict('This entry was cancelled; its payment cannot change.');
    // Locked before it is read: two payments recorded at once never both find it unpaid (two receipts).
    const [before] = await entriesToPay(tx, row.eventId, [id]);
    await setPayment(tx, id, {
      paymentStatus: update.status,
      paymentMethod: update.status === 'paid' ? update.method : null,
      paymentAmount: update.status === 'paid' ? update.amount : null,
      paymentCurrency: update.status === 'paid' ? update.currency : null,
      payerReference: update.status === 'paid' ? (update.payerReference ?? null) : null,
      paidOn: update.status === 'paid' ? update.paidOn : null,
      waiverReason: update.status === 'waived' ? update.reason : null,
    });
    if (update.status === 'paid' && before?.paymentStatus !== 'paid') {
      // The admin states the whole amount received: the receipt is for what a part payment had not covered.
      const earlier =
        before?.paymentStatus === 'part_paid' && before.paymentCurrency === update.currency
          ? toCents(before.paymentAmount ?? '0')
          : 0;
      const received = fromCents(Math.max(0, toCents(update.amount) - earlier));
      await context.signals.entryPaid.send(tx, [{ id, ...update, amount: received, stillDue: null }]);
    }
    return { action: 'payment', summary: paymentSummary(update) };
  });
  context.mailer.kick();
  return participantDetail(context, id);
};

/** A payment confirmed by Paynow, or why it was not recorded (the entry is already paid or waived, or cancelled). */
export type OnlinePaymentOutcome = 'recorded' | 'paid' | 'waived' | 'cancelled';

/**
 * Records a payment Paynow confirmed, once, by the one rule (receivePayment: checked against the fee now):
 * the same payment (method and Paynow reference) again is 'recorded' and changes nothing; an entry paid or
 * waived otherwise, or cancelled, is left as it is.
 */
export async function recordOnlinePayment(
  context: AppContext,
  id: string,
  payment: {
    method: `paynow_${OnlinePaymentMethod}`;
    amount: string;
    currency: Currency;
    paynowReference: string;
    paidOn: string;
    onlinePaymentId: string;
    /** The group or team whose total the payment was for (its entries who owe are paid in order). */
    together?: PaidTogether;
    /** Paid by someone else through a pay link ("Pay for me"): the history says so. */
    byPayLink?: boolean;
  },
): Promise<OnlinePaymentOutcome> {
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  const outcome = await db.transaction(async (tx): Promise<OnlinePaymentOutcome> => {
    // A group's or team's payment pays its entries who owe, in order; an entry's, the entry.
    const ids = payment.together ? await memberIds(tx, payment.together, event.id) : [id];
    const rows = await entriesToPay(tx, event.id, ids);
    const row = rows.find((entry) => entry.id === id) ?? rows[0];
    if (!row) throw notFound('There is no such entry.');
    const samePayment = (entry: (typeof rows)[number]) =>
      entry.paymentMethod === payment.method && entry.payerReference === payment.paynowReference;
    if (rows.some(samePayment)) return 'recorded';
    if (row.status === 'cancelled') return 'cancelled';
    // Fees settled, a gift may still be due (issue 43): the payment is then the gift's.
    const giftDue = [...(await giftsDueOf(tx, ids)).values()].some(
      (gift) => gift.currency === payment.currency,
    );
    if (!rows.some((entry) => owes(entry.paymentStatus)) && !giftDue) {
      return row.paymentStatus === 'waived' ? 'waived' : 'paid';
    }
    const received = await receivePayment(
      context,
      tx,
      event.id,
      {
        entryIds: ids,
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        payerReference: payment.paynowReference,
        paidOn: payment.paidOn,
        onlinePaymentId: payment.onlinePaymentId,
        describe: (share) =>
          `Paid online${payment.byPayLink ? ' (paid by a pay link)' : ''}: ${share.currency} ${share.amount} by ${PAYMENT_METHOD_LABELS[payment.method]} on ${formatShortDate(payment.paidOn)}, Paynow reference ${payment.paynowReference}`,
      },
      PAYNOW_ACTOR,
    );
    // Nothing took it (a gift is paid whole or not at all): the admin is told, as for an entry paid already.
    if (received.shares.length === 0 && received.gifts.length === 0) return 'paid';
    for (const share of received.shares) {
      await auditEntryChange(tx, null, 'payment', [share.reference], {
        by: PAYNOW_ACTOR.name,
        ...(payment.byPayLink ? { payLink: true } : {}),
        amount: share.amount,
        currency: share.currency,
        status: share.status,
      });
    }
    return 'recorded';
  });
  context.mailer.kick();
  return outcome;
}

/**
 * Several entries paid by one method: each unpaid one is paid what it owes in the currency (its race's fee, or
 * a part payment's balance), by the one rule, with a note in its history. Entries already paid or waived,
 * cancelled, gone, or that owe nothing known in the currency are left as they are, and the answer says which
 * and why. The entries of one group form (or one company's team) are one payment, in one transaction; the
 * payments go a few per short transaction (on the embedded database a transaction holds the whole server), so
 * a selection cut short keeps what was marked, and marking it again marks the rest.
 */
export async function markPaid(
  context: AppContext,
  request: MarkPaid,
  actor: CurrentUser,
): Promise<MarkPaidResult> {
  const { db } = context.database;
  const eventId = await getCurrentEventId(db);
  const result: MarkPaidResult = { marked: [], skipped: [] };
  await inShortTransactions(await paymentUnits(db, eventId, request.ids), async (units) => {
    const some = await db.transaction((tx) =>
      markPaidIn(context, tx, eventId, { ...request, ids: units.flat() }, actor),
    );
    result.marked.push(...some.marked);
    result.skipped.push(...some.skipped);
  });
  context.mailer.kick();
  return result;
}

/** markPaid inside the caller's transaction (a walk-up paid in cash as it is registered); the caller kicks the mailer. */
export async function markPaidIn(
  context: AppContext,
  tx: Transaction,
  eventId: string,
  request: MarkPaid,
  actor: CurrentUser,
): Promise<MarkPaidResult> {
  const ids = [...new Set(request.ids)];
  const { method, currency, paidOn } = request;
  const found = new Map((await entriesToPay(tx, eventId, ids)).map((row) => [row.id, row]));
  const result: MarkPaidResult = { marked: [], skipped: [] };
  // The entries of one group form (or one company's team) marked together are one payment: one receipt lists them.
  const payments = new Map<string, { ids: string[]; due: number }>();
  for (const id of ids) {
    const row = found.get(id);
    const owed = dueOf(row, currency);
    if ('reason' in owed || !row) {
      result.skipped.push({
        id,
        reference: row?.reference ?? null,
        reason: 'reason' in owed ? owed.reason : 'not_found',
      });
      continue;
    }
    const key = row.groupId ?? (row.companyAccountId ? `team ${row.companyAccountId}` : id);
    const payment = payments.get(key) ?? { ids: [], due: 0 };
    payments.set(key, { ids: [...payment.ids, id], due: payment.due + owed.due });
  }
  for (const payment of payments.values()) {
    const received = await receivePayment(
      context,
      tx,
      eventId,
      {
        entryIds: payment.ids,
        amount: fromCents(payment.due),
        currency,
        method,
        payerReference: null,
        paidOn,
        describe: (share) => paymentSummary({ status: 'paid', method, ...share, paidOn }),
      },
      actor,
    );
    result.marked.push(
      ...received.shares.map(({ id, reference, amount }) => ({ id, reference, amount, currency })),
    );
  }
  await auditMarked(tx, actor, result, { method, currency, paidOn });
  return result;
}

/** Money a statement line brought: the entries it names in order, and the line's method, amount, reference and date. */
export interface StatementPayment {
  ids: string[];
  /** A statement is a bank or mobile-money account's: paid by one of the ways an admin records by hand. */
  method: (typeof MANUAL_PAYMENT_METHODS)[number];
  amount: string;
  currency: Currency;
  payerReference: string;
  paidOn: string;
}

/**
 * A payment read from a statement line, inside the caller's transaction (the line is marked applied in the same
 * one): the line's amount goes to the entries it names by the one rule (receivePayment: whole dues in the order
 * named, the rest a part payment on the next, more than due flagged). Entries already paid or waived (also by
 * an earlier line), cancelled or gone take nothing, and the answer says which and why. The caller notes what
 * its transaction's payments marked in the audit trail once (auditStatementPayments).
 */
export async function recordStatementPayment(
  context: AppContext,
  tx: Transaction,
  eventId: string,
  payment: StatementPayment,
  actor: CurrentUser,
): Promise<MarkPaidResult> {
  const payerReference = payment.payerReference.slice(0, 100);
  const received = await receivePayment(
    context,
    tx,
    eventId,
    {
      entryIds: payment.ids,
      amount: payment.amount,
      currency: payment.currency,
      method: payment.method,
      payerReference,
      paidOn: payment.paidOn,
      describe: (share) =>
        paymentSummary({
          status: 'paid',
          method: payment.method,
          ...share,
          payerReference,
          paidOn: payment.paidOn,
        }),
    },
    actor,
  );
  return {
    marked: received.shares.map(({ id, reference, amount, currency }) => ({
      id,
      reference,
      amount,
      currency,
    })),
    skipped: received.skipped,
  };
}

/** What statement payments marked, in the audit trail as one change (in their transaction). */
export const auditStatementPayments = (tx: Transaction, actor: CurrentUser, result: MarkPaidResult) =>
  auditMarked(tx, actor, result, { source: 'statement' });
