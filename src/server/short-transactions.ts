import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long one transaction of long admin work aims to run. On the embedded database a transaction holds the
 * whole server: PGlite runs one at a time, and its queries never yield the event loop (issue 44).
 */
export const TRANSACTION_BUDGET_MS = 40;
/** At most this many rows per transaction, however fast they go. */
export const ROWS_PER_TRANSACTION = 100;

/**
 * Works through `items` a slice at a time, each slice in its own short transaction (`work` opens it), with a
 * turn of the event loop between slices so requests that came meanwhile reach the database. The slices start
 * small and follow the time the last one took: about TRANSACTION_BUDGET_MS each, never more than
 * ROWS_PER_TRANSACTION items, never more than twice the last. `work` answers false to stop early.
 */
export async function inShortTransactions<Item>(
  items: readonly Item[],
  work: (slice: Item[]) => Promise<unknown>,
  { first = 10, max = ROWS_PER_TRANSACTION }: { first?: number; max?: number } = {},
) {
  let size = Math.min(first, max);
  for (let at = 0; at < items.length; ) {
    await nextTurn();
    const slice = items.slice(at, at + size);
    const started = performance.now();
    if ((await work(slice)) === false) return;
    const took = Math.max(1, performance.now() - started);
    at += slice.length;
    size = Math.max(
      1,
      Math.min(max, slice.length * 2, Math.floor((slice.length * TRANSACTION_BUDGET_MS) / took)),
    );
  }
}
