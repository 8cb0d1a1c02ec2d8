import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';

export const BIB_MIN = 1;
export const BIB_MAX = 99_999;

const outOfBounds = `Use bib numbers from ${BIB_MIN} to ${BIB_MAX}`;

/** One bib number, as the admin types it. */
export const bibNumber = z
  .int('Enter the bib as a whole number')
  .check(z.gte(BIB_MIN, outOfBounds), z.lte(BIB_MAX, outOfBounds));

export interface BibRange {
  bibFrom: number | null;
  bibTo: number | null;
}

/** What is wrong with a race's range, on which end: both empty (none yet) or from ≤ to inside 1..99999. */
export function bibRangeProblem({
  bibFrom,
  bibTo,
}: BibRange): { field: keyof BibRange; message: string } | undefined {
  if (bibFrom === null && bibTo === null) return undefined;
  if (bibFrom === null) return { field: 'bibFrom', message: 'Enter the first bib of the range too' };
  if (bibTo === null) return { field: 'bibTo', message: 'Enter the last bib of the range too' };
  if (bibTo < bibFrom) return { field: 'bibTo', message: 'The last bib must not be below the first' };
  return undefined;
}

/** The index of an earlier race whose range shares a number with this one's, for each race that overlaps. */
export function overlappingRanges(races: readonly BibRange[]) {
  const overlaps: { index: number; other: number }[] = [];
  races.forEach((race, index) => {
    if (race.bibFrom === null || race.bibTo === null) return;
    const other = races.findIndex(
      (earlier, at) =>
        at < index &&
        earlier.bibFrom !== null &&
        earlier.bibTo !== null &&
        earlier.bibFrom <= (race.bibTo as number) &&
        (race.bibFrom as number) <= earlier.bibTo,
    );
    if (other >= 0) overlaps.push({ index, other });
  });
  return overlaps;
}

export const formatBibRange = ({ bibFrom, bibTo }: BibRange) =>
  bibFrom === null || bibTo === null ? 'no bib range' : `${bibFrom}–${bibTo}`;

export const BIB_ORDERS = ['surname', 'registration'] as const;
export type BibOrder = (typeof BIB_ORDERS)[number];
export const BIB_ORDER_LABELS: Record<BibOrder, string> = {
  surname: 'Surname order (A to Z)',
  registration: 'Registration order (first registered first)',
};

export const AssignBibsSchema = z.object({ order: z.enum(BIB_ORDERS, { error: 'Choose the order' }) });
export type AssignBibs = z.infer<typeof AssignBibsSchema>;

export const AssignBibsResultSchema = z.object({
  assigned: z.number(),
  /** The lowest and highest bibs given this time; null when every entry had one already. */
  first: z.nullable(z.number()),
  last: z.nullable(z.number()),
});
export type AssignBibsResult = z.infer<typeof AssignBibsResultSchema>;

/** One entry's bib set by hand, or cleared with null. */
export const BibInputSchema = z.object({ bib: z.nullable(bibNumber) });
export type BibInput = z.input<typeof BibInputSchema>;

/** Each race of the current event with what assigning its bibs would do. */
export const RaceBibsSchema = z.object({
  id: z.string(),
  discipline: z.enum(DISCIPLINES),
  label: z.string(),
  bibFrom: z.nullable(z.number()),
  bibTo: z.nullable(z.number()),
  /** Entries not cancelled. */
  active: z.number(),
  /** Entries not cancelled that have no bib yet: those assigning numbers. */
  withoutBib: z.number(),
  /** Numbers of the range no entry of the event holds (cancelled entries keep theirs). */
  free: z.number(),
});
export const RacesBibsSchema = z.array(RaceBibsSchema);
export type RaceBibs = z.infer<typeof RaceBibsSchema>;
