import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rendererFromSources } from '../../../tests/support/page-renderer.ts';
import { createTestApp, injectAs, resetData, signedInAs } from '../../../tests/support/test-app.ts';
import { ROLES, type Role } from '../../shared/accounts/account.ts';
import type { App } from '../app.ts';
import { withoutAccount } from './access.ts';

let app: App;
const cookies = new Map<Role | 'visitor', string | undefined>();

beforeAll(async () => {
  // With the server-rendered pages and their form posts, which declare their access too.
  app = await createTestApp({ RATE_LIMITS: 'off' }, { pageRenderer: rendererFromSources() });
  await app.ready();
  await resetData();
  cookies.set('visitor', undefined);
  for (const role of ROLES) cookies.set(role, (await signedInAs(app, role)).cookie);
});
afterAll(() => app.close());

/** A concrete URL for a route pattern: every parameter and wildcard gets a harmless value. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'no-such-id').replace('*', 'no-such-path');

type Answer = { route: App['apiRoutes'][number]; caller: Role | 'visitor'; response: LightMyRequestResponse };
let walked: Promise<Answer[]> | undefined;

/** Every route called once by every kind of caller, with an empty body where it takes one. */
function walkRouteTable(): Promise<Answer[]> {
  walked ??= (async () => {
    const answers: Answer[] = [];
    for (const route of app.apiRoutes) {
      // Signing out would end the session the next rows need; it is public and covered by its own tests.
      if (route.url.endsWith('/account/sign-out')) continue;
      for (const [caller, cookie] of cookies) {
        const response = await injectAs(app, cookie ? { cookie } : undefined).send(
          route.method,
          concrete(route.url),
          ['GET', 'HEAD'].includes(route.method) ? undefined : {},
        );
        answers.push({ route, caller, response });
      }
    }
    return answers;
  })();
  return walked;
}

describe('every API route answers as it declares, for every kind of caller', () => {
  it('has routes to walk, including public and admin ones and the pages the server renders', () => {
    expect(app.apiRoutes).toContainEqual({ method: 'POST', url: '/Register', access: 'public' });
    expect(app.apiRoutes).toContainEqual({ method: 'GET', url: '/', access: 'public' });
    expect(app.apiRoutes.some((route) => route.access === 'public')).toBe(true);
    expect(
      app.apiRoutes.some((route) => !withoutAccount(route.access) && route.access.includes('admin')),
    ).toBe(true);
  });

  it('gives 401 to visitors and 403 to wrong roles on protected routes, and lets the right ones through', async () => {
    const mismatches: string[] = [];
    for (const { route, caller, response } of await walkRouteTable()) {
      const expected = withoutAccount(route.access)
        ? 'allowed'
        : caller === 'visitor'
          ? 401
          : route.access.includes(caller)
            ? 'allowed'
            : 403;
      const got = response.statusCode;
      const ok = expected === 'allowed' ? got !== 401 && got !== 403 && got < 500 : got === expected;
      if (!ok) mismatches.push(`${route.method} ${route.url} as ${caller}: expected ${expected}, got ${got}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('marks every answer of a route that needs an account, refusals included, and every cookie change no-store', async () => {
    const cacheable: string[] = [];
    let personalAnswers = 0;
    for (const { route, caller, response } of await walkRouteTable()) {
      if (route.access === 'public' && !response.headers['set-cookie']) continue;
      personalAnswers += 1;
      if (response.headers['cache-control'] !== 'no-store') {
        cacheable.push(
          `${route.method} ${route.url} as ${caller} (${response.statusCode}): ${response.headers['cache-control']}`,
        );
      }
    }
    expect(personalAnswers).toBeGreaterThan(100);
    expect(cacheable).toEqual([]);
  });

  it('answers refusals as problem+json', async () => {
    const response = await injectAs(app).get('/api/accounts');
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
  });
});
