import { createServer } from 'node:net';
import type { App } from '../../src/server/app.ts';
import { FAKE_PAYNOW_INTEGRATION } from '../../src/server/fakes/gateways.ts';
import { type FakePaynow, startFakePaynow } from '../../src/server/fakes/paynow.ts';
import { saveOnlinePaymentSettings } from '../../src/server/features/payments/paynow/service.ts';
import type { OnlinePaymentMethod } from '../../src/shared/payments/online-payment-settings.ts';
import { createTestApp } from './test-app.ts';

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
export const startFastFakePaynow = () => startFakePaynow({ ...FAKE_PAYNOW_INTEGRATION, timeScale: 0.01 });

/**
 * A listening app talking to `fake` as to Paynow, as `npm start` runs it: Paynow posts to its result URL and
 * the poller follows attempts. `origin` is its address, for the requests' Origin header.
 */
export async function startAppWithPaynow(fake: FakePaynow): Promise<{ app: App; origin: string }> {
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
