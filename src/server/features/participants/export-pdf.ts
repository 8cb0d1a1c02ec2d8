import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import { PAYMENT_STATUS_LABELS, type ParticipantFilter } from '../../../shared/participants/participants.ts';
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

/** The filters in words, for the PDF's subtitle. */
export function describeFilter(filter: ParticipantFilter) {
  const parts = [
    filter.discipline ? (filter.discipline === 'run' ? 'Runners' : 'Cyclists') : undefined,
    filter.race ? `race ${filter.race}` : undefined,
    filter.payment ? PAYMENT_STATUS_LABELS[filter.payment] : undefined,
    filter.gender ? (filter.gender === 'unknown' ? 'gender not given' : filter.gender) : undefined,
    filter.tshirt ? `T-shirt ${filter.tshirt}` : undefined,
    filter.q ? `matching “${filter.q}”` : undefined,
  ].filter(Boolean);
  return parts.length ? `Filters: ${parts.join(' · ')}` : 'All entries';
}

const MARGIN = 30;
const ROW_HEIGHT = 15;
const FONT_SIZE = 8;
const CELL_PADDING = 3;
/** From a row's top to the text's baseline: Helvetica's capitals centred in the row, whichever font a cell uses. */
const BASELINE = 10.5;

/** What PDF's standard fonts can show (WinAnsi): printable Latin-1 and the CP1252 extras. */
const WIN_ANSI = /^[\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;
/** The most Helvetica's kerning adds between two characters (f” is 60/1000 em wider than f and ” alone). */
const HELVETICA_MAX_KERNING = 0.06;

/**
 * Helvetica where it can show the text: a standard font needs no embedding and no shaping, which makes the
 * list several times faster. Called by its own name: pdfkit caches a standard font only under that name.
 */
function chooseFont(doc: PDFKit.PDFDocument, text: string, bold = false) {
  const standard = WIN_ANSI.test(text);
  if (standard) doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  else doc.font(bold ? 'bold' : 'body');
  return standard;
}

const charWidths = new Map<string, number>();
/**
 * At least the text's width in Helvetica at the table's size, the current font: each character's width plus
 * the most kerning could add. Far cheaper than measuring, which looks up every pair of characters.
 */
function helveticaWidthAtMost(doc: PDFKit.PDFDocument, text: string) {
  let width = 0;
  for (const char of text) {
    let charWidth = charWidths.get(char);
    if (charWidth === undefined) {
      charWidth = doc.widthOfString(char) + HELVETICA_MAX_KERNING * FONT_SIZE;
      charWidths.set(char, charWidth);
    }
    width += charWidth;
  }
  return width;
}

/** One table cell on one line, cut with an ellipsis so that it never runs into the next column. */
function cell(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, bold = false) {
  const standard = chooseFont(doc, text, bold);
  const surelyFits = standard && !bold && helveticaWidthAtMost(doc, text) <= width;
  const shown = surelyFits ? text : cutToWidth(doc, text, width);
  doc.text(shown, x + CELL_PADDING, y + BASELINE, { lineBreak: false, baseline: 'alphabetic' });
}

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
  const tableWidth = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 20;
  let page = 1;
  let y = 0;

  const footer = () => {
    // Below the bottom margin on purpose: without this, pdfkit would start a new page for the footer.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(FONT_SIZE)
      .fillColor('#555555')
      .text(`Page ${page}`, MARGIN, doc.page.height - MARGIN - 10, { lineBreak: false });
    doc.page.margins.bottom = margin;
  };
  const row = (values: string[], bold = false) => {
    let x = MARGIN;
    COLUMNS.forEach((column, i) => {
      cell(doc, values[i] ?? '', x, y, column.width - 2 * CELL_PADDING, bold);
      x += column.width;
    });
    y += ROW_HEIGHT;
  };
  const headerRow = () => {
    doc.rect(MARGIN, y, tableWidth, ROW_HEIGHT).fill('#1f3b5c');
    doc.fontSize(FONT_SIZE).fillColor('#ffffff');
    row(
      COLUMNS.map((column) => column.label),
      true,
    );
  };

  const entries = `${heading.total} ${heading.total === 1 ? 'entry' : 'entries'}`;
  const subtitle = `${heading.filters} · ${entries}`;
  chooseFont(doc, heading.title, true);
  // The line gaps give Helvetica the spacing of DejaVu's taller lines.
  doc.fontSize(16).fillColor('#111111').text(heading.title, MARGIN, MARGIN, { lineGap: 4 });
  chooseFont(doc, subtitle);
  doc.fontSize(9).fillColor('#333333').text(subtitle, { lineGap: 2 });
  doc
    .font('Helvetica')
    .text(`Generated ${formatRegistered(heading.generatedAt)} (Harare time)`, { lineGap: 2 });
  y = doc.y + 8;
  headerRow();

  (async () => {
    let index = 0;
    for await (const rows of batches) {
      for (const entry of rows) {
        if (y + ROW_HEIGHT > bottom) {
          footer();
          doc.addPage();
          page += 1;
          y = MARGIN;
          headerRow();
        }
        if (index % 2 === 1) doc.rect(MARGIN, y, tableWidth, ROW_HEIGHT).fill('#eef2f6');
        doc.fontSize(FONT_SIZE).fillColor('#111111');
        row(COLUMNS.map((column) => column.value(entry)));
        index += 1;
      }
    }
    if (index === 0)
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor('#333333')
        .text('No entries match these filters.', MARGIN, y + 8);
    footer();
    doc.end();
  })().catch((error) => doc.destroy(error));
  return doc;
}

/** The text cut to fit the width with an ellipsis, in the current font; by code points, so no pair is split. */
function cutToWidth(doc: PDFKit.PDFDocument, text: string, width: number) {
  if (doc.widthOfString(text) <= width) return text;
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${chars.slice(0, middle).join('')}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}…`;
}
