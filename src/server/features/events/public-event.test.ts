import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runnerEntry } from '../../../../tests/support/entries.ts';
import { rendererFromSources } from '../../../../tests/support/page-renderer.ts';
import { createTestApp, injectAs, resetData, testDatabase } from '../../../../tests/support/test-app.ts';
import type { App } from '../../app.ts';
import { raceOptions, registrations } from '../../db/schema/index.ts';
import { EVENT_FRESHNESS } from './current-event.ts';

// Two servers on one database, each with the production's freshness (the other API tests check at every
// request, as they change the database by hand).
let serverA: App;
let serverB: App;
beforeAll(async () => {
  const options = { eventFreshness: EVENT_FRESHNESS };
  serverA = await createTestApp({ RATE_LIMITS: 'off' }, { ...options, pageRenderer: rendererFromSources() });
  serverB = await createTestApp({ RATE_LIMITS: 'off' }, { ...options, pageRenderer: rendererFromSources() });
});
afterAll(async () => {
  await serverA.close();
  await serverB.close();
});
beforeEach(async () => {
  await resetData();
  const { db } = await testDatabase();
  await db.update(raceOptions).set({ capacity: 2 }).where(eq(raceOptions.label, '10km'));
  // As a server that has run a while: its copy checked just now, which a change made elsewhere does not wait for.
  await serverA.context.currentEvent.reload();
  await serverB.context.currentEvent.reload();
});

const tenKmFull = async (app: App) => {
  const response = await injectAs(app).get('/api/event');
  expect(response.statusCode).toBe(200);
  const race = (response.json().races as { label: string; full: boolean }[]).find((r) => r.label === '10km');
  return race?.full;
};

/** Whether the landing page, as served, carries the 10 km race as full in its data. */
const tenKmFullOnLanding = async (app: App) => {
  const response = await injectAs(app).get('/');
  expect(response.statusCode).toBe(200);
  const data = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(
    response.body,
  )?.[1];
  const [, event] =
    (JSON.parse(data ?? '{}').queries as [string[], { races: { label: string; full: boolean }[] }][])[0] ??
    [];
  return event?.races.find((r) => r.label === '10km')?.full;
};

const register = (app: App, tag: string) =>
  injectAs(app).post('/api/registrations', runnerEntry(tag), { 'idempotency-key': `public-event-${tag}` });

describe('the public event, served from memory', () => {
  it('shows a race as full on /api/event and / right after the registration that filled it', async () => {
    expect(await tenKmFull(serverA)).toBe(false);
    expect(await tenKmFullOnLanding(serverA)).toBe(false);
    expect((await register(serverA, 'first')).statusCode).toBe(201);
    expect(await tenKmFull(serverA)).toBe(false);
    expect((await register(serverA, 'second')).statusCode).toBe(201);
    expect(await tenKmFull(serverA)).toBe(true);
    expect(await tenKmFullOnLanding(serverA)).toBe(true);
  });

  it('shows a race filled through another server as full within a second, and freed again', async () => {
    expect(await tenKmFull(serverB)).toBe(false);
    await register(serverA, 'first');
    await register(serverA, 'second');
    const filledAt = performance.now();
    await vi.waitFor(async () => expect(await tenKmFull(serverB)).toBe(true), {
      timeout: 2000,
      interval: 50,
    });
    expect(performance.now() - filledAt).toBeLessThan(EVENT_FRESHNESS.waitAfterMs + 200);
    expect(await tenKmFullOnLanding(serverB)).toBe(true);

    // A place freed by hand (as a job or SQL would): no request through either server says so.
    const { db } = await testDatabase();
    await db
      .update(registrations)
      .set({ status: 'cancelled' })
      .where(eq(registrations.lastName, 'Moyo first'));
    const freedAt = performance.now();
    await vi.waitFor(async () => expect(await tenKmFull(serverB)).toBe(false), {
      timeout: 2000,
      interval: 50,
    });
    expect(performance.now() - freedAt).toBeLessThan(EVENT_FRESHNESS.waitAfterMs + 200);
  });

  it('follows an admin change made through another server within a second', async () => {
    const { db } = await testDatabase();
    expect(await tenKmFull(serverB)).toBe(false);
    await db.update(raceOptions).set({ feeUsd: '12.00' }).where(eq(raceOptions.label, '10km'));
    await vi.waitFor(
      async () => {
        const races = (await injectAs(serverB).get('/api/event')).json().races as {
          label: string;
          feeUsd: string;
        }[];
        expect(races.find((r) => r.label === '10km')?.feeUsd).toBe('12.00');
      },
      { timeout: 2000, interval: 50 },
    );
  });

  it('reads the database at most once per check, however many requests come', async () => {
    await tenKmFull(serverB);
    const { db } = serverB.context.database;
    const execute = vi.spyOn(db, 'execute');
    const select = vi.spyOn(db, 'select');
    try {
      await Promise.all(Array.from({ length: 50 }, () => injectAs(serverB).get('/api/event')));
      await Promise.all(Array.from({ length: 20 }, () => injectAs(serverB).get('/')));
      expect(execute.mock.calls.length + select.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      execute.mockRestore();
      select.mockRestore();
    }
  });

  it('answers 304 to a phone holding the event, with the same ETag on both servers', async () => {
    const first = await injectAs(serverA).get('/api/event');
    const etag = String(first.headers.etag);
    expect((await injectAs(serverB).get('/api/event')).headers.etag).toBe(etag);
    const again = await injectAs(serverA).get('/api/event', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
