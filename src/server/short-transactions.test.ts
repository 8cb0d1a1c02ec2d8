import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { inShortTransactions } from './short-transactions.ts';

describe('long work in short transactions', () => {
  it('keeps ten rows a transaction however slow each goes (a busy server once went one row at a time)', async () => {
    const slices: number[] = [];
    await inShortTransactions(
      Array.from({ length: 40 }, (_, n) => n),
      async (slice) => {
        slices.push(slice.length);
        await sleep(60); // three times the budget, as when other requests' queries come between
      },
    );
    expect(slices).toEqual([10, 10, 10, 10]);
  });
});
