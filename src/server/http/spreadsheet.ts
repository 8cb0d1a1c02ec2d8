import { parse } from 'csv-parse/sync';
import { refuseNul } from './nul-bytes.ts';
import { badRequest } from './problem.ts';

/** An XLSX workbook is a ZIP archive: it starts with a local file header. */
const isZip = (body: Buffer) => body.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
/**
 * What a 256 KiB workbook may unpack to. ZIP compresses a repetitive sheet about 1:100 (a zip bomb, 1:1000): a
 * few hundred staff are far below this, a bomb is refused before it is unpacked.
 */
const MAX_UNPACKED_BYTES = 16 * 1024 * 1024;

const WRONG_FILE =
  'This file could not be read. Save it as CSV or as an Excel workbook (.xlsx) and choose it again.';

/** A CSV's text: UTF-8 (with or without its mark) when it is valid UTF-8, else Windows-1252, as Excel writes it. */
function decode(body: Buffer) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

function readCsv(body: Buffer): string[][] {
  const text = decode(body);
  refuseNul(text, 'file', WRONG_FILE);
  try {
    return parse(text, {
      bom: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
    }) as string[][];
  } catch {
    throw badRequest(WRONG_FILE);
  }
}

/**
 * A cell as text: a number typed in a spreadsheet ("771234567", 30) reads as its digits, a date as YYYY-MM-DD,
 * and a time alone (Excel's day zero, 1899-12-30, with a time of day: a timer's "0:52:14") as h:mm:ss.
 */
const cellText = (cell: unknown) => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    const iso = cell.toISOString();
    if (cell.getUTCFullYear() >= 1900) return iso.slice(0, 10);
    const seconds = Math.round((((cell.getTime() % 86_400_000) + 86_400_000) % 86_400_000) / 1000);
    const two = (value: number) => String(value).padStart(2, '0');
    return `${Math.floor(seconds / 3600)}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
  }
  return String(cell).trim();
};

async function readXlsx(body: Buffer): Promise<string[][]> {
  // The workbook readers load with the first workbook, not with every server (issue 44: start and idle memory).
  const [{ unzipSync }, { readSheet }] = await Promise.all([
    import('fflate'),
    import('read-excel-file/node'),
  ]);
  let unpacked = 0;
  try {
    // Sizes as the archive declares them: the reader below stops at what it was told too.
    unzipSync(body, {
      filter: (file) => {
        unpacked += file.originalSize;
        return false;
      },
    });
  } catch {
    throw badRequest(WRONG_FILE);
  }
  if (unpacked > MAX_UNPACKED_BYTES) throw badRequest(WRONG_FILE);
  try {
    const rows = await readSheet(body);
    return rows.map((row) => row.map(cellText));
  } catch {
    throw badRequest(WRONG_FILE);
  }
}

/**
 * A small spreadsheet's rows, headings first, each at its place in the sheet (empty rows kept, so row numbers
 * match what its author sees), as text: a CSV (comma, semicolon or tab) or an Excel workbook's first sheet.
 */
export async function readSpreadsheet(body: Buffer): Promise<string[][]> {
  return isZip(body) ? await readXlsx(body) : readCsv(body);
}
