import { expect } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { injectAs } from './test-app.ts';

/**
 * GET /readyz (a query to the database) asked again and again until `work` settles: how long each one waited, in
 * ms. Long admin work in short transactions lets the database answer others between them (issue 44).
 */
export async function databaseWaitsMeanwhile(app: App, work: Promise<unknown>) {
  let done = false;
  const settled = () => {
    done = true;
  };
  work.then(settled, settled);
  const waits: number[] = [];
  while (!done) {
    const asked = performance.now();
    expect((await injectAs(app).get('/readyz')).statusCode).toBe(200);
    waits.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return waits;
}

/** The middle one of `values`: one slow answer on a busy machine does not move it. */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
