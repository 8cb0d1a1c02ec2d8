import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
// DejaVu shows the names people really type (accents, other scripts), as the lists do.
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const MARGIN = 56;

export interface OnePage {
  /** The document's title, as a PDF reader shows it. */
  title: string;
  heading: string;
  subheading: string;
  /** Label and value, one ruled line each; the "Amount" value in bold. */
  lines: [string, string][];
  closing: string;
  labelWidth?: number;
}

/** One A4 page of labelled lines under a heading: a receipt, a gift's receipt, a credit note. */
export function onePagePdf({ title, heading, subheading, lines, closing, labelWidth = 150 }: OnePage) {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title } });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const width = doc.page.width - 2 * MARGIN;

  doc.font('bold').fontSize(22).text(heading, { width });
  doc.moveDown(0.3);
  doc.font('body').fontSize(14).fillColor('#444').text(subheading, { width });
  doc.moveDown(1.5);
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
  doc.font('body').fontSize(10).fillColor('#444').text(closing, MARGIN, doc.y, { width });
  doc.end();
  return doc;
}
