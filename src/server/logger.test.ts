import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN } from '../../tests/support/test-app.ts';
import type { App } from './app.ts';
import { PRIVATE_LINK_PAGES, PRIVATE_PARAMS } from './http/private-paths.ts';
import { createLogger, logDestination, loggablePath } from './logger.ts';

const lines: string[] = [];
let app: App;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await createTestApp({ RATE_LIMITS: 'off' }, { logger: createLogger('info', sink) });
  await app.ready();
});
afterAll(() => app.close());

/** A secret as our links carry them: 32 random bytes in base64url, or a check-in code's 32 hex digits. */
const secretFor = (param: string) =>
  param === 'code' ? randomBytes(16).toString('hex') : randomBytes(32).toString('base64url');

/** The route's URL with a fresh secret in each private parameter (and an id elsewhere), and those secrets. */
function withSecrets(pattern: string) {
  const secrets: string[] = [];
  const url = pattern.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    if (!PRIVATE_PARAMS.has(name)) return '12345';
    const secret = secretFor(name);
    secrets.push(secret);
    return secret;
  });
  return { url, secrets };
}

const privateRoutes = () => [
  ...app.apiRoutes.filter((route) => /:(token|code)\b/.test(route.url)),
  ...PRIVATE_LINK_PAGES.filter((page) => page.includes(':')).map((url) => ({ method: 'GET', url })),
];

describe('the log', () => {
  it('finds the routes of private links in the route table, the payment links among them', () => {
    const urls = privateRoutes().map((route) => route.url);
    expect(urls).toContain('/api/pay/:token');
    expect(urls).toContain('/api/pay/:token/attempts/:id');
    expect(urls).toContain('/api/check-in/code/:code');
    expect(urls).toContain('/My/:token');
  });

  it('never shows a secret of any route that has one, at any spelling, by any method', async () => {
    const shown: string[] = [];
    for (const route of privateRoutes()) {
      const { url, secrets } = withSecrets(route.url);
      lines.length = 0;
      // As declared, with a query; shouted with a trailing slash (the router ignores both); by a method it lacks.
      for (const [method, path] of [
        [route.method, `${url}?from=mail`],
        [route.method, `${url.toUpperCase()}/`],
        ['DELETE', url],
      ] as const) {
        await app.inject({
          method: method as 'GET',
          url: path,
          headers: { origin: ORIGIN },
          ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
        });
      }
      const logged = lines.join('');
      expect(logged, `${route.method} ${route.url} was logged`).toContain('[token]');
      for (const secret of secrets) {
        if (logged.toLowerCase().includes(secret.toLowerCase())) shown.push(`${route.method} ${route.url}`);
      }
    }
    expect(shown).toEqual([]);
  });

  it('writes one JSON line per request at info: what was asked, the status and the time taken', async () => {
    lines.length = 0;
    await app.inject({ url: '/api/event?from=mail' });
    const logged = lines.map((line) => JSON.parse(line));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/api/event' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: expect.stringMatching(/^GET \/api\/event 200 \d+ ms$/),
    });
  });

  it('writes readable lines to a terminal, and leaves JSON to anything else', async () => {
    const written: string[] = [];
    const terminal = Object.assign(
      new Writable({
        write(chunk, _encoding, done) {
          written.push(String(chunk));
          done();
        },
      }),
      { isTTY: true },
    );
    createLogger('info', await logDestination(terminal)).info(
      { req: { method: 'GET', url: '/Register' }, res: { statusCode: 200 }, responseTime: 3 },
      'GET /Register 200 3 ms',
    );
    expect(written.join('')).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/Register 200 3 ms\n$/);
    expect(await logDestination(new Writable())).toBeUndefined();
  });

  it('keeps the paths of routes that are not tokens', () => {
    expect(loggablePath('/api/my/links')).toBe('/api/my/links');
    expect(loggablePath('/My/links')).toBe('/My/links');
    expect(loggablePath('/api/participants/12345/payment?x=1')).toBe('/api/participants/12345/payment');
  });
});
