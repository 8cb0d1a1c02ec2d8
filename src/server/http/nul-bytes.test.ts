import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rendererFromSources } from '../../../tests/support/page-renderer.ts';
import {
  createTestApp,
  injectAs,
  multipartFile,
  ORIGIN,
  resetData,
  signedInAs,
} from '../../../tests/support/test-app.ts';
import { ROLES, type Role } from '../../shared/accounts/account.ts';
import { PLAIN_TEXT_ONLY } from '../../shared/validation.ts';
import type { App } from '../app.ts';
import { createLogger } from '../logger.ts';
import { withoutAccount } from './access.ts';

let app: App;
const cookies = new Map<Role, string>();
/** What the server logged at warn or above while the tests ran. */
const logged: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      if (JSON.parse(String(chunk)).level >= 40) logged.push(String(chunk));
      done();
    },
  });
  app = await createTestApp(
    { RATE_LIMITS: 'off' },
    { pageRenderer: rendererFromSources(), logger: createLogger('info', sink) },
  );
  await app.ready();
  await resetData();
  for (const role of ROLES) cookies.set(role, (await signedInAs(app, role)).cookie);
});
afterAll(() => app.close());

const PAYNOW_RESULT = '/api/paynow/result';
const hasBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
// The API's catch-all answers every method there is; these are the ones a browser or Paynow sends.
const routes = () =>
  app.apiRoutes.filter((route) => ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));

/** A route called by someone it lets in, with every parameter set to `param`. */
function call(
  route: App['apiRoutes'][number],
  { param = 'no-such-id', query = '', payload }: { param?: string; query?: string; payload?: string },
) {
  const cookie = withoutAccount(route.access) ? undefined : cookies.get(route.access[0] as Role);
  const url = route.url.replace(/:[A-Za-z]+/g, param).replace('*', param);
  return injectAs(app, cookie ? { cookie } : undefined).send(
    route.method,
    `${url}${query}`,
    payload,
    payload ? { 'content-type': 'application/json' } : {},
  );
}

/** The refusal every route gives a NUL, naming where it was; Paynow's result URL answers OK instead. */
function refused(route: App['apiRoutes'][number], response: LightMyRequestResponse, path: string) {
  const label = `${route.method} ${route.url} (${response.statusCode}) ${response.body.slice(0, 200)}`;
  if (route.url === PAYNOW_RESULT) {
    expect(response.statusCode, label).toBe(200);
    expect(response.body, label).toBe('OK');
    return;
  }
  expect(response.statusCode, label).toBe(400);
  if (route.method === 'HEAD') return;
  expect(response.headers['content-type'], label).toContain('application/problem+json');
  expect(response.json().errors, label).toEqual([{ path, message: PLAIN_TEXT_ONLY }]);
}

describe('a NUL character (U+0000) in any text input of any route', () => {
  it('in the query string: refused with 400 by every route', async () => {
    expect(app.apiRoutes.length).toBeGreaterThan(100);
    for (const route of routes()) {
      refused(route, await call(route, { query: '?note=a%00b' }), 'note');
    }
  });

  it('in a path parameter: refused with 400 by every route that has one', async () => {
    const withParams = routes().filter((route) => /[:*]/.test(route.url));
    expect(withParams.length).toBeGreaterThan(20);
    for (const route of withParams) {
      const response = await call(route, { param: 'a%00b' });
      const name = route.url.includes('*') ? '*' : (route.url.match(/:([A-Za-z]+)/)?.[1] ?? '');
      refused(route, response, name);
    }
  });

  it('in a JSON body, as a value or a key at any depth: refused with 400 by every route that takes one', async () => {
    for (const route of routes().filter((r) => hasBody(r.method))) {
      refused(route, await call(route, { payload: '{"name":"a\\u0000b"}' }), 'name');
      refused(route, await call(route, { payload: '{"list":[{"x\\u0000":"y"}]}' }), 'list.0.x\u0000');
    }
  });

  it('in a form posted without JavaScript: refused with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/Register',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'firstName=Ann%00&lastName=Moyo',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'firstName', message: PLAIN_TEXT_ONLY }]);
  });

  it('in a status update to Paynow’s result URL: stripped, answered OK', async () => {
    const response = await app.inject({
      method: 'POST',
      url: PAYNOW_RESULT,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'reference=NO%00PE&amount=1.00&status=Paid%00&hash=00',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('OK');
  });

  it('in an uploaded statement CSV: refused with 400 naming the file', async () => {
    const form = multipartFile(
      'statement.csv',
      Buffer.from('Transaction Date,Narrative,Amount\n2026-03-01,CEL-ABC\u0000,20.00\n'),
      'text/csv',
    );
    const query = new URLSearchParams({
      account: 'usd_bank',
      date: 'Transaction Date',
      narrative: 'Narrative',
      amount: 'Amount',
    });
    for (const url of ['/api/statements/preview', '/api/statements']) {
      const response = await app.inject({
        method: 'POST',
        url: `${url}?${query}`,
        headers: { origin: ORIGIN, cookie: cookies.get('admin'), 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'file', message: PLAIN_TEXT_ONLY }]);
    }
  });

  it('left nothing in the error log', () => {
    expect(logged.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
  });
});
