import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { CertificateFacts } from './certificate-facts.ts';

const require = createRequire(import.meta.url);
// DejaVu draws the names people really type (accents, other scripts), as the other PDFs do.
const SANS = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const SANS_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const SERIF = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif.ttf');
const SERIF_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf');

const INK = '#1f2a30';
const ACCENT = '#1f4e5f';
const GOLD = '#9a7a16';
const MARGIN = 72;

/** One A4 landscape page: the event, "Certificate", the person's name, race and date, time and place. */
export function certificatePdf(facts: CertificateFacts) {
  const event = `${facts.eventTitle} ${facts.eventYear}`;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `${event} — Certificate` },
  });
  doc.registerFont('sans', SANS);
  doc.registerFont('sans-bold', SANS_BOLD);
  doc.registerFont('serif', SERIF);
  doc.registerFont('serif-bold', SERIF_BOLD);
  const { width: pageWidth, height: pageHeight } = doc.page;
  const width = pageWidth - 2 * MARGIN - 40;
  const left = MARGIN + 20;

  doc
    .rect(20, 20, pageWidth - 40, pageHeight - 40)
    .lineWidth(6)
    .strokeColor(ACCENT)
    .stroke();
  doc
    .rect(32, 32, pageWidth - 64, pageHeight - 64)
    .lineWidth(1)
    .strokeColor(GOLD)
    .stroke();

  const centred = { width, align: 'center' as const };
  doc.font('sans').fontSize(22).fillColor(ACCENT).text(event, left, 96, centred);
  doc.moveDown(1);
  doc
    .font('serif')
    .fontSize(18)
    .fillColor(GOLD)
    .text('CERTIFICATE', { ...centred, characterSpacing: 5 });

  const rule = (y: number) =>
    doc
      .moveTo(pageWidth / 2 - 70, y)
      .lineTo(pageWidth / 2 + 70, y)
      .lineWidth(1)
      .strokeColor(GOLD)
      .stroke();
  rule(doc.y + 24);

  // A long name shrinks to stay on at most two lines.
  let nameSize = 40;
  doc.font('serif-bold');
  while (nameSize > 18 && doc.fontSize(nameSize).heightOfString(facts.name, centred) > nameSize * 2.6)
    nameSize -= 2;
  doc.fillColor(INK).text(facts.name, left, 245, centred);
  doc.moveDown(0.8);
  doc
    .font('sans')
    .fontSize(18)
    .fillColor(INK)
    .text([facts.race, facts.date].filter(Boolean).join(' · '), centred);

  rule(pageHeight - 170);
  doc
    .font('sans-bold')
    .fontSize(28)
    .fillColor(ACCENT)
    .text(facts.achievement, left, pageHeight - 145, centred);
  doc.end();
  return doc;
}
