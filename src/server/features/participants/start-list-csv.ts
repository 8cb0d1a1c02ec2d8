import { Readable } from 'node:stream';
import { ageGroup } from '../../../shared/participants/age-groups.ts';
import { csvText } from '../../http/csv.ts';
import { exportedByCsvLine } from '../../http/exported-by.ts';
import type { StartListRow } from './repository.ts';

const START_LIST_HEADER = [
  'Bib',
  'First name',
  'Last name',
  'Gender',
  'Age',
  'Age group',
  'Race',
  'Reference',
];
/** The names timing software (Webscorer, RACE RESULT) maps on import: our age group is their category. */
const TIMING_HEADER = ['Bib', 'First name', 'Last name', 'Gender', 'Age', 'Category', 'Race', 'Reference'];

/** One row per starter, every cell safe from formulas, after `head`. */
function starterRows(race: string, batches: AsyncIterable<StartListRow[]>, head: string) {
  async function* chunks() {
    yield head;
    for await (const rows of batches) {
      yield csvText(
        rows.map((row) => [
          row.bib === null ? '' : String(row.bib),
          row.firstName,
          row.lastName,
          row.gender ?? '',
          String(row.age),
          ageGroup(row.age),
          race,
          row.reference,
        ]),
      );
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** A race's start list for a spreadsheet: who exported it on the first line (`stamp`), then the header. */
export const startListCsv = (race: string, batches: AsyncIterable<StartListRow[]>, stamp: string) =>
  starterRows(race, batches, exportedByCsvLine(stamp) + csvText([START_LIST_HEADER]));

/**
 * A race's start list for timing software, which takes the first line as the header: no stamp and no byte-order
 * mark before it (the audit trail records who exported it).
 */
export const timingCsv = (race: string, batches: AsyncIterable<StartListRow[]>) =>
  starterRows(race, batches, csvText([TIMING_HEADER]));
