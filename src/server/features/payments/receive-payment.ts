import { formatMoney } from '../../../shared/money.ts';
import type { Currency, MarkPaidSkip, PaymentMethod } from '../../../shared/participants/participants.ts';
import { amountDue, fromCents, shareInOrder, toCents } from '../../../shared/payments/balance.ts';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { payGiftsOfEntries } from '../gifts/service.ts';
import { noteInHistory } from '../participants/service.ts';
import { entriesToPay, insertPaymentNotices, setPayment } from './repository.ts';

/**
 * Money received once (a Paynow payment, a statement line, cash at the table, an admin's "mark paid"), for
 * the entries it names in the order named.
 */
export interface IncomingPayment {
  entryIds: string[];
  amount: string;
  currency: Currency;
  method: PaymentMethod;
  /** The payer's or Paynow's reference, kept on the entry (null: none). */
  payerReference: string | null;
  paidOn: string;
  /** The history's words for an entry's share, e.g. "Paid online: USD 10.00 by Paynow – EcoCash on …". */
  describe: (share: { amount: string; currency: Currency }) => string;
  /** The attempt it came from, for the admin's notices (Paynow's payments only). */
  onlinePaymentId?: string;
}

/** What one entry took of the payment, and where that leaves it. */
export interface PaymentShare {
  id: string;
  reference: string;
  amount: string;
  currency: Currency;
  status: 'paid' | 'part_paid';
  /** Still due after this share ('0.00' when paid). */
  due: string;
  /** Received above the fee ('0.00' when none): recorded in full, and flagged. */
  over: string;
}

export interface PaymentReceived {
  shares: PaymentShare[];
  /** Entries named that took nothing, and why. */
  skipped: { id: string; reference: string | null; reason: MarkPaidSkip }[];
  /** What no entry took (all of it when none could). */
  left: string;
  /** The entries' gifts it paid once their fees were taken (issue 43). */
  gifts: { reference: string; amount: string; receiptNumber: number }[];
}

type Locked = Awaited<ReturnType<typeof entriesToPay>>[number];

/** What a locked entry owes now in this currency (in cents), or why it takes nothing of a payment in it. */
export function dueOf(
  row: Locked | undefined,
  currency: Currency,
): { due: number } | { reason: MarkPaidSkip } {
  if (!row) return { reason: 'not_found' };
  if (row.status === 'cancelled') return { reason: 'cancelled' };
  if (row.paymentStatus === 'paid' || row.paymentStatus === 'waived') return { reason: row.paymentStatus };
  const due = amountDue(
    {
      paymentStatus: row.paymentStatus,
      payment: { amount: row.paymentAmount, currency: row.paymentCurrency },
      fees: { USD: row.feeUsd, ZWG: row.feeZwg },
    },
    currency,
  );
  if (due !== null) return { due: toCents(due) };
  return { reason: row.paymentStatus === 'part_paid' && row.feeUsd !== null ? 'other_currency' : 'no_fee' };
}

/**
 * THE rule for money received, which every way of paying goes through, inside the caller's transaction: the
 * entries named are locked and the amount is checked against what each owes *now* (its race's fee at this
 * moment, less an earlier part payment), so a race changed after paying started cannot be paid with the
 * cheaper fee. In the order named, each takes its whole due while the money lasts; the last that can take
 * anything takes all that is left. Less than it owes is a part payment (the balance stays due); more is
 * recorded in full and flagged. Each share gets its history note and, when it is not the due, a notice for
 * the admin; entryPaid is sent for what each received. The caller notes it in the audit trail, as it knows why.
 */
export async function receivePayment(
  { signals, links }: AppContext,
  tx: Transaction,
  eventId: string,
  payment: IncomingPayment,
  /** Who records it, as the history names them (no account: Paynow, the entrant). */
  by: { id: string | null; name: string },
): Promise<PaymentReceived> {
  const ids = [...new Set(payment.entryIds)];
  const locked = new Map((await entriesToPay(tx, eventId, ids)).map((row) => [row.id, row]));
  const skipped: PaymentReceived['skipped'] = [];
  const owing: { row: Locked; due: number }[] = [];
  for (const id of ids) {
    const row = locked.get(id);
    const outcome = dueOf(row, payment.currency);
    if ('reason' in outcome || !row) {
      skipped.push({
        id,
        reference: row?.reference ?? null,
        reason: 'reason' in outcome ? outcome.reason : 'not_found',
      });
    } else {
      owing.push({ row, due: outcome.due });
    }
  }
  const received = toCents(payment.amount);
  const taken = shareInOrder(
    received,
    owing.map((each) => each.due),
  );
  const shares: PaymentShare[] = owing.slice(0, taken.length).map(({ row, due }, index) => {
    const share = taken[index] ?? 0;
    return {
      id: row.id,
      reference: row.reference,
      amount: fromCents(share),
      currency: payment.currency,
      status: share >= due ? 'paid' : 'part_paid',
      due: fromCents(Math.max(0, due - share)),
      over: fromCents(Math.max(0, share - due)),
    };
  });
  // Fees first; only what is left above them (the last share's over, or all when no fee was due) pays gifts.
  const last = shares.at(-1);
  const settled = [
    ...shares.filter((share) => share.status === 'paid').map((share) => share.id),
    ...skipped.filter((each) => each.reason === 'paid' || each.reason === 'waived').map((each) => each.id),
  ];
  const unshared = received - taken.reduce((sum, cents) => sum + cents, 0);
  const gifts = await payGiftsOfEntries(
    tx,
    links,
    ids.filter((id) => settled.includes(id)),
    {
      leftCents: last ? toCents(last.over) : unshared,
      currency: payment.currency,
      paidBy: payment.method,
      paidAt:
        payment.paidOn.length === 10
          ? new Date(`${payment.paidOn}T12:00:00+02:00`)
          : new Date(payment.paidOn),
    },
  );
  if (last && gifts.usedCents > 0) {
    last.amount = fromCents(toCents(last.amount) - gifts.usedCents);
    last.over = fromCents(toCents(last.over) - gifts.usedCents);
  }
  for (const share of shares) {
    const before = locked.get(share.id);
    const earlier = before?.paymentStatus === 'part_paid' ? toCents(before.paymentAmount ?? '0') : 0;
    await setPayment(tx, share.id, {
      paymentStatus: share.status,
      paymentMethod: payment.method,
      paymentAmount: fromCents(earlier + toCents(share.amount)),
      paymentCurrency: payment.currency,
      payerReference: payment.payerReference,
      paidOn: payment.paidOn,
      waiverReason: null,
    });
  }
  await noteInHistory(
    tx,
    shares.map((share) => ({
      registrationId: share.id,
      action: 'payment' as const,
      summary: `${payment.describe(share)}${shareOutcome(share)}`,
    })),
    by,
  );
  if (shares.length > 0) {
    await signals.entryPaid.send(
      tx,
      shares.map((share) => ({
        ...share,
        method: payment.method,
        paidOn: payment.paidOn,
        stillDue: share.status === 'part_paid' ? share.due : null,
      })),
    );
  }
  await insertPaymentNotices(
    tx,
    shares.flatMap((share) => {
      const problem = shareProblem(share);
      if (!problem) return [];
      const fields = {
        reference: share.reference,
        amount: share.amount,
        currency: share.currency,
        method: payment.method,
        ...(payment.payerReference ? { payerReference: payment.payerReference } : {}),
      };
      return [
        {
          source: 'payment' as const,
          problem,
          payload: fields,
          registrationId: share.id,
          onlinePaymentId: payment.onlinePaymentId ?? null,
        },
      ];
    }),
  );
  return {
    shares,
    skipped,
    left: fromCents(last ? 0 : unshared - gifts.usedCents),
    gifts: gifts.paid,
  };
}

/** What the history adds when a share is not the entry's due. */
function shareOutcome(share: PaymentShare) {
  if (share.status === 'part_paid') {
    return ` — part payment: ${formatMoney(share.currency, share.due)} still due`;
  }
  if (toCents(share.over) > 0) {
    return ` — ${formatMoney(share.currency, share.over)} more than was due, flagged for the organisers`;
  }
  return '';
}

/** The admin's notice for a share that is not the entry's due, or none. */
function shareProblem(share: PaymentShare) {
  if (share.status === 'part_paid') {
    return `part payment: ${formatMoney(share.currency, share.due)} still due`;
  }
  if (toCents(share.over) > 0) return `paid ${formatMoney(share.currency, share.over)} more than was due`;
  return null;
}
