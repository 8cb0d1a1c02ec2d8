// How every paged list is asked for and answered, so the tables' pagers read them alike.
import * as z from 'zod/mini';

/** ?page=: the first is 1. */
export const pageParam = z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)));

/** ?pageSize=: at most `max` rows. */
export const pageSizeParam = (max: number) =>
  z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(max)));

/** Beside a page's rows: how many match in all, and which page of what size this is. */
export const pageFields = { total: z.number(), page: z.number(), pageSize: z.number() };
