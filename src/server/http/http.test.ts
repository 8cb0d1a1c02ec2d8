import { Readable } from 'node:stream';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  ORIGIN,
  signedInAs,
  testDatabase,
  testDatabaseKind,
} from '../../../tests/support/test-app.ts';
import type { App } from '../app.ts';
import { cellGroups, men } from '../db/schema/index.ts';
import { BODY_LIMITS } from './limits.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe(`HTTP basics (${testDatabaseKind})`, () => {
  it('answers /healthz and /readyz', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: testDatabaseKind });
  });

  it('answers an unknown API path with a 404 problem', async () => {
    const response = await app.inject('/api/nowhere');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json().detail).toBe('The request body is not valid JSON.');
  });

  it('answers a form body over 16 KB with a 413 problem', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(BODY_LIMITS.default) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413, detail: 'The request is too large.' });
  });

  it('refuses 1 MB of nested JSON on a public route before parsing it, with or without a length', async () => {
    // One bracket short: parsed, it would be a 400 (not valid JSON); refused unread, it is a 413.
    const nested = `${'['.repeat(512 * 1024)}${']'.repeat(512 * 1024 - 1)}`;
    const chunks = nested.match(/[\s\S]{1,65536}/g) ?? [];
    for (const payload of [nested, Readable.from(chunks)]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/registrations',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('takes event settings with terms at their longest (20,000 characters), and no more than its limit', async () => {
    const { cookie } = await signedInAs(app, 'admin');
    const current = (await app.inject({ url: '/api/admin/event', headers: { cookie } })).json();
    const { backgroundImage, logoImage, termsVersion, races, ...input } = current;
    const longest = { ...input, termsText: '€'.repeat(20_000) };
    const save = (body: object) =>
      app.inject({
        method: 'PUT',
        url: '/api/admin/event',
        headers: { cookie, origin: ORIGIN },
        payload: body,
      });
    expect(Buffer.byteLength(JSON.stringify(longest))).toBeGreaterThan(BODY_LIMITS.default);
    const saved = await save(longest);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().termsText).toHaveLength(20_000);
    const tooLarge = await save({ ...input, termsText: 'x'.repeat(BODY_LIMITS.eventSettings) });
    expect(tooLarge.statusCode).toBe(413);
    await save(input);
  });

  it('takes a cell group of 500 men, over the 16 KB of an ordinary form', async () => {
    const { cookie } = await signedInAs(app, 'admin');
    const { db } = await testDatabase();
    const stamp = Date.now();
    const rows = await db
      .insert(men)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          firstName: 'Member',
          lastName: String(i),
          email: `member.${i}.${stamp}@example.com`,
          mobile: '+263771234567',
        })),
      )
      .returning({ id: men.id });
    const body = { name: `Big group ${stamp}`, facilitatorId: null, memberIds: rows.map((row) => row.id) };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(BODY_LIMITS.default);
    const response = await app.inject({
      method: 'POST',
      url: '/api/programme/groups',
      headers: { cookie, origin: ORIGIN },
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().memberIds).toHaveLength(500);
    await db.delete(cellGroups).where(eq(cellGroups.name, body.name));
    await db.delete(men).where(like(men.email, `member.%.${stamp}@example.com`));
  });

  it('answers validation failures with a message per field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { discipline: 'run' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors).toEqual(
      expect.arrayContaining([{ path: 'firstName', message: 'Enter your first name' }]),
    );
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const response = await app.inject('/healthz');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes the OpenAPI document', async () => {
    const response = await app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/registrations');
  });

  it('refuses to start with an API route that does not declare who may call it', async () => {
    const { default: Fastify } = await import('fastify');
    const { requireAccessDeclarations } = await import('./access.ts');
    const bare = Fastify();
    requireAccessDeclarations(bare);
    expect(() => bare.get('/api/secret', async () => 'x')).toThrow(/must declare config.access/);
    await bare.close();
  });
});
