import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_HEADLESS_SHELL } from './scripts/lib/chromium.ts';

const databaseUrl = process.env.E2E_DATABASE_URL;
if (!databaseUrl) {
  throw new Error(
    'Browser tests need E2E_DATABASE_URL (a PostgreSQL database). Run them through `npm test`, which starts one.',
  );
}
/**
 * Each worker has a server of its own (its own database, mail sink and fake Paynow): a spec that changes what
 * every page shows (the event's settings, fees, online payment) or counts everything (the dashboard,
 * statements) then never meets another spec running at the same time, and every spec runs two at a time.
 * Playwright loads this file again in each worker, which it numbers (TEST_PARALLEL_INDEX); the runner itself
 * starts every worker's servers.
 */
const WORKERS = 2;
// E2E_PORT lets two checkouts run their browser tests side by side; worker n's server listens 50 n above it.
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);
const worker =
  process.env.TEST_PARALLEL_INDEX === undefined ? undefined : Number(process.env.TEST_PARALLEL_INDEX);

function workerStack(index: number) {
  const port = FIRST_PORT + 50 * index;
  const database = new URL(databaseUrl as string);
  if (index > 0) database.pathname = `${database.pathname}_w${index}`;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    databaseUrl: database.toString(),
    // The SMTP sink (tests/e2e/support/smtp-sink.ts) receives the app's mail; tests read it over HTTP.
    smtpPort: port + 25,
    smtpHttpPort: port + 26,
    // The fake Paynow (src/server/fakes/paynow.ts): its test numbers settle five times faster than Paynow's.
    paynowPort: port + 27,
    // The fake txt.co.zw (src/server/fakes/txt-co-zw.ts): tests read the texts it took at /_messages.
    smsPort: port + 28,
    // Known to the specs, so they can store the event's SMS password encrypted as the server reads it.
    sessionSecret: `celebration-e2e-session-secret-${port}-000000`,
  };
}

const own = workerStack(worker ?? 0);
export const baseURL = own.baseURL;
// What the specs' helpers read: this worker's database and mail sink.
process.env.E2E_DATABASE_URL = own.databaseUrl;
process.env.SMTP_SINK_HTTP_PORT = String(own.smtpHttpPort);
process.env.FAKE_SMS_PORT = String(own.smsPort);
process.env.E2E_SESSION_SECRET = own.sessionSecret;

const phone = {
  ...devices['Pixel 5'],
  viewport: { width: 390, height: 844 },
  browserName: 'chromium' as const,
};
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };

// Each worker is a client of its own: the server takes X-Forwarded-For from loopback, and limits sign-ups,
// sign-ins and registrations per address.
const ownAddress: Record<string, string> =
  worker === undefined ? {} : { 'x-forwarded-for': `10.8.0.${worker + 1}` };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: WORKERS,
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
  // `metadata.device` is what a spec asks (support/devices.ts).
  projects: [
    { name: 'phone', use: phone, metadata: { device: 'phone' } },
    { name: 'desktop', use: desktop, metadata: { device: 'desktop' } },
  ],
  // Started in this order for each worker: the mail sink is listening before the app sends its first message.
  webServer: Array.from({ length: WORKERS }, (_, index) => workerServers(workerStack(index))).flat(),
});

type WebServer = Extract<PlaywrightTestConfig['webServer'], unknown[]>[number];

function workerServers(stack: ReturnType<typeof workerStack>): WebServer[] {
  return [
    {
      command: 'npx tsx tests/e2e/support/smtp-sink.ts',
      url: `http://127.0.0.1:${stack.smtpHttpPort}/ready`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { SMTP_SINK_PORT: String(stack.smtpPort), SMTP_SINK_HTTP_PORT: String(stack.smtpHttpPort) },
    },
    {
      command: 'npx tsx tests/support/fake-paynow-server.ts',
      url: `http://127.0.0.1:${stack.paynowPort}/ready`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { FAKE_PAYNOW_PORT: String(stack.paynowPort), FAKE_PAYNOW_TIME_SCALE: '0.2' },
    },
    {
      command: 'npx tsx tests/support/fake-sms-server.ts',
      url: `http://127.0.0.1:${stack.smsPort}/ready`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { FAKE_SMS_PORT: String(stack.smsPort) },
    },
    {
      // The tests' edition (2025, published) first: the server seeds none of its own then.
      command: 'npx tsx tests/support/prepare-database.ts && node dist/server/main.js',
      url: `${stack.baseURL}/readyz`,
      timeout: 60_000,
      reuseExistingServer: false,
      // RATE_LIMITS stays at its default (on): the tests check the sign-in limit.
      env: {
        NODE_ENV: 'production',
        PORT: new URL(stack.baseURL).port,
        HOST: '127.0.0.1',
        PUBLIC_URL: stack.baseURL,
        DATABASE_URL: stack.databaseUrl,
        // prepare-database.ts makes the second worker's database beside the first.
        CREATE_DATABASE: 'if missing',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'celebration-e2e-')),
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${stack.smtpPort}?ignoreTLS=true`,
        PAYNOW_URL: `http://127.0.0.1:${stack.paynowPort}`,
        SMS_URL: `http://127.0.0.1:${stack.smsPort}`,
        SESSION_SECRET: stack.sessionSecret,
        // The specs change the database by hand (SQL) between pages: the event is checked at every request.
        EVENT_CHECK_MS: '0',
      },
    },
  ];
}
