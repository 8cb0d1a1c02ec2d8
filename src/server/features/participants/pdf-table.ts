import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import PDFDocument from 'pdfkit';

/**
 * Rows laid out between two turns of the event loop: a few milliseconds of work (100 held it for 50–90 ms while
 * fifty people registered, issue 44's mixed load).
 */
const ROWS_PER_TURN = 25;

const require = createRequire(import.meta.url);
// DejaVu covers the names people really type (accents, other scripts) where PDF's built-in fonts cannot.
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf');

export interface PdfColumn<Row> {
  label: string;
  width: number;
  /** The cell's text; a column without one gets an empty box to tick by hand. */
  value?: (row: Row) => string;
}

export interface PdfSection<Row> {
  /** A band above the section's rows, e.g. "Runners · 240 entries"; none for a list of one part. */
  heading?: string;
  /** The band on each further page the section runs onto, e.g. "Runners (continued)". */
  continued?: string;
  batches: AsyncIterable<Row[]>;
}

export interface TablePdf<Row> {
  layout: 'portrait' | 'landscape';
  title: string;
  /** The line under the title: what the list holds and how many. */
  subtitle: string;
  /** Who exported it and when (exportedBy), the line under the subtitle. */
  exportedBy: string;
  columns: PdfColumn<Row>[];
  /** The cells' text size in points; the rows are `rowHeight` tall. */
  fontSize: number;
  rowHeight: number;
  /** What the PDF says when no section has a row. */
  empty: string;
  /** Beside each page's number, so a page that comes loose still says what it belongs to. */
  footer?: string;
  /** Blocks of lines under the table (an invoice's totals, how to pay), each block kept whole on a page. */
  closing?: PdfLine[][];
}

export interface PdfLine {
  text: string;
  bold?: boolean;
  /** In points; 10 unless said. */
  size?: number;
  /** Space above the line, in points. */
  gap?: number;
}

/** "1 entry", "240 entries". */
export const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

const MARGIN = 30;
const CELL_PADDING = 3;
const TICK_BOX = 9;
/** Helvetica's capital height in ems: cells put the capitals in the middle of the row, whichever font they use. */
const CAP_HEIGHT = 0.718;

/**
 * One line, no wrapping. textWidth and wordCount are what pdfkit's line wrapper hands its line writer: given,
 * the writer does not measure the text again (kerning lookups are most of a list's time). It uses them only
 * to align, underline or link, which cells never do. A tenth off the 10,000-row export's CPU time.
 */
const CELL_TEXT = {
  lineBreak: false,
  baseline: 'alphabetic',
  textWidth: 0,
  wordCount: 0,
} as PDFKit.Mixins.TextOptions;

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

/** Helvetica's width of each character at a size of one point, plus the most kerning could add to it. */
const charWidths = new Map<string, number>();
/**
 * At least the text's width in Helvetica at `size`, the current font and size: each character's width plus
 * the most kerning could add. Far cheaper than measuring, which looks up every pair of characters.
 */
function helveticaWidthAtMost(doc: PDFKit.PDFDocument, text: string, size: number) {
  let width = 0;
  for (const char of text) {
    let charWidth = charWidths.get(char);
    if (charWidth === undefined) {
      charWidth = doc.widthOfString(char) / size + HELVETICA_MAX_KERNING;
      charWidths.set(char, charWidth);
    }
    width += charWidth;
  }
  return width * size;
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

/**
 * A table of rows written as each batch arrives, so a long list never sits in memory whole: the column
 * header on every page, optional section bands, zebra rows, page numbers.
 */
export function tablePdf<Row>(spec: TablePdf<Row>, sections: PdfSection<Row>[]) {
  const { columns, fontSize, rowHeight } = spec;
  const doc = new PDFDocument({
    size: 'A4',
    layout: spec.layout,
    margin: MARGIN,
    info: { Title: spec.title },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const tableWidth = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 20;
  const baseline = (rowHeight + CAP_HEIGHT * fontSize) / 2;
  let page = 1;
  let y = 0;

  /** One table cell on one line, cut with an ellipsis so that it never runs into the next column. */
  const cell = (text: string, x: number, width: number, bold = false) => {
    const standard = chooseFont(doc, text, bold);
    const surelyFits = standard && !bold && helveticaWidthAtMost(doc, text, fontSize) <= width;
    const shown = surelyFits ? text : cutToWidth(doc, text, width);
    doc.text(shown, x + CELL_PADDING, y + baseline, CELL_TEXT);
  };
  const tickBox = (x: number, width: number) =>
    doc
      .lineWidth(0.8)
      .rect(x + (width - TICK_BOX) / 2, y + (rowHeight - TICK_BOX) / 2, TICK_BOX, TICK_BOX)
      .stroke('#333333');
  const footer = () => {
    // Below the bottom margin on purpose: without this, pdfkit would start a new page for the footer.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const text = spec.footer ? `${spec.footer} · Page ${page}` : `Page ${page}`;
    chooseFont(doc, text);
    doc
      .fontSize(8)
      .fillColor('#555555')
      .text(text, MARGIN, doc.page.height - MARGIN - 10, { lineBreak: false });
    doc.page.margins.bottom = margin;
  };
  const newPage = () => {
    footer();
    doc.addPage();
    page += 1;
    y = MARGIN;
  };
  const headerRow = () => {
    doc.rect(MARGIN, y, tableWidth, rowHeight).fill('#1f3b5c');
    doc.fontSize(fontSize).fillColor('#ffffff');
    let x = MARGIN;
    for (const column of columns) {
      if (column.value) cell(column.label, x, column.width - 2 * CELL_PADDING, true);
      else {
        // Over its tick boxes, which sit in the middle of the column.
        chooseFont(doc, column.label, true);
        cell(
          column.label,
          x + (column.width - doc.widthOfString(column.label)) / 2 - CELL_PADDING,
          column.width,
          true,
        );
      }
      x += column.width;
    }
    y += rowHeight;
  };
  const band = (text: string) => {
    doc.rect(MARGIN, y, tableWidth, rowHeight).fill('#d5dee8');
    doc.fontSize(fontSize + 1).fillColor('#111111');
    cell(text, MARGIN, tableWidth - 2 * CELL_PADDING, true);
    y += rowHeight;
  };
  const row = (entry: Row, index: number) => {
    if (index % 2 === 1) doc.rect(MARGIN, y, tableWidth, rowHeight).fill('#eef2f6');
    doc.fontSize(fontSize).fillColor('#111111');
    let x = MARGIN;
    for (const column of columns) {
      if (column.value) cell(column.value(entry), x, column.width - 2 * CELL_PADDING);
      else tickBox(x, column.width);
      x += column.width;
    }
    y += rowHeight;
  };

  chooseFont(doc, spec.title, true);
  // The line gaps give Helvetica the spacing of DejaVu's taller lines.
  doc.fontSize(16).fillColor('#111111').text(spec.title, MARGIN, MARGIN, { lineGap: 4 });
  chooseFont(doc, spec.subtitle);
  doc.fontSize(9).fillColor('#333333').text(spec.subtitle, { lineGap: 2 });
  chooseFont(doc, spec.exportedBy);
  doc.text(spec.exportedBy, { lineGap: 2 });
  y = doc.y + 8;

  (async () => {
    let written = 0;
    for (const section of sections) {
      let index = 0;
      for await (const rows of section.batches) {
        for (const entry of rows) {
          if (index === 0) {
            // The band and the header start a section only where at least one of its rows fits below them.
            const lines = section.heading ? 3 : 2;
            if (written > 0) y += rowHeight / 2;
            if (y + lines * rowHeight > bottom) newPage();
            if (section.heading) band(section.heading);
            headerRow();
          } else if (y + rowHeight > bottom) {
            newPage();
            if (section.continued) band(section.continued);
            headerRow();
          }
          row(entry, index);
          index += 1;
          written += 1;
          // Laying out thousands of rows at once held the server for seconds (issue 44): others go between.
          if (written % ROWS_PER_TURN === 0) await nextTurn();
        }
      }
    }
    if (written === 0) {
      headerRow();
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor('#333333')
        .text(spec.empty, MARGIN, y + 8);
      y = doc.y;
    }
    const lineText = { width: tableWidth, lineGap: 2 };
    const lineFont = (line: PdfLine) => {
      chooseFont(doc, line.text, line.bold);
      doc.fontSize(line.size ?? 10).fillColor('#111111');
    };
    for (const block of spec.closing ?? []) {
      const height = block.reduce((total, line, index) => {
        lineFont(line);
        return total + (index > 0 ? (line.gap ?? 0) : 0) + doc.heightOfString(line.text, lineText);
      }, 0);
      y += block[0]?.gap ?? 0;
      if (y + height > bottom) newPage();
      for (const [index, line] of block.entries()) {
        if (index > 0) y += line.gap ?? 0;
        lineFont(line);
        doc.text(line.text, MARGIN, y, lineText);
        y += doc.heightOfString(line.text, lineText);
      }
    }
    footer();
    doc.end();
  })().catch((error) => doc.destroy(error));
  return doc;
}
