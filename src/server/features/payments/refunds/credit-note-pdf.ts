import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatHarareDateTime, formatShortDate } from '../../../../shared/dates.ts';
import { DISCIPLINE_LABELS, type Discipline } from '../../../../shared/events/event-display.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { paymentMethodLabel } from '../../../../shared/participants/participants.ts';

const require = createRequire(import.meta.url);
// DejaVu shows the names people really type (accents, other scripts), as the receipts do.
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface CreditNoteFacts {
  kind: 'refund' | 'credit';
  number: number;
  amount: string;
  currency: 'USD' | 'ZWG';
  method: string | null;
  refundedOn: string;
  reference: string | null;
  expiresOn: string | null;
  issuedAt: Date;
  entryReference: string;
  firstName: string;
  lastName: string;
  discipline: Discipline;
  raceType: string;
  eventTitle: string;
  eventYear: number;
  contactPhone: string;
}

const MARGIN = 56;

/** One A4 page: what was given back (or kept as credit), to whom, how and when, under the note's number. */
export function creditNotePdf(note: CreditNoteFacts) {
  const title = `${note.eventTitle} ${note.eventYear} — Credit note ${note.number}`;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title } });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const width = doc.page.width - 2 * MARGIN;

  doc.font('bold').fontSize(22).text(`${note.eventTitle} ${note.eventYear}`, { width });
  doc.moveDown(0.3);
  doc
    .font('body')
    .fontSize(14)
    .fillColor('#444')
    .text(note.kind === 'refund' ? 'Credit note — refund' : 'Credit note — credit for a next entry', {
      width,
    });
  doc.moveDown(1.5);

  const lines: [string, string][] = [
    ['Credit note number', String(note.number)],
    [note.kind === 'refund' ? 'Refunded to' : 'Credited to', `${note.firstName} ${note.lastName}`],
    ['Entry reference', note.entryReference],
    ['Entry', `${DISCIPLINE_LABELS[note.discipline]}, ${note.raceType}`],
    ['Amount', formatMoney(note.currency, note.amount) ?? note.amount],
    ...(note.kind === 'refund'
      ? ([['Paid back by', note.method ? paymentMethodLabel(note.method) : 'not recorded']] as [
          string,
          string,
        ][])
      : []),
    [note.kind === 'refund' ? 'Date refunded' : 'Date credited', formatShortDate(note.refundedOn)],
    ...(note.reference ? ([['Reference', note.reference]] as [string, string][]) : []),
    ...(note.expiresOn ? ([['Usable until', formatShortDate(note.expiresOn)]] as [string, string][]) : []),
    ['Issued', formatHarareDateTime(note.issuedAt)],
  ];
  const labelWidth = 170;
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
  const closing =
    note.kind === 'refund'
      ? 'This note records money the organisers gave back for this entry.'
      : 'This credit pays your next entry when you register again before the date above: your entry’s page offers it.';
  doc
    .font('body')
    .fontSize(10)
    .fillColor('#444')
    .text(`${closing} Questions? Call ${note.contactPhone}.`, MARGIN, doc.y, { width });
  doc.end();
  return doc;
}
