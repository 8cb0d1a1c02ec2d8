import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatHarareDateTime, formatShortDate } from '../../../shared/dates.ts';
import { DISCIPLINE_LABELS, type Discipline } from '../../../shared/events/event-display.ts';
import { formatMoney } from '../../../shared/money.ts';
import { paymentMethodLabel } from '../../../shared/participants/participants.ts';

const require = createRequire(import.meta.url);
// DejaVu shows the names people really type (accents, other scripts), as the lists do.
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

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

const MARGIN = 56;

/** One A4 page: who paid what, how and when, under the receipt's number. */
export function receiptPdf(receipt: ReceiptPdfFacts) {
  const title = `${receipt.eventTitle} ${receipt.eventYear} — Receipt ${receipt.number}`;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title } });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const width = doc.page.width - 2 * MARGIN;

  doc.font('bold').fontSize(22).text(`${receipt.eventTitle} ${receipt.eventYear}`, { width });
  doc.moveDown(0.3);
  doc.font('body').fontSize(14).fillColor('#444').text('Payment receipt', { width });
  doc.moveDown(1.5);

  const amount = receipt.currency ? formatMoney(receipt.currency, receipt.amount) : null;
  const lines: [string, string][] = [
    ['Receipt number', String(receipt.number)],
    ['Received from', `${receipt.firstName} ${receipt.lastName}`],
    ['Reference', receipt.reference],
    ['Entry', `${DISCIPLINE_LABELS[receipt.discipline]}, ${receipt.raceType}`],
    ['Amount', amount ?? 'not recorded'],
    ['Paid by', paymentMethodLabel(receipt.method)],
    ['Date paid', formatShortDate(receipt.paidOn)],
    ['Issued', formatHarareDateTime(receipt.issuedAt)],
  ];
  const labelWidth = 150;
  for (const [label, value] of lines) {
    const y = doc.y;
    doc.font('body').fontSize(12).fillColor('#555').text(label, MARGIN, y, { width: labelWidth });
    doc
      .font(label === 'Amount' ? 'bold' : 'body')
      .fontSize(12)
      .fillColor('#000')
      .text(value, MARGIN + labelWidth, y, { width: width - labelWidth });
    doc.moveDown(0.4);
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#ccc')
      .stroke();
    doc.moveDown(0.6);
  }
  doc.moveDown(1.5);
  doc
    .font('body')
    .fontSize(10)
    .fillColor('#444')
    .text(`Thank you for your payment. Questions? Call ${receipt.contactPhone}.`, MARGIN, doc.y, { width });
  doc.end();
  return doc;
}
