import { formatHarareDateTime } from '../../../shared/dates.ts';
import { formatMoney } from '../../../shared/money.ts';
import { paymentMethodLabel } from '../../../shared/participants/participants.ts';
import { onePagePdf } from '../../one-page-pdf.ts';

export interface GiftReceiptFacts {
  number: number;
  reference: string;
  giverName: string;
  amount: string;
  currency: 'USD' | 'ZWG';
  paidBy: string;
  paidAt: Date;
  cause: string;
  eventTitle: string;
  eventYear: number;
  contactPhone: string;
}

/** One A4 page: the gift, who gave it, how and when, under its number in the event's series of receipts. */
export function giftReceiptPdf(receipt: GiftReceiptFacts) {
  return onePagePdf({
    title: `${receipt.eventTitle} ${receipt.eventYear} — Receipt ${receipt.number}`,
    heading: `${receipt.eventTitle} ${receipt.eventYear}`,
    subheading: 'Receipt for a gift',
    lines: [
      ['Receipt number', String(receipt.number)],
      ['Received from', receipt.giverName || '—'],
      ['Reference', receipt.reference],
      ['Gift to', receipt.cause],
      ['Amount', formatMoney(receipt.currency, receipt.amount) ?? ''],
      ['Paid by', paymentMethodLabel(receipt.paidBy)],
      ['Received', formatHarareDateTime(receipt.paidAt)],
    ],
    closing: `A gift to the cause, not an entry fee. Thank you! Questions? Call ${receipt.contactPhone}.`,
  });
}
