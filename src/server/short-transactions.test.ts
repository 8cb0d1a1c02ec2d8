import { afterEach, describe, expect, it, vi } from 'vitest';
import { inShortTransactions } from './short-transactions.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Runs 100 rows through inShortTransactions, each slice taking `fixedMs` plus `perRowMs` a row on a clock of the
 * test's own (a real timer fires late on a busy machine, and one CI run's did); the slices' sizes.
 */
async function sliceSizes(fixedMs: number, perRowMs: number) {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  const sizes: number[] = [];
  const rows = Array.from({ length: 100 }, (_, index) => index);
  await inShortTransactions(rows, async (slice) => {
    sizes.push(slice.length);
    now += fixedMs + perRowMs * slice.length;
  });
  return sizes;
}

describe('short transactions', () => {
  it('keep ten rows each when a transaction costs more than the budget whatever its size (a busy machine)', async () => {
    const sizes = await sliceSizes(25, 0.5);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(100);
    // Sized on the average time a row took, the slices shrank to one row: a hundred transactions.
    expect(Math.min(...sizes.slice(0, -1))).toBeGreaterThanOrEqual(10);
  });

  it('shrink below ten rows when those would take longer than 50 ms', async () => {
    const sizes = await sliceSizes(0, 12);
    expect(sizes[0]).toBe(10);
    expect(Math.max(...sizes.slice(1))).toBeLessThanOrEqual(4);
  });

  it('grow past ten rows while they are quick, up to a hundred', async () => {
    const sizes = await sliceSizes(1, 0.01);
    expect(sizes.slice(0, 3)).toEqual([10, 20, 40]);
  });
});
