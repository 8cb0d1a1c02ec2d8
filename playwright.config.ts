import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_HEADLESS_SHELL } from './scripts/lib/chromium.ts';

const databaseUrl = process.env.E2E_DATABASE_URL;
if (!databaseUrl) {
  throw new Error(
    'Browser tests need E2E_DATABASE_URL (a PostgreSQL database). Run them through `npm test`, which starts one.',
  );
}
// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${PORT}`;
// The SMTP sink (tests/e2e/support/smtp-sink.ts) receives the app's mail; tests read it over HTTP.
const SMTP_SINK_PORT = PORT + 25;
const SMTP_SINK_HTTP_PORT = PORT + 26;
process.env.SMTP_SINK_HTTP_PORT = String(SMTP_SINK_HTTP_PORT);
// The fake Paynow (src/server/fakes/paynow.ts): its test numbers settle five times faster than Paynow's.
const FAKE_PAYNOW_PORT = PORT + 27;

const phone = {
  ...devices['Pixel 5'],
  viewport: { width: 390, height: 844 },
  browserName: 'chromium' as const,
};
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };

/**
 * Specs that change what every page shows (the event's settings, fees, editions, online payment, the
 * privacy notice, bibs) or count everything (the dashboard, statements, reminders, the programme's
 * totals): they run one at a time, first, and the rest two at a time after them.
 */
const ALONE = [
  'admin-dashboard',
  'bibs',
  'company',
  'editions',
  'event-settings',
  'fees',
  'landing-photo',
  'mark-paid',
  'offline-registration',
  'paynow',
  'privacy-minors',
  'programme',
  'programme-mails',
  'receipts',
  'statements',
  'waitlist',
].map((name) => `${name}.spec.ts`);

// Each worker is a client of its own: the server takes X-Forwarded-For from loopback, and limits sign-ups,
// sign-ins and registrations per address. Playwright loads this file again in each worker, which it numbers.
const worker = process.env.TEST_PARALLEL_INDEX;
const ownAddress: Record<string, string> =
  worker === undefined ? {} : { 'x-forwarded-for': `10.8.0.${Number(worker) + 1}` };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  // One retry, reported as "flaky" in the list: "an admin corrects an entry…, then cancels it" once kept
  // showing the cancelled entry after the list's refetch had answered (23 Nov, one run in three, not
  // reproduced alone). Until that is understood, a flake must not hide every other result; a test that
  // fails twice still fails.
  retries: 1,
  // Two cores run PostgreSQL, the server and Chromium together: give a loaded machine room.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // Recorded on the retry of a failed test only: recording every test's screencast and snapshots is costly.
    trace: 'on-first-retry',
    // The public pages install a service worker, whose cached answers page.route() never sees: the specs that
    // fake a failing request would then depend on whether it had installed. offline-registration.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: CHROMIUM_HEADLESS_SHELL, args: CHROMIUM_FLAGS },
    extraHTTPHeaders: ownAddress,
  },
  // `metadata.device` is what a spec asks (support/devices.ts); the names only order the runs.
  projects: [
    { name: 'phone-alone', testMatch: ALONE, use: phone, metadata: { device: 'phone' }, workers: 1 },
    {
      name: 'desktop-alone',
      testMatch: ALONE,
      use: desktop,
      metadata: { device: 'desktop' },
      workers: 1,
      dependencies: ['phone-alone'],
    },
    {
      name: 'phone',
      testIgnore: ALONE,
      use: phone,
      metadata: { device: 'phone' },
      dependencies: ['desktop-alone'],
    },
    {
      name: 'desktop',
      testIgnore: ALONE,
      use: desktop,
      metadata: { device: 'desktop' },
      dependencies: ['desktop-alone'],
    },
  ],
  // Started in this order: the mail sink is listening before the app sends its first message.
  webServer: [
    {
      command: 'npx tsx tests/e2e/support/smtp-sink.ts',
      url: `http://127.0.0.1:${SMTP_SINK_HTTP_PORT}/ready`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { SMTP_SINK_PORT: String(SMTP_SINK_PORT), SMTP_SINK_HTTP_PORT: String(SMTP_SINK_HTTP_PORT) },
    },
    {
      command: 'npx tsx tests/support/fake-paynow-server.ts',
      url: `http://127.0.0.1:${FAKE_PAYNOW_PORT}/ready`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { FAKE_PAYNOW_PORT: String(FAKE_PAYNOW_PORT), FAKE_PAYNOW_TIME_SCALE: '0.2' },
    },
    {
      // The tests' edition (2025, published) first: the server seeds none of its own then.
      command: 'npx tsx tests/support/prepare-database.ts && node dist/server/main.js',
      url: `${baseURL}/readyz`,
      timeout: 60_000,
      reuseExistingServer: false,
      // RATE_LIMITS stays at its default (on): the tests check the sign-in limit.
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATABASE_URL: databaseUrl,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'celebration-e2e-')),
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_SINK_PORT}?ignoreTLS=true`,
        PAYNOW_URL: `http://127.0.0.1:${FAKE_PAYNOW_PORT}`,
      },
    },
  ],
});
