import { ageGroup } from '../../../shared/participants/age-groups.ts';
import { PAYMENT_STATUS_LABELS } from '../../../shared/participants/participants.ts';
import { isMinor } from '../../../shared/registrations/guardian.ts';
import { entries, type PdfColumn, tablePdf } from './pdf-table.ts';
import type { StartListRow } from './repository.ts';

/** What a volunteer with a clipboard needs at the start, on portrait A4, with a box to tick each starter. */
const COLUMNS: PdfColumn<StartListRow>[] = [
  { label: 'Bib', width: 38, value: (row) => (row.bib === null ? '' : String(row.bib)) },
  { label: 'Surname', width: 100, value: (row) => row.lastName },
  { label: 'First name', width: 90, value: (row) => row.firstName },
  { label: 'Age group', width: 62, value: (row) => ageGroup(row.age) },
  { label: 'Minor', width: 38, value: (row) => (isMinor(row.age) ? 'Yes' : '') },
  { label: 'T-shirt', width: 46, value: (row) => row.tshirtSize },
  { label: 'Payment', width: 50, value: (row) => PAYMENT_STATUS_LABELS[row.paymentStatus] },
  { label: 'Reference', width: 73, value: (row) => row.reference },
  { label: 'Check', width: 38 },
];

export interface StartListHeading {
  event: string;
  /** The race as people say it, e.g. "Runners 10km". */
  race: string;
  total: number;
  /** Who exported it and when (exportedBy). */
  exportedBy: string;
}

/** One race's entries that are not cancelled, in the order the batches bring them (by surname). */
export function startListPdf(heading: StartListHeading, batches: AsyncIterable<StartListRow[]>) {
  const title = `${heading.event} — Start list: ${heading.race}`;
  return tablePdf(
    {
      layout: 'portrait',
      title,
      subtitle: heading.total
        ? `${entries(heading.total)} by surname (cancelled entries left out)`
        : 'No entries yet',
      exportedBy: heading.exportedBy,
      columns: COLUMNS,
      fontSize: 10,
      rowHeight: 20,
      empty: 'No entries in this race yet.',
      footer: title,
    },
    [{ batches }],
  );
}
