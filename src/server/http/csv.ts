import { stringify } from 'csv-stringify/sync';

/** A cell a spreadsheet would run as a formula: = + - @ or a tab first (a line break splits cells, below). */
const FORMULA = /^[=+\-@\t]/;
const LINE_BREAK = /(\r\n|\r|\n)/;

/**
 * Defuses a formula at the start of the cell and at the start of every line inside it: a spreadsheet that
 * splits a quoted cell at its line breaks would otherwise run what follows one. Old rows may hold line breaks
 * that today's forms refuse, so every cell of every export goes through here.
 */
export function safeCell(value: string) {
  if (!LINE_BREAK.test(value)) return FORMULA.test(value) ? `'${value}` : value;
  return value
    .split(LINE_BREAK)
    .map((part) => (FORMULA.test(part) ? `'${part}` : part))
    .join('');
}

/**
 * Rows as CSV text for a spreadsheet: every cell defused, and quoted when it holds a quote, a comma or a line
 * break (csv-stringify's rule). With `bom`, a UTF-8 byte-order mark first, so Excel shows accented names right.
 */
export function csvText(rows: readonly (readonly string[])[], { bom = false } = {}) {
  return stringify(
    rows.map((row) => row.map(safeCell)),
    { bom, record_delimiter: '\r\n' },
  );
}
