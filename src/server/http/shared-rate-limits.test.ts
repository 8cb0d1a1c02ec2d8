import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, ORIGIN, testDatabaseKind } from '../../../tests/support/test-app.ts';
import type { App } from '../app.ts';
import { ACTION_LIMITS, SIGN_IN_THROTTLE } from './limits.ts';

// Two servers on one database, as behind nginx: on PostgreSQL they count each client's requests together; on
// the embedded database (one server process) each counts in its own memory, as before.
let serverA: App;
let serverB: App;
beforeAll(async () => {
  serverA = await createTestApp({ RATE_LIMITS: 'on' });
  serverB = await createTestApp({ RATE_LIMITS: 'on' });
});
afterAll(async () => {
  await serverA?.close();
  await serverB?.close();
});

/** A client address of its own, so that counts left by other tests in the shared database do not mix in. */
const someClient = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const search = (server: App, client: string) =>
  server.inject({ method: 'GET', url: '/api/registrations/search?q=moyo', remoteAddress: client });
/** Longer than the shared store's flush interval (50 ms). */
const flushed = () => new Promise((resolve) => setTimeout(resolve, 300));

/** Sends `count` searches from one client, turn and turn about to A and B, as nginx would. */
async function alternate(client: string, count: number) {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) {
    answers.push((await search(i % 2 === 0 ? serverA : serverB, client)).statusCode);
    // Each server adds its counts to the shared ones within 50 ms.
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
  return answers;
}

describe(`rate limits across servers (${testDatabaseKind})`, () => {
  const { max } = ACTION_LIMITS.search;

  it.runIf(testDatabaseKind === 'postgres')(
    'refuses a client over its limit whichever server it reaches: its requests to both count together',
    async () => {
      const client = someClient();
      const answers = await alternate(client, max + 10);
      const allowed = answers.filter((status) => status === 200).length;
      // A server decides from the shared count as of its last flush: each may let one more through.
      expect(allowed).toBeGreaterThanOrEqual(max);
      expect(allowed).toBeLessThanOrEqual(max + 2);
      expect(answers.slice(-6)).toEqual(Array(6).fill(429));
      const refused = await search(serverB, client);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not held back by this one.
      expect((await search(serverB, someClient())).statusCode).toBe(200);
    },
  );

  it.runIf(testDatabaseKind === 'postgres')(
    'has a server that had not seen the client refuse it from its second request',
    async () => {
      const client = someClient();
      for (let i = 0; i < max; i++) expect((await search(serverA, client)).statusCode).toBe(200);
      expect((await search(serverA, client)).statusCode).toBe(429);
      await flushed();
      await search(serverB, client);
      await flushed();
      expect((await search(serverB, client)).statusCode).toBe(429);
      expect((await search(serverA, client)).statusCode).toBe(429);
    },
  );

  it.runIf(testDatabaseKind === 'pglite')(
    'counts in each server’s memory on the embedded database',
    async () => {
      const client = someClient();
      const answers = await alternate(client, max + 10);
      expect(answers.filter((status) => status === 200).length).toBe(max + 10);
      for (let i = 0; i < max / 2; i++) await search(serverA, client);
      expect((await search(serverA, client)).statusCode).toBe(429);
    },
  );
});

describe(`wrong passwords across servers (${testDatabaseKind})`, () => {
  const { max } = SIGN_IN_THROTTLE.perClient;
  const signIn = (server: App, client: string, email: string, password: string) =>
    server.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      remoteAddress: client,
      headers: { origin: ORIGIN },
      payload: { email, password },
    });

  it('counts a client’s wrong passwords on every server together', async () => {
    const { email, password } = await createAccount(serverA, 'participant');
    const client = someClient();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= max; attempt++) {
      statuses.push(
        (await signIn(attempt % 2 ? serverB : serverA, client, email, 'wrong password')).statusCode,
      );
    }
    if (testDatabaseKind === 'postgres') {
      expect(statuses).toEqual([...Array(max).fill(401), 429]);
      expect((await signIn(serverA, client, email, password)).statusCode).toBe(429);
      expect((await signIn(serverB, client, email, password)).statusCode).toBe(429);
    } else {
      // One server process on the embedded database: each app here counts its own, as before.
      expect(statuses).toEqual(Array(max + 1).fill(401));
    }
    // The owner, from an address that has not failed, signs in on either.
    expect((await signIn(serverB, someClient(), email, password)).statusCode).toBe(200);
  });
});
