import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runnerEntry } from '../../../tests/support/entries.ts';
import { freePort } from '../../../tests/support/free-port.ts';
import {
  createAccount,
  EVENT_AT_EVERY_REQUEST,
  resetData,
  testDatabase,
} from '../../../tests/support/test-app.ts';
import { type App, buildApp } from '../app.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { loadEnv } from '../env.ts';

// Started without PUBLIC_URL and opened from another machine, as a phone on the church Wi-Fi opens it: by the
// machine's address on the network, which every machine with a network card has (CI's included).
const lanAddress = Object.values(networkInterfaces())
  .flatMap((list) => list ?? [])
  .find((address) => address.family === 'IPv4' && !address.internal)?.address;

const clientDir = mkdtempSync(path.join(tmpdir(), 'celebration-lan-'));
let app: App;
let site = '';

beforeAll(async () => {
  if (!lanAddress) return;
  mkdirSync(clientDir, { recursive: true });
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Celebration</title>');
  const port = await freePort();
  app = await buildApp({
    eventFreshness: EVENT_AT_EVERY_REQUEST,
    env: loadEnv({ NODE_ENV: 'test', HOST: '0.0.0.0', PORT: String(port), RATE_LIMITS: 'off' }),
    database: await testDatabase(),
    serveClient: true,
    clientDir,
  });
  await resetData();
  await app.listen({ host: '0.0.0.0', port });
  site = `http://${lanAddress}:${port}`;
});
afterAll(async () => {
  await app?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const json = (origin: string, body: unknown, cookie?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
  redirect: 'manual' as const,
});

describe.skipIf(!lanAddress)(
  'without PUBLIC_URL, opened at the machine’s address on the network (skipped only on a machine with no address but loopback)',
  () => {
    it('answers the page there instead of sending the phone to localhost', async () => {
      const response = await fetch(`${site}/Register`, { redirect: 'manual' });
      expect(response.status).toBe(200);
      expect(response.headers.get('location')).toBeNull();
    });

    it('signs in there and takes saves from there, but not from another site', async () => {
      const { email, password } = await createAccount(app, 'admin');
      const signIn = await fetch(`${site}/api/account/sign-in`, json(site, { email, password }));
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const foreign = await fetch(`${site}/api/account/sign-out`, json('http://evil.example', {}, cookie));
      expect(foreign.status).toBe(403);
      const session = await fetch(`${site}/api/account/session`, { headers: { cookie } });
      expect((await session.json()).user.email).toBe(email);
      const signOut = await fetch(`${site}/api/account/sign-out`, json(site, {}, cookie));
      expect(signOut.status).toBe(204);
    });

    it('mails links to that address, whatever Host a request names', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/registrations',
        headers: { host: 'evil.example', origin: 'http://evil.example' },
        payload: runnerEntry('lan'),
      });
      expect(response.statusCode).toBe(201);
      const { db } = await testDatabase();
      const [mail] = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
      expect(mail?.text).toContain(`${site}/My/`);
      expect(mail?.text).not.toContain('evil.example');
      expect(app.context.links.site).toBe(site);
    });
  },
);
