// Plain values, no zod: the search page stays small.

/** The public search finds a name by its start, a few at a time: enough to check an entry, too little to list everyone. */
export const ENTRANT_SEARCH = { minLength: 3, maxResults: 10 } as const;
