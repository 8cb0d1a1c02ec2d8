import { formatHarareDateTime, formatShortDate } from '../../../shared/dates.ts';
import { DISCIPLINE_LABELS, type Discipline } from '../../../shared/events/event-display.ts';
import { formatMoney } from '../../../shared/money.ts';
import { paymentMethodLabel } from '../../../shared/participants/participants.ts';
import { onePagePdf } from '../../one-page-pdf.ts';

export interface ReceiptPdfFacts {
  number: number;
  amount: string | null;
  currency: 'USD' | 'ZWG' | null;
  method: string;
  paidOn: string;
  issuedAt: Date;
  reference: string;
  firstName: string;
  lastName: string;
  discipline: Discipline;
  raceType: string;
  eventTitle: string;
  eventYear: number;
  contactPhone: string;
}

/** One A4 page: who paid what, how and when, under the receipt's number. */
export function receiptPdf(receipt: ReceiptPdfFacts) {
  const amount = receipt.currency ? formatMoney(receipt.currency, receipt.amount) : null;
  return onePagePdf({
    title: `${receipt.eventTitle} ${receipt.eventYear} — Receipt ${receipt.number}`,
    heading: `${receipt.eventTitle} ${receipt.eventYear}`,
    subheading: 'Payment receipt',
    lines: [
      ['Receipt number', String(receipt.number)],
      ['Received from', `${receipt.firstName} ${receipt.lastName}`],
      ['Reference', receipt.reference],
      ['Entry', `${DISCIPLINE_LABELS[receipt.discipline]}, ${receipt.raceType}`],
      ['Amount', amount ?? 'not recorded'],
      ['Paid by', paymentMethodLabel(receipt.method)],
      ['Date paid', formatShortDate(receipt.paidOn)],
      ['Issued', formatHarareDateTime(receipt.issuedAt)],
    ],
    closing: `Thank you for your payment. Questions? Call ${receipt.contactPhone}.`,
  });
}
