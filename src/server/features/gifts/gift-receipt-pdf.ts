import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatHarareDateTime } from '../../../shared/dates.ts';
import { formatMoney } from '../../../shared/money.ts';
import { paymentMethodLabel } from '../../../shared/participants/participants.ts';

const require = createRequire(import.meta.url);
// DejaVu shows the names people really type (accents, other scripts), as the entries' receipts do.
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const MARGIN = 56;

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
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${receipt.eventTitle} ${receipt.eventYear} — Receipt ${receipt.number}` },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const width = doc.page.width - 2 * MARGIN;
  doc.font('bold').fontSize(22).text(`${receipt.eventTitle} ${receipt.eventYear}`, { width });
  doc.moveDown(0.3);
  doc.font('body').fontSize(14).fillColor('#444').text('Receipt for a gift', { width });
  doc.moveDown(1.5);
  const lines: [string, string][] = [
    ['Receipt number', String(receipt.number)],
    ['Received from', receipt.giverName || '—'],
    ['Reference', receipt.reference],
    ['Gift to', receipt.cause],
    ['Amount', formatMoney(receipt.currency, receipt.amount) ?? ''],
    ['Paid by', paymentMethodLabel(receipt.paidBy)],
    ['Received', formatHarareDateTime(receipt.paidAt)],
  ];
  for (const [label, value] of lines) {
    const y = doc.y;
    doc.font('body').fontSize(12).fillColor('#555').text(label, MARGIN, y, { width: 150 });
    doc
      .font(label === 'Amount' ? 'bold' : 'body')
      .fillColor('#000')
      .text(value, MARGIN + 150, y, { width: width - 150 });
    doc.moveDown(0.8);
  }
  doc.moveDown(1.5);
  doc
    .font('body')
    .fontSize(10)
    .fillColor('#444')
    .text(
      `A gift to the cause, not an entry fee. Thank you! Questions? Call ${receipt.contactPhone}.`,
      MARGIN,
      doc.y,
      { width },
    );
  doc.end();
  return doc;
}
