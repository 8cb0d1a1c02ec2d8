import { formatShortDate } from '../../../shared/dates.ts';
import { formatMoney } from '../../../shared/money.ts';
import { paymentMethodLabel } from '../../../shared/participants/participants.ts';
import { fromCents, toCents } from '../../../shared/payments/balance.ts';
import { greeting } from '../../../shared/shown-name.ts';
import type { OutgoingMail } from '../../mail/repository.ts';

export interface ReceiptFacts {
  number: number;
  reference: string;
  firstName: string;
  email: string;
  amount: string | null;
  currency: 'USD' | 'ZWG' | null;
  method: string;
  paidOn: string;
  /** What a part payment leaves due (null or left out: nothing). */
  stillDue?: string | null;
}

/** The outbox's name for these mails. */
export const RECEIPT_KIND = 'payment-receipt';

/** The entrant's receipt: its number (per event), amount, currency, method and date. */
export function receiptMail(event: { title: string; year: number }, receipt: ReceiptFacts): OutgoingMail {
  const amount = receipt.currency ? formatMoney(receipt.currency, receipt.amount) : null;
  const text = [
    `${greeting(receipt.firstName, 'Dear')},`,
    '',
    `Thank you: we have received your payment for the ${event.title} ${event.year}.`,
    '',
    `Receipt number: ${receipt.number}`,
    `Your reference: ${receipt.reference}`,
    `Amount: ${amount ?? 'not recorded'}`,
    `Paid by: ${paymentMethodLabel(receipt.method)}`,
    `Date paid: ${formatShortDate(receipt.paidOn)}`,
    ...(receipt.stillDue && receipt.currency
      ? ['', `This pays part of your fee: ${formatMoney(receipt.currency, receipt.stillDue)} is still due.`]
      : []),
    '',
    'Keep this mail as your receipt.',
  ].join('\n');
  return {
    to: receipt.email,
    kind: RECEIPT_KIND,
    subject: `${event.title}: receipt ${receipt.number} for ${receipt.reference}`,
    text,
  };
}

/**
 * A group's payment's one receipt, to the first entrant it paid (the group's contact, in form order): its number,
 * amount, method and date, and each entry it paid with its share.
 */
export function groupReceiptMail(
  event: { title: string; year: number },
  receipt: Omit<ReceiptFacts, 'reference' | 'amount' | 'stillDue' | 'firstName'> & {
    /** Whom it greets: the group's first entrant, or the company that paid for its team. */
    firstName: string | null;
    entries: {
      reference: string;
      firstName: string;
      lastName: string;
      amount: string;
      stillDue: string | null;
    }[];
  },
): OutgoingMail {
  const money = (amount: string | null) =>
    receipt.currency ? formatMoney(receipt.currency, amount) : amount;
  const total = receipt.entries.reduce((sum, entry) => sum + toCents(entry.amount), 0);
  const text = [
    `${greeting(receipt.firstName, 'Dear')},`,
    '',
    `Thank you: we have received your payment for the ${event.title} ${event.year}.`,
    '',
    `Receipt number: ${receipt.number}`,
    `Amount: ${money(fromCents(total)) ?? 'not recorded'}`,
    `Paid by: ${paymentMethodLabel(receipt.method)}`,
    `Date paid: ${formatShortDate(receipt.paidOn)}`,
    '',
    'It paid for:',
    ...receipt.entries.map(
      (entry) =>
        `- ${entry.reference} ${entry.firstName} ${entry.lastName}: ${money(entry.amount)}` +
        (entry.stillDue ? ` (part payment: ${money(entry.stillDue)} still due)` : ''),
    ),
    '',
    'Keep this mail as your receipt.',
  ].join('\n');
  return {
    to: receipt.email,
    kind: RECEIPT_KIND,
    subject: `${event.title}: receipt ${receipt.number} for ${receipt.entries.map((entry) => entry.reference).join(', ')}`,
    text,
  };
}
