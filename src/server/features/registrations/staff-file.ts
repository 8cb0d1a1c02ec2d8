import { TEAM_IMPORT_LIMITS } from '../../../shared/registrations/team-import.ts';
import { badRequest } from '../../http/problem.ts';
import { readSpreadsheet } from '../../http/spreadsheet.ts';

/**
 * The staff list's rows, headings first, each at its place in the spreadsheet (empty rows kept, so row numbers
 * match what the manager sees), as text: a CSV (comma, semicolon or tab) or an Excel workbook's first sheet.
 */
export async function readStaffFile(body: Buffer): Promise<string[][]> {
  if (body.length === 0) throw badRequest('This file is empty. Choose your list of staff again.');
  const rows = await readSpreadsheet(body);
  const filled = rows.filter((row) => row.some((cell) => cell !== ''));
  if (filled.length - 1 > TEAM_IMPORT_LIMITS.rows) {
    throw badRequest(
      `This list has ${filled.length - 1} rows: at most ${TEAM_IMPORT_LIMITS.rows} staff can be added at once. Split it into smaller lists.`,
    );
  }
  return rows;
}
