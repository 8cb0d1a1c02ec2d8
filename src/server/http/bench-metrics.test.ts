import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, injectAs } from '../../../tests/support/test-app.ts';
import type { App } from '../app.ts';

let app: App | undefined;
afterEach(() => app?.close());

describe("the bench's event-loop figures", () => {
  it('are not there unless BENCH_METRICS=on', async () => {
    app = await createTestApp();
    expect((await injectAs(app).get('/api/bench/event-loop')).statusCode).toBe(404);
  });

  it('answer the delay since the last call to a caller on this machine, and only to one', async () => {
    app = await createTestApp({ BENCH_METRICS: 'on' });
    // The monitor's first tick only starts its clock.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const held = Date.now();
    while (Date.now() - held < 120) {
      // Holds the loop, as a long synchronous task would.
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
    const first = await injectAs(app).get('/api/bench/event-loop');
    expect(first.statusCode).toBe(200);
    expect(first.json().maxMs).toBeGreaterThanOrEqual(100);
    const second = (await injectAs(app).get('/api/bench/event-loop')).json();
    expect(second.maxMs).toBeLessThan(100);
    const outside = await app.inject({
      method: 'GET',
      url: '/api/bench/event-loop',
      remoteAddress: '203.0.113.9',
    });
    expect(outside.statusCode).toBe(404);
  });
});
