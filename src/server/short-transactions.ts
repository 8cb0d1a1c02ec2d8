import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long one transaction of long admin work aims to run. On the embedded database a transaction holds the
 * database for every request: PGlite runs one at a time, each of its queries synchronously (issue 44).
 */
export const TRANSACTION_BUDGET_MS = 20;
/** At most this many rows per transaction, however fast they go. */
export const ROWS_PER_TRANSACTION = 100;
/**
 * A slice of up to this many rows may take up to FEW_ROWS_BUDGET_MS: a transaction's fixed cost (begin, commit,
 * an audit row), stretched on a busy machine, would otherwise shrink the slices to one row each and make the
 * work ten times longer (10,000 entries' retention on PGlite: 77 s instead of 5 s).
 */
const FEW_ROWS = 10;
const FEW_ROWS_BUDGET_MS = 50;

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
    size = nextSize(slice.length, took, max);
  }
}

/**
 * Repeats `work` in short transactions (it opens each) until it answers that it did nothing: it is asked to do
 * at most `size` items and answers how many it did; the size follows the time taken, as inShortTransactions'.
 */
export async function untilDoneInShortTransactions(
  work: (size: number) => Promise<number>,
  { first = 10, max = ROWS_PER_TRANSACTION }: { first?: number; max?: number } = {},
) {
  let size = Math.min(first, max);
  for (;;) {
    await nextTurn();
    const started = performance.now();
    const done = await work(size);
    if (done === 0) return;
    const took = Math.max(1, performance.now() - started);
    size = nextSize(done, took, max);
  }
}

/**
 * The next slice's size: about TRANSACTION_BUDGET_MS' worth, or up to FEW_ROWS within FEW_ROWS_BUDGET_MS; at most
 * twice the last and `max`, at least 1.
 */
function nextSize(last: number, took: number, max: number) {
  const rowsIn = (ms: number) => Math.floor((last * ms) / took);
  const wanted = Math.max(rowsIn(TRANSACTION_BUDGET_MS), Math.min(FEW_ROWS, rowsIn(FEW_ROWS_BUDGET_MS)));
  return Math.max(1, Math.min(max, last * 2, wanted));
}
