// The public results' contract (issue 41): what /api/results and the server-rendered /Results answer.
import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';
import { pageFields, pageParam } from '../paging.ts';
import { RESULT_STATUSES } from './results.ts';

/** A race's results are read 100 at a time: a phone's screenful of scrolling, and a small page. */
export const RESULTS_PAGE_SIZE = 100;

export const PublishedResultsQuerySchema = z.object({
  /** The race's id; left out: the first race of the forms' order. */
  race: z.optional(z.string().check(z.maxLength(100))),
  /** A bib (its digits) or part of a name as the results show it. */
  q: z.optional(z.string().check(z.maxLength(100, 'Search text must be at most 100 characters'))),
  page: pageParam,
});
export type PublishedResultsQuery = z.infer<typeof PublishedResultsQuerySchema>;

export const PublishedResultSchema = z.object({
  /** Overall place in the race; null for DNF, DNS and DQ. */
  place: z.nullable(z.number()),
  bib: z.nullable(z.number()),
  /** "Tendai Moyo", "Rudo M." (under 18), or "Runner 123" (name not shown). */
  name: z.string(),
  status: z.enum(RESULT_STATUSES),
  /** "52:14"; null unless finished. */
  time: z.nullable(z.string()),
  gender: z.nullable(z.string()),
  /** Place among the race's finishers of the same gender. */
  genderPlace: z.nullable(z.number()),
  ageGroup: z.string(),
  /** Place among the finishers of the same gender and age group. */
  ageGroupPlace: z.nullable(z.number()),
  /** Whether the results link his certificate (see offersPublicCertificate). */
  certificate: z.boolean(),
});
export type PublishedResult = z.infer<typeof PublishedResultSchema>;

/** An entrant's own result on /My once published: his time and places. */
export const MyResultSchema = z.extend(PublishedResultSchema, {
  race: z.string(),
  /** How many finished his race. */
  finishers: z.number(),
});
export type MyResult = z.infer<typeof MyResultSchema>;

export const PublishedResultsSchema = z.object({
  /** False while the results are preliminary: then there are no races and no rows. */
  published: z.boolean(),
  races: z.array(z.object({ id: z.string(), discipline: z.enum(DISCIPLINES), label: z.string() })),
  /** The race shown (null: none). */
  race: z.nullable(z.string()),
  /** How many finished the race shown, whatever the search. */
  finishers: z.number(),
  results: z.array(PublishedResultSchema),
  ...pageFields,
});
export type PublishedResults = z.infer<typeof PublishedResultsSchema>;

/** The query key of /Results' data, the same on the server (which fills it in the page) and in the browser. */
export function publishedResultsKey(params: {
  race?: string | null;
  q?: string | null;
  page?: string | null;
}) {
  const page = Number(params.page);
  return [
    'published-results',
    {
      race: params.race ?? '',
      q: (params.q ?? '').trim(),
      page: Number.isInteger(page) && page >= 1 ? page : 1,
    },
  ] as const;
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st. */
export function ordinal(n: number) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}
