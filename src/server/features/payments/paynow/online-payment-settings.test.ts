import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EVENT_AT_EVERY_REQUEST,
  injectAs,
  ORIGIN,
  resetData,
  signedInAs,
  testDatabase,
} from '../../../../../tests/support/test-app.ts';
import { type App, buildApp } from '../../../app.ts';
import { events } from '../../../db/schema/index.ts';
import { loadEnv } from '../../../env.ts';
import { createLogger } from '../../../logger.ts';

const KEY = 'b7c1e2d3-0000-4ce5-ab6e-6b1eb2d4f977';
let logged = '';
let app: App;
let cookie = '';

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk);
      done();
    },
  });
  app = await buildApp({
    eventFreshness: EVENT_AT_EVERY_REQUEST,
    env: loadEnv({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN, RATE_LIMITS: 'off' }),
    database: await testDatabase(),
    logger: createLogger('trace', sink),
  });
});
afterAll(() => app.close());
beforeEach(async () => {
  await resetData();
  cookie = (await signedInAs(app, 'admin')).cookie;
});

const settings = (payload?: object) =>
  injectAs(app, { cookie }).send(payload ? 'PUT' : 'GET', '/api/admin/online-payment', payload);
const input = {
  enabled: true,
  integrationId: '1201',
  integrationKey: KEY,
  methods: ['ecocash', 'web'],
  currency: 'USD',
};

describe('online payment settings', () => {
  it('are off until an admin turns them on', async () => {
    expect((await settings()).json()).toMatchObject({ enabled: false, keySet: false });
  });

  it('keep the key write-only: never in an answer, the log or the database in clear', async () => {
    const saved = await settings(input);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      enabled: true,
      integrationId: '1201',
      methods: ['ecocash', 'web'],
      currency: 'USD',
      omariMethod: 'paygo',
      keySet: true,
    });
    const kept = await settings({ ...input, integrationKey: '', methods: ['onemoney'] });
    expect(kept.json()).toMatchObject({ keySet: true, methods: ['onemoney'] });
    for (const answer of [saved, kept, await settings()]) expect(answer.body).not.toContain(KEY);
    expect(logged).not.toContain(KEY);
    const { db } = await testDatabase();
    const [row] = await db.select().from(events).where(eq(events.isCurrent, true));
    expect(row?.paynowKeyEncrypted).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(KEY);
  });

  it('cannot be turned on without an ID, a key and a way to pay', async () => {
    const refused = await settings({ ...input, integrationId: '', integrationKey: '', methods: [] });
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['integrationId', 'methods']);
    const noKey = await settings({ ...input, integrationKey: '' });
    expect(noKey.json().errors).toEqual([
      { path: 'integrationKey', message: expect.stringMatching(/integration key/) },
    ]);
  });
});
