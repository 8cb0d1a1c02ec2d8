import type { Discipline } from '../../../shared/events/event-display.ts';
import { PAYMENT_STATUS_LABELS, type ParticipantFilter } from '../../../shared/participants/participants.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { isMinor } from '../../../shared/registrations/guardian.ts';
import { paymentText } from './export-csv.ts';
import { entries, type PdfColumn, type PdfSection, tablePdf } from './pdf-table.ts';
import type { ExportRow } from './repository.ts';

/**
 * The list's columns that fit A4 landscape, in the list's order with the next of kin and a minor's marker;
 * the discipline is each section's band. Widths fit "+263 77 123 4567", "CFR26-10000" and the bold headings
 * at 8 points.
 */
const COLUMNS: PdfColumn<ExportRow>[] = [
  { label: 'Name', width: 74, value: (row) => row.firstName },
  { label: 'Surname', width: 88, value: (row) => row.lastName },
  { label: 'Email', width: 169, value: (row) => row.email ?? '' },
  { label: 'Mobile', width: 74, value: (row) => formatPhone(row.mobile) },
  { label: 'Age', width: 24, value: (row) => String(row.age) },
  { label: 'Minor', width: 28, value: (row) => (isMinor(row.age) ? 'Yes' : '') },
  { label: 'Gender', width: 36, value: (row) => row.gender ?? '' },
  { label: 'Race Type', width: 48, value: (row) => row.raceType },
  { label: 'Next of Kin', width: 74, value: (row) => formatPhone(row.nextOfKinMobile) },
  { label: 'T-shirt', width: 40, value: (row) => row.tshirtSize },
  { label: 'Payment', width: 40, value: paymentText },
  { label: 'Reference', width: 58, value: (row) => row.reference },
  { label: 'Bib', width: 28, value: (row) => (row.bib === null ? '' : String(row.bib)) },
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

export interface PdfHeading {
  title: string;
  /** The filters in words, e.g. "Cyclists · paid". */
  filters: string;
  total: number;
  /** Who exported it and when (exportedBy). */
  exportedBy: string;
}

export interface DisciplineSection {
  discipline: Discipline;
  total: number;
  batches: AsyncIterable<ExportRow[]>;
}

const SECTION_NAMES = { run: 'Runners', cycle: 'Cyclists' } as const;

/** The filtered list on landscape A4, one section per discipline, rows written as each batch arrives. */
export function participantsPdf(heading: PdfHeading, sections: DisciplineSection[]) {
  const parts: PdfSection<ExportRow>[] = sections.map(({ discipline, total, batches }) => ({
    heading: `${SECTION_NAMES[discipline]} · ${entries(total)}`,
    continued: `${SECTION_NAMES[discipline]} (continued)`,
    batches,
  }));
  return tablePdf(
    {
      layout: 'landscape',
      title: heading.title,
      subtitle: `${heading.filters} · ${entries(heading.total)}`,
      exportedBy: heading.exportedBy,
      columns: COLUMNS,
      fontSize: 8,
      rowHeight: 15,
      empty: 'No entries match these filters.',
    },
    parts,
  );
}
