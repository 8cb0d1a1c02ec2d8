// The public entrant search's contract: apart from the registration form's, so the form's chunk stays small.
import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';
import { oneLine } from '../validation.ts';
import { ENTRANT_SEARCH } from './entrant-search.ts';

export const SearchQuerySchema = z.object({
  q: z.pipe(
    oneLine(100, 'Search text must be at most 100 characters'),
    z
      .string()
      .check(z.minLength(ENTRANT_SEARCH.minLength, `Type at least ${ENTRANT_SEARCH.minLength} characters`)),
  ),
});

export const SearchResultSchema = z.object({
  results: z.array(
    z.object({
      firstName: z.string(),
      lastName: z.string(),
      discipline: z.enum(DISCIPLINES),
      raceType: z.string(),
    }),
  ),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
