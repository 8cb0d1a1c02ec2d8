import { parse } from 'csv-parse/sync';

/** The first line of every CSV export (src/server/http/exported-by.ts). */
export const EXPORTED_BY = /^# Exported by (.+) on (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) \(Harare\)$/;

/**
 * A CSV export as a spreadsheet reads it: its first line must say who exported it and when (or this throws),
 * and the records after it start with the header row.
 */
export function csvExport(body: string | Buffer) {
  const text = String(body).replace(/^\uFEFF/, '');
  const [stamp = [], ...records]: string[][] = parse(text, { relax_column_count: true });
  const match = stamp.length === 1 ? EXPORTED_BY.exec(stamp[0] ?? '') : null;
  if (!match) throw new Error(`an export's first line says who exported it, not ${JSON.stringify(stamp)}`);
  return { exportedBy: match[1] ?? '', at: match[2] ?? '', records };
}

/** The records of a CSV export, its header row first (see csvExport). */
export const csvRecords = (body: string | Buffer) => csvExport(body).records;
