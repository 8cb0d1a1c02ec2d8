import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rendererFromSources } from '../../../tests/support/page-renderer.ts';
import { createTestApp, resetData } from '../../../tests/support/test-app.ts';
import type { App } from '../app.ts';

const BANNER = 'Test payments — no money moves';
let fake: App;
let real: App;
beforeAll(async () => {
  const pageRenderer = rendererFromSources();
  fake = await createTestApp({ RATE_LIMITS: 'off', PAYNOW_URL: 'fake' }, { pageRenderer });
  real = await createTestApp({ RATE_LIMITS: 'off' }, { pageRenderer });
  await resetData();
});
afterAll(async () => {
  await fake.close();
  await real.close();
});

describe('a fake payment gateway (PAYNOW_URL=fake)', () => {
  it('is told to every page through the event, and to the pages rendered on the server', async () => {
    expect((await fake.inject({ url: '/api/event' })).json().testPayments).toBe(true);
    expect((await fake.inject({ url: '/Register' })).body).toContain(BANNER);
  });

  it('is not there with the real Paynow', async () => {
    expect((await real.inject({ url: '/api/event' })).json().testPayments).toBe(false);
    expect((await real.inject({ url: '/Register' })).body).not.toContain(BANNER);
  });
});
