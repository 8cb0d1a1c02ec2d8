import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind } from '../../../tests/support/test-app.ts';
import type { App } from '../app.ts';

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

  it('answers a body over 1 MB with a 413 problem', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413, detail: 'The request is too large.' });
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
