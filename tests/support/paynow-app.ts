import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { FAKE_PAYNOW_INTEGRATION } from '../../src/server/fakes/gateways.ts';
import { type FakePaynow, startFakePaynow } from '../../src/server/fakes/paynow.ts';
import { saveOnlinePaymentSettings } from '../../src/server/features/payments/paynow/service.ts';
import type { OnlinePaymentMethod } from '../../src/shared/payments/online-payment-settings.ts';
import { createTestApp, madeLater, resetData, signedInAs } from './test-app.ts';

/** The poller's timing in tests: asks Paynow (the fake, at 1/100 of its time) every few milliseconds. */
export const FAST_POLLING = { minDelayMs: 20, maxDelayMs: 60, giveUpAfterMs: 60_000, idleMs: 20 };

/** A loopback port nobody listens on now, chosen by the system. */
export const freeLoopbackPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The fake Paynow, at 1/100 of its time (a prompt paid after 30 s of its time is paid after 0.3 s). */
const startFastFakePaynow = () => startFakePaynow({ ...FAKE_PAYNOW_INTEGRATION, timeScale: 0.01 });

/**
 * A listening app talking to `fake` as to Paynow, as `npm start` runs it: Paynow posts to its result URL and
 * the poller follows attempts. `origin` is its address, for the requests' Origin header.
 */
async function startAppWithPaynow(fake: FakePaynow): Promise<{ app: App; origin: string }> {
  const port = await freeLoopbackPort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await createTestApp(
    { PUBLIC_URL: origin, PAYNOW_URL: fake.url, RATE_LIMITS: 'off' },
    { paynowTiming: FAST_POLLING },
  );
  await app.listen({ port, host: '127.0.0.1' });
  return { app, origin };
}

/** Online payment on, with the fake's integration, by these methods in USD. */
export const turnOnPaynow = (app: App, methods: OnlinePaymentMethod[]) =>
  saveOnlinePaymentSettings(app.context, {
    enabled: true,
    ...FAKE_PAYNOW_INTEGRATION,
    methods,
    currency: 'USD',
  });

/**
 * The hooks of a test file that pays through the fake Paynow: the fast fake and a listening app for the file
 * (startAppWithPaynow), and before each test the fake's payments forgotten (first: a status update of the last
 * test still on its way would land after the reset), the data as seeded, and online payment on by `methods` in
 * USD (none given: the file turns it on itself). `origin()` is the app's address, for requests' Origin header.
 */
export function setUpAppWithPaynow({ methods }: { methods?: OnlinePaymentMethod[] } = {}) {
  let fake: FakePaynow | undefined;
  let started: { app: App; origin: string } | undefined;
  beforeAll(async () => {
    fake = await startFastFakePaynow();
    started = await startAppWithPaynow(fake);
  });
  afterAll(async () => {
    await started?.app.close();
    await fake?.close();
  });
  beforeEach(async () => {
    await fake?.reset();
    await resetData();
    if (methods && started) await turnOnPaynow(started.app, methods);
  });
  return {
    app: madeLater('the test app', () => started?.app),
    fake: madeLater('the fake Paynow', () => fake),
    origin: () => madeLater('the test app', () => started).origin,
  };
}

/** Gifts open to "Borehole" (goal US$1,000), as an admin saves the cause. */
export async function openGifts(app: App, origin: string) {
  const { cookie } = await signedInAs(app, 'admin');
  const opened = await app.inject({
    method: 'PUT',
    url: '/api/admin/cause',
    headers: { cookie, origin },
    payload: { title: 'Borehole', text: '', goalUsd: '1000', giftsOpen: true },
  });
  expect(opened.statusCode, opened.body).toBe(200);
}
