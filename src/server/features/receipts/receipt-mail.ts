import { formatShortDate } from '../../../shared/dates.ts';
import { formatMoney } from '../../../shared/money.ts';
import { paymentMethodLabel } from '../../../shared/participants/participants.ts';
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
