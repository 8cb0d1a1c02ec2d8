import { createHash } from 'node:crypto';
import type { CurrentUser } from '../../../../shared/accounts/account.ts';
import { formatShortDate, harareToday } from '../../../../shared/dates.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { type Currency, paymentMethodLabel } from '../../../../shared/participants/participants.ts';
import { fromCents, owes, toCents } from '../../../../shared/payments/balance.ts';
import {
  CREDIT_MONTHS,
  type EntryRefunds,
  type MoneyBack,
  type OpenCredits,
  type RecordRefundData,
  type RefundTotals,
} from '../../../../shared/payments/refunds.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import type { AppContext } from '../../../context.ts';
import type { Transaction } from '../../../db/client.ts';
import { conflict, notFound } from '../../../http/problem.ts';
import { recordAudit } from '../../audit-log/service.ts';
import { getCurrentEvent, getCurrentEventId } from '../../events/service.ts';
import { entryOfLink } from '../../my-registration/service.ts';
import { noteInHistory } from '../../participants/service.ts';
import { receivePayment } from '../receive-payment.ts';
import {
  entriesWithMoneyBack,
  entryToRefund,
  findCreditNote,
  forgetCreditsOf,
  forgetExpiredCreditsOf,
  insertRefund,
  markCreditUsed,
  openCredits,
  openCreditsOf,
  refundedOf,
  refundsOfEntry,
  refundTotalsOf,
  takeCreditNoteNumber,
} from './repository.ts';

/*
 * How a credit is used (issue 42): it is kept on the person, found again by digests of the email or of the
 * mobile and names (never the contacts themselves, so it outlives the entry's anonymisation), until it is used
 * or CREDIT_MONTHS pass. When the same person has an entry of the current edition that owes, the admin's entry
 * dialog offers the credit; "Use the credit" applies all of it as a payment by the one rule (receivePayment,
 * method "credit"): a credit above what is due is recorded in full and flagged as any over-payment is, and the
 * entry gets its receipt. A refund or a credit changes nothing else on the entry: the admin decides whether a
 * refunded entry is unpaid or cancelled.
 */

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What finds a person's credits again: the email, or the mobile with the names (a son may share his phone). */
export function personDigests(person: {
  email: string | null;
  mobile: string;
  firstName: string;
  lastName: string;
}) {
  return {
    emailDigest: person.email ? digest(`email:${person.email.trim().toLowerCase()}`) : null,
    mobileDigest: digest(
      `mobile:${person.mobile}:${person.firstName.trim().toLowerCase()}:${person.lastName.trim().toLowerCase()}`,
    ),
  };
}

/** The ISO day `months` after `day` (a day past the month's end runs into the next month). */
function monthsAfter(day: string, months: number) {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + months, date)).toISOString().slice(0, 10);
}

type Entry = NonNullable<Awaited<ReturnType<typeof entryToRefund>>>;

/** What the entry received in this currency and has not yet given back or credited, in cents. */
async function refundableCents(tx: Transaction, entry: Entry, currency: Currency) {
  const received =
    (entry.paymentStatus === 'paid' || entry.paymentStatus === 'part_paid') &&
    entry.paymentCurrency === currency
      ? toCents(entry.paymentAmount ?? '0')
      : 0;
  const given = (await refundedOf(tx, entry.id)).find((row) => row.currency === currency);
  return Math.max(0, received - toCents(given?.total ?? '0'));
}

interface NewRefund {
  kind: 'refund' | 'credit';
  amount: string;
  currency: Currency;
  method: string | null;
  refundedOn: string;
  reference: string | null;
  onlinePaymentId?: string;
}

/** Writes a refund or credit under the event's next credit note number, with its history note; its number. */
async function writeRefund(
  tx: Transaction,
  entry: Entry,
  refund: NewRefund,
  by: { id: string | null; name: string },
) {
  const number = await takeCreditNoteNumber(tx, entry.eventId);
  const credit = refund.kind === 'credit';
  await insertRefund(tx, {
    eventId: entry.eventId,
    registrationId: entry.id,
    ...refund,
    creditNoteNumber: number,
    recordedBy: by.id,
    recordedByName: by.name,
    ...(credit ? { expiresOn: monthsAfter(refund.refundedOn, CREDIT_MONTHS), ...personDigests(entry) } : {}),
  });
  const money = formatMoney(refund.currency, refund.amount);
  const how = refund.method ? ` by ${paymentMethodLabel(refund.method)}` : '';
  const reference = refund.reference ? `, reference ${refund.reference}` : '';
  await noteInHistory(
    tx,
    [
      {
        registrationId: entry.id,
        action: 'payment',
        summary: credit
          ? `Credit of ${money} kept for the person's next entry on ${formatShortDate(refund.refundedOn)}${reference} — credit note ${number}`
          : `Refunded ${money}${how} on ${formatShortDate(refund.refundedOn)}${reference} — credit note ${number}`,
      },
    ],
    by,
  );
  return number;
}

/** An admin's record of money given back or kept as credit from an entry: at most what it received and kept. */
export async function recordRefund(
  context: AppContext,
  id: string,
  data: RecordRefundData,
  actor: CurrentUser,
) {
  const { db } = context.database;
  await db.transaction(async (tx) => {
    const entry = await entryToRefund(tx, id);
    if (!entry) throw notFound('There is no such entry.');
    const left = await refundableCents(tx, entry, data.currency);
    if (toCents(data.amount) > left) {
      throw conflict(
        left === 0
          ? `This entry has no ${data.currency} payment left to give back.`
          : `At most ${formatMoney(data.currency, fromCents(left))} of this entry's payment is left to give back.`,
        'refund_above_payment',
      );
    }
    const amount = fromCents(toCents(data.amount));
    const number = await writeRefund(
      tx,
      entry,
      {
        kind: data.kind,
        amount,
        currency: data.currency,
        method: data.kind === 'refund' ? data.method : null,
        refundedOn: data.refundedOn,
        reference: data.reference || null,
      },
      actor,
    );
    await recordAudit(tx, actor, {
      action: `registration.${data.kind}`,
      subject: `registration ${entry.reference}`,
      rowCount: 1,
      details: { amount, currency: data.currency, creditNote: number },
    });
  });
  return entryRefunds(context, id);
}

/**
 * Paynow reported a paid attempt refunded: the refund is recorded once (by the attempt) with a credit note. The
 * entry stays as it is: the caller tells the admin, who decides. Answers whether it was new.
 */
export async function recordPaynowRefund(
  context: AppContext,
  attempt: {
    id: string;
    registrationId: string;
    amount: string;
    currency: Currency;
    method: string;
    paynowReference: string | null;
  },
) {
  return context.database.db.transaction(async (tx) => {
    const entry = await entryToRefund(tx, attempt.registrationId);
    if (!entry) return false;
    const done = await refundsOfEntryIn(tx, attempt.registrationId);
    if (done.some((row) => row.onlinePaymentId === attempt.id)) return false;
    const number = await writeRefund(
      tx,
      entry,
      {
        kind: 'refund',
        amount: fromCents(toCents(attempt.amount)),
        currency: attempt.currency,
        method: attempt.method,
        refundedOn: harareToday(),
        reference: attempt.paynowReference,
        onlinePaymentId: attempt.id,
      },
      PAYNOW,
    );
    await recordAudit(tx, null, {
      action: 'registration.refund',
      subject: `registration ${entry.reference}`,
      rowCount: 1,
      details: { by: PAYNOW.name, amount: attempt.amount, currency: attempt.currency, creditNote: number },
    });
    return true;
  });
}

const PAYNOW = { id: null, name: 'Paynow' };

const refundsOfEntryIn = (tx: Transaction, id: string) => refundsOfEntry(tx, id);

/** What the entry's dialog shows: its refunds and credits, what is left to give back, and credits it may use. */
export async function entryRefunds(context: AppContext, id: string): Promise<EntryRefunds> {
  const { db } = context.database;
  const [recorded, entry, currentId] = await Promise.all([
    refundsOfEntry(db, id),
    db.transaction((tx) => entryToRefund(tx, id)),
    getCurrentEventId(db),
  ]);
  if (!entry) throw notFound('There is no such entry.');
  const left = await db.transaction(async (tx) => ({
    USD: fromCents(await refundableCents(tx, entry, 'USD')),
    ZWG: fromCents(await refundableCents(tx, entry, 'ZWG')),
  }));
  const mayUseCredit = entry.eventId === currentId && entry.status === 'active' && owes(entry.paymentStatus);
  const credits = mayUseCredit ? await openCreditsOf(db, personDigests(entry), id, harareToday()) : [];
  return {
    recorded: recorded.map(({ onlinePaymentId, ...row }) => ({ ...row, byPaynow: onlinePaymentId !== null })),
    refundable: left,
    credits: credits.map((credit) => ({ ...credit, expiresOn: credit.expiresOn ?? '' })),
  };
}

/** Who uses a credit: an admin, or the entrant by the private link (no account: the audit names none). */
type CreditUser = { admin: CurrentUser } | { entrant: true };
const ENTRANT = { id: null, name: 'the entrant' };

/** One of the person's credits applied to this entry, as a payment by the one rule. */
export async function applyCredit(context: AppContext, id: string, creditId: number, who: CreditUser) {
  const by = 'admin' in who ? who.admin : ENTRANT;
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  await db.transaction(async (tx) => {
    const entry = await entryToRefund(tx, id);
    if (!entry || entry.eventId !== event.id) throw notFound('There is no such entry in this edition.');
    const credit = (await openCreditsOf(tx, personDigests(entry), id, harareToday(), true)).find(
      (one) => one.id === creditId,
    );
    if (!credit)
      throw conflict('This credit is not available to this entry (used, expired or another person’s).');
    const received = await receivePayment(
      context,
      tx,
      event.id,
      {
        entryIds: [id],
        amount: credit.amount,
        currency: credit.currency,
        method: 'credit',
        payerReference: credit.fromReference,
        paidOn: harareToday(),
        describe: (share) =>
          `Paid by a credit from ${credit.fromReference} (${credit.fromEdition}): ${formatMoney(share.currency, share.amount)}`,
      },
      by,
    );
    if (received.shares.length === 0) {
      throw conflict(`This entry owes nothing in ${credit.currency}: the credit was not used.`);
    }
    await markCreditUsed(tx, credit.id, id);
    await recordAudit(tx, 'admin' in who ? who.admin : null, {
      action: 'registration.payment',
      subject: `registration ${entry.reference}`,
      rowCount: 1,
      details: {
        method: 'credit',
        amount: credit.amount,
        currency: credit.currency,
        from: credit.fromReference,
        ...('entrant' in who ? { by: ENTRANT.name } : {}),
      },
    });
  });
  context.mailer.kick();
  return entryRefunds(context, id);
}

/** Credits not yet used nor expired, for the admin. */
export async function listOpenCredits({ database }: AppContext): Promise<OpenCredits> {
  const rows = await openCredits(database.db, harareToday());
  return rows.map(({ firstName, lastName, expiresOn, ...row }) => ({
    ...row,
    name: `${firstName} ${lastName}`,
    expiresOn: expiresOn ?? '',
  }));
}

/** The current edition's refunds and credits, per currency (the dashboard's money out). */
export async function refundTotals({ database }: AppContext, eventId: string): Promise<RefundTotals> {
  const rows = await refundTotalsOf(database.db, eventId);
  const total = (kind: 'refund' | 'credit', currency: Currency) =>
    Number(rows.find((row) => row.kind === kind && row.currency === currency)?.total ?? 0).toFixed(2);
  return {
    refunded: { usd: total('refund', 'USD'), zwg: total('refund', 'ZWG') },
    credited: { usd: total('credit', 'USD'), zwg: total('credit', 'ZWG') },
  };
}

/** One credit note of an entry as a one-page PDF. */
export async function creditNotePdfOf({ database }: AppContext, registrationId: string, number: number) {
  const note = await findCreditNote(database.db, registrationId, number);
  if (!note) throw notFound('There is no such credit note.');
  // pdfkit loads with the first PDF, not with every server (issue 15).
  const { creditNotePdf } = await import('./credit-note-pdf.ts');
  return {
    fileName: `credit-note-${note.entryReference}-${note.number}.pdf`,
    pdf: creditNotePdf({ ...note, contactPhone: formatPhone(note.contactPhone) }),
  };
}

/** An erased person's credits are no longer offered: nothing finds them by the person any more. */
export const forgetCredits = (tx: Transaction, registrationIds: string[]) =>
  forgetCreditsOf(tx, registrationIds);

/**
 * The current edition's entries with money to give back or credit: cancelled with a payment recorded, or paid
 * above their fee (the part above it), less what was already given back or credited.
 */
export async function moneyToGiveBack({ database }: AppContext): Promise<MoneyBack> {
  const eventId = await getCurrentEventId(database.db);
  const rows = await entriesWithMoneyBack(database.db, eventId);
  return rows.flatMap((row) => {
    if (!row.paymentCurrency) return [];
    const reason = row.status === 'cancelled' ? ('cancelled' as const) : ('over' as const);
    const owed = toCents(row.paymentAmount ?? '0') - (reason === 'over' ? toCents(row.fee ?? '0') : 0);
    const left = owed - toCents(row.given);
    if (left <= 0) return [];
    const { id, reference, firstName, lastName } = row;
    return [
      { id, reference, firstName, lastName, reason, amount: fromCents(left), currency: row.paymentCurrency },
    ];
  });
}

/** The credits the entrant of this private link may use on the entry (none once it owes nothing). */
export async function myCredits(context: AppContext, token: string) {
  const entry = await entryOfLink(context, token);
  return (await entryRefunds(context, entry.id)).credits;
}

/** The entrant uses one of his credits on the entry of this private link. */
export async function useMyCredit(context: AppContext, token: string, creditId: number) {
  const entry = await entryOfLink(context, token);
  return (await applyCredit(context, entry.id, creditId, { entrant: true })).credits;
}

/** The retention run: expired credits can no longer be found by the person. */
export const forgetExpiredCredits = (tx: Transaction, today: string) => forgetExpiredCreditsOf(tx, today);
