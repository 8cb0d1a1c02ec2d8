import { Readable } from 'node:stream';
import { ageGroup } from '../../../shared/participants/age-groups.ts';
import { csvText } from '../../http/csv.ts';
import { exportedByCsvLine } from '../../http/exported-by.ts';
import type { StartListRow } from './repository.ts';

const HEADER = ['Bib', 'First name', 'Last name', 'Gender', 'Age', 'Age group', 'Race', 'Reference'];

/**
 * A race's start list for a timing company: who exported it on the first line (`stamp`), then one row per
 * starter, every cell safe from formulas.
 */
export function startListCsv(race: string, batches: AsyncIterable<StartListRow[]>, stamp: string) {
  async function* chunks() {
    yield exportedByCsvLine(stamp);
    yield csvText([HEADER]);
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
