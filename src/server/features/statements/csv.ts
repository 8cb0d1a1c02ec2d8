import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Options, parse } from 'csv-parse';
import { refuseNul } from '../../http/nul-bytes.ts';
import { badRequest } from '../../http/problem.ts';

/** A statement file as a table: its headings and the rows below them (preamble lines above dropped). */
export interface CsvTable {
  columns: string[];
  rows: string[][];
}

const DELIMITERS = [',', ';', '\t'] as const;
/** Characters parsed between two turns of the event loop: ~10 ms of work, so other requests go on meanwhile. */
const SLICE = 32 * 1024;

/** Byte order marks and the encoding each announces (Excel's "Unicode text" is UTF-16LE with its mark). */
const BYTE_ORDER_MARKS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

/**
 * A file's text in the encoding its byte order mark names; without one, UTF-8 when it is valid UTF-8, else
 * Windows-1252 (what Excel and older bank systems write).
 */
function decode(body: Buffer) {
  const marked = BYTE_ORDER_MARKS.find(([mark]) => mark.every((byte, at) => body[at] === byte));
  // The decoder drops the mark itself.
  if (marked) return new TextDecoder(marked[1]).decode(body);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** The delimiter found most often in the first lines (outside quotes), comma when none is. */
function sniffDelimiter(text: string) {
  const head = text
    .split(/\r?\n/, 5)
    .join('\n')
    .replace(/"[^"]*"/g, '');
  let best: string = ',';
  let most = 0;
  for (const delimiter of DELIMITERS) {
    const count = head.split(delimiter).length - 1;
    if (count > most) [best, most] = [delimiter, count];
  }
  return best;
}

/** The records of `text`, parsed a slice at a time with a turn of the event loop after each. */
async function parseInSlices(text: string, options: Options) {
  const records: string[][] = [];
  await pipeline(
    async function* slices() {
      for (let at = 0; at < text.length; at += SLICE) {
        yield text.slice(at, at + SLICE);
        await nextTurn();
      }
    },
    parse(options),
    async (parsed: AsyncIterable<string[]>) => {
      for await (const record of parsed) records.push(record);
    },
  );
  return records;
}

/**
 * Reads a statement CSV (RFC 4180: quoted fields with commas, quotes and line breaks, CRLF or LF, a BOM, a
 * comma, semicolon or tab between fields). Banks put account details above the table: the headings are the
 * first of the first rows with the most cells.
 */
export async function readCsv(body: Buffer): Promise<CsvTable> {
  const text = decode(body);
  refuseNul(
    text,
    'file',
    'This file holds characters that are not text. Export the statement as CSV again and upload that.',
  );
  let records: string[][];
  try {
    records = await parseInSlices(text, {
      bom: true,
      delimiter: sniffDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid [^:]*: /, '') : '';
    throw badRequest(
      `This file could not be read as CSV (${detail}). Export the statement as CSV and try again.`,
    );
  }
  const rows = records.filter((record) => record.some((cell) => cell !== ''));
  const widest = Math.max(0, ...rows.slice(0, 30).map((row) => row.length));
  const headingsAt = rows.findIndex((row) => row.length === widest);
  if (widest < 2 || headingsAt < 0) {
    throw badRequest('This file has no table of columns. Export the statement as CSV and try again.');
  }
  const headings = rows[headingsAt] ?? [];
  const seen = new Map<string, number>();
  const columns = headings.map((heading, index) => {
    const name = heading || `Column ${index + 1}`;
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    return times === 1 ? name : `${name} (${times})`;
  });
  return { columns, rows: rows.slice(headingsAt + 1) };
}
