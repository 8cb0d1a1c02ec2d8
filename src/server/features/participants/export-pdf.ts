import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { formatRegistered } from './export-csv.ts';
import type { ExportRow } from './repository.ts';

const require = createRequire(import.meta.url);
// DejaVu covers the names people really type (accents, other scripts) where PDF's built-in fonts cannot.
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf');

const COLUMNS: { label: string; width: number; value: (row: ExportRow) => string }[] = [
  { label: 'Name', width: 88, value: (row) => row.firstName },
  { label: 'Surname', width: 96, value: (row) => row.lastName },
  { label: 'Email', width: 176, value: (row) => row.email },
  { label: 'Mobile', width: 98, value: (row) => formatPhone(row.mobile) },
  { label: 'Age', width: 28, value: (row) => String(row.age) },
  { label: 'Gender', width: 48, value: (row) => row.gender ?? '' },
  { label: 'Race Type', width: 62, value: (row) => row.raceType },
  { label: 'Next of Kin', width: 98, value: (row) => formatPhone(row.nextOfKinMobile) },
  { label: 'Discipline', width: 58, value: (row) => DISCIPLINE_LABELS[row.discipline] },
];

const MARGIN = 30;
const ROW_HEIGHT = 15;
const FONT_SIZE = 8;

export interface PdfHeading {
  title: string;
  /** The filters in words, e.g. "Cyclists · paid". */
  filters: string;
  total: number;
  generatedAt: Date;
}

/** A landscape A4 list: header row on every page, page numbers, rows written as each batch arrives. */
export function participantsPdf(heading: PdfHeading, batches: AsyncIterable<ExportRow[]>) {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: heading.title },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const bottom = doc.page.height - MARGIN - 20;
  let page = 1;
  let y = 0;

  const footer = () => {
    // Below the bottom margin on purpose: without this, pdfkit would start a new page for the footer.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(FONT_SIZE)
      .fillColor('#555555')
      .text(`Page ${page}`, MARGIN, doc.page.height - MARGIN - 10, { lineBreak: false });
    doc.page.margins.bottom = margin;
  };
  const headerRow = () => {
    let x = MARGIN;
    doc.rect(MARGIN, y, doc.page.width - 2 * MARGIN, ROW_HEIGHT).fill('#1f3b5c');
    doc.font('bold').fontSize(FONT_SIZE).fillColor('#ffffff');
    for (const column of COLUMNS) {
      doc.text(column.label, x + 3, y + 4, {
        width: column.width - 6,
        height: FONT_SIZE + 3,
        ellipsis: true,
      });
      x += column.width;
    }
    y += ROW_HEIGHT;
  };

  doc.font('bold').fontSize(16).fillColor('#111111').text(heading.title, MARGIN, MARGIN);
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#333333')
    .text(`${heading.filters} · ${heading.total} ${heading.total === 1 ? 'entry' : 'entries'}`)
    .text(`Generated ${formatRegistered(heading.generatedAt)} (Harare time)`);
  y = doc.y + 8;
  headerRow();

  (async () => {
    let index = 0;
    for await (const rows of batches) {
      for (const row of rows) {
        if (y + ROW_HEIGHT > bottom) {
          footer();
          doc.addPage();
          page += 1;
          y = MARGIN;
          headerRow();
        }
        if (index % 2 === 1) doc.rect(MARGIN, y, doc.page.width - 2 * MARGIN, ROW_HEIGHT).fill('#eef2f6');
        doc.font('body').fontSize(FONT_SIZE).fillColor('#111111');
        let x = MARGIN;
        for (const column of COLUMNS) {
          doc.text(column.value(row), x + 3, y + 4, {
            width: column.width - 6,
            height: FONT_SIZE + 3,
            ellipsis: true,
          });
          x += column.width;
        }
        y += ROW_HEIGHT;
        index += 1;
      }
    }
    if (index === 0)
      doc
        .font('body')
        .fontSize(10)
        .fillColor('#333333')
        .text('No entries match these filters.', MARGIN, y + 8);
    footer();
    doc.end();
  })().catch((error) => doc.destroy(error));
  return doc;
}

/** The text cut to fit the width with an ellipsis; cheaper than pdfkit's line wrapper, which most cells never need. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number) {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, middle)}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
}
