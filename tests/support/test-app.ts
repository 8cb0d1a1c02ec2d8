import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeSignature } from 'better-auth/crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import type { HTTPMethods, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type App, type AppOptions, buildApp } from '../../src/server/app.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import {
  assignments,
  mailOutbox,
  men,
  registrations,
  storedFiles,
  submissions,
} from '../../src/server/db/schema/index.ts';
import { seed } from '../../src/server/db/seed/index.ts';
import { loadEnv } from '../../src/server/env.ts';
import type { Role } from '../../src/shared/accounts/account.ts';
import { runnerEntry } from './entries.ts';
import { type AdminRace, raceAsSent } from './races.ts';
import { TEST_EDITION } from './test-edition.ts';

let shared: Promise<DatabaseHandle> | undefined;

/** Which database the API tests run on: TEST_DATABASE_URL (PostgreSQL) or PGlite in memory. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** One database for the whole run (files share a worker), migrated from scratch and seeded. */
export function testDatabase(): Promise<DatabaseHandle> {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 60 });
    if (url) {
      await database.db.execute(
        sql.raw('drop schema if exists drizzle cascade; drop schema public cascade; create schema public;'),
      );
    }
    await database.migrate();
    await seed(database.db, TEST_EDITION);
    return database;
  })();
  return shared;
}

/** Tests change the database by hand between requests: the public pages check the event at every one. */
export const EVENT_AT_EVERY_REQUEST = { checkAfterMs: 0, waitAfterMs: 0 };

export async function createTestApp(
  env: Record<string, string> = {},
  options: Omit<AppOptions, 'env' | 'database'> = {},
) {
  const database = await testDatabase();
  return buildApp({
    env: loadEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', ...env }),
    database,
    eventFreshness: EVENT_AT_EVERY_REQUEST,
    ...options,
  });
}

/** Empties the tables that tests fill and puts the event back as seeded. */
export async function resetData() {
  const { db } = await testDatabase();
  await db.execute(
    sql.raw(
      'truncate registrations, mail_outbox, race_options, events, men, facilitators, workout_sessions, programme_years, assignments, checklist_items, cell_groups, "user", verification, audit_log, erasure_requests, job_runs, paynow_unchecked_messages cascade',
    ),
  );
  await seed(db, TEST_EDITION);
}

export const ORIGIN = 'http://localhost:3000';

export type SignedIn = Awaited<ReturnType<typeof signedInAs>>;

type Payload = InjectOptions['payload'];
type Headers = Record<string, string>;

/**
 * Requests as this signed-in account (or as a visitor: undefined), with the Origin a browser sends. The
 * cookie is read at each request: setUpTestApp's `admin` is signed in anew before each test.
 */
export function injectAs(app: App, who?: { cookie: string }) {
  const send = (method: HTTPMethods, url: string, payload?: Payload, headers: Headers = {}) =>
    app.inject({
      method,
      url,
      payload,
      headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}), ...headers },
    });
  return {
    send,
    get: (url: string, headers?: Headers) => send('GET', url, undefined, headers),
    post: (url: string, payload?: Payload, headers?: Headers) => send('POST', url, payload, headers),
    put: (url: string, payload?: Payload, headers?: Headers) => send('PUT', url, payload, headers),
    patch: (url: string, payload?: Payload, headers?: Headers) => send('PATCH', url, payload, headers),
    delete: (url: string, payload?: Payload, headers?: Headers) => send('DELETE', url, payload, headers),
  };
}

type Injector = ReturnType<typeof injectAs>;

/** The current event's races as an admin reads them (GET /api/admin/event). */
export async function adminRaces(asAdmin: Injector): Promise<AdminRace[]> {
  return (await asAdmin.get('/api/admin/event')).json().races;
}

/** Saves the event's races as an admin, each with the changes `change` answers for it ({}: as it was). */
export async function changeRaces(asAdmin: Injector, change: (race: AdminRace) => Record<string, unknown>) {
  const races = (await adminRaces(asAdmin)).map((race) => raceAsSent(race, change(race)));
  expect((await asAdmin.put('/api/admin/event/races', { races })).statusCode).toBe(200);
}

/** Records a payment by hand, as an admin does in an entry's payment form (in USD), and checks it was taken. */
export async function paidByHand(
  asAdmin: Injector,
  id: string | undefined,
  payment: { method: string; amount: string; paidOn: string },
) {
  const response = await asAdmin.put(`/api/participants/${id}/payment`, {
    status: 'paid',
    currency: 'USD',
    ...payment,
  });
  expect(response.statusCode).toBe(200);
}

/**
 * Stands in for an object the hooks make later, so a test file can name it once at the top (as it
 * named its `let app` before) and use it in tests and helpers unchanged.
 */
export function madeLater<T extends object>(what: string, current: () => T | undefined): T {
  const made = () => {
    const value = current();
    if (!value) throw new Error(`${what} is made in beforeAll: use it in a hook or a test`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value = made();
      const field = Reflect.get(value, key, value);
      return typeof field === 'function' ? field.bind(value) : field;
    },
    has: (_, key) => Reflect.has(made(), key),
  });
}

/**
 * The hooks most API test files share: one app for the file (rate limits off unless `env` says), the
 * data as seeded before each test (or once, `reset: 'once'`), and before each test a newly signed-in
 * admin, since resetting empties the accounts (`admin: false` when the file needs none), with `visitor`
 * and `asAdmin` to send requests as each. `dataDir` gives the app a real, temporary data directory, named
 * with this prefix and removed at the end.
 */
export function setUpTestApp({
  env = {},
  reset = 'each',
  admin: signInAdmin = true,
  dataDir: dataDirPrefix,
}: {
  env?: Record<string, string>;
  reset?: 'each' | 'once';
  admin?: boolean;
  dataDir?: string;
} = {}) {
  const dataDir = dataDirPrefix ? mkdtempSync(path.join(tmpdir(), dataDirPrefix)) : undefined;
  let app: App | undefined;
  let db: Database | undefined;
  const admin = {} as SignedIn;
  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMITS: 'off', ...(dataDir ? { DATA_DIR: dataDir } : {}), ...env });
    db = (await testDatabase()).db;
    if (reset === 'once') await resetData();
  });
  afterAll(async () => {
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  if (reset === 'each') {
    beforeEach(async () => {
      await resetData();
      if (signInAdmin && app) Object.assign(admin, await signedInAs(app, 'admin'));
    });
  }
  const madeApp = madeLater('the test app', () => app);
  return {
    app: madeApp,
    db: madeLater('the test database', () => db),
    admin,
    dataDir: dataDir ?? '',
    /** Requests as a visitor, and as the admin signed in before each test. */
    visitor: injectAs(madeApp),
    asAdmin: injectAs(madeApp, admin),
  };
}

let accountSerial = 0;

// Hashing a password costs ~180 ms of CPU here (scrypt, as configured for production), and nearly every test
// makes accounts: each password is hashed once per process, every account made with it shares that hash.
const hashes = new Map<string, Promise<string>>();

/** A verified account with this role, created directly (no mail), not signed in. */
export async function createAccount(app: App, role: Role, password = 'a long enough password') {
  accountSerial += 1;
  const email = `${role}.${accountSerial}.${Date.now()}@example.com`;
  const { internalAdapter, password: hasher } = await app.context.auth.$context;
  if (!hashes.has(password)) hashes.set(password, hasher.hash(password));
  const user = await internalAdapter.createUser(
    { email, name: `Test ${role} ${accountSerial}`, emailVerified: true, role },
    { method: 'admin' },
  );
  await internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await hashes.get(password),
  });
  return { id: user.id, email, password };
}

/**
 * A verified account with this role and its session cookie, made as sign-in makes them (a session row, its
 * token signed with the app's secret) without checking the password again: signing in through the route
 * is accounts.test.ts's to test (as better-auth's own test utilities do).
 */
export async function signedInAs(app: App, role: Role, password = 'a long enough password') {
  const { id, email } = await createAccount(app, role, password);
  const context = await app.context.auth.$context;
  const { token } = await context.internalAdapter.createSession(id);
  const signed = `${token}.${await makeSignature(token, context.secret)}`;
  const cookie = `${context.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`;
  return { id, email, password, cookie };
}

/** A signed-in participant with his programme record. */
export async function signedInMan(app: App, firstName: string, lastName: string) {
  const account = await signedInAs(app, 'participant');
  const { db } = await testDatabase();
  const [row] = await db
    .insert(men)
    .values({ firstName, lastName, email: account.email, mobile: '+263771234567', userId: account.id })
    .returning();
  return { ...account, manId: row?.id ?? '' };
}

/** Registers runnerEntry(tag, overrides) as a visitor; answers the stored entry and its private link's token. */
export async function registeredRunner(app: App, tag: string, overrides: Record<string, unknown> = {}) {
  const response = await injectAs(app).post('/api/registrations', runnerEntry(tag, overrides));
  expect(response.statusCode).toBe(201);
  const receipt = response.json();
  const { db } = await testDatabase();
  const [row] = await db.select().from(registrations).where(eq(registrations.reference, receipt.reference));
  if (!row) throw new Error('no entry');
  return { row, token: String(receipt.myLink).replace('/My/', '') };
}

/**
 * Signs up through the public form and follows the link of the confirmation mail, as a new user does;
 * answers the link's response (its Set-Cookie signs him in).
 */
export async function signedUpAndConfirmed(
  app: App,
  name: string,
  email: string,
  password = 'a long password',
) {
  await injectAs(app).post('/api/account/sign-up', { name, email, password });
  const { db } = await testDatabase();
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'Confirm%')));
  const link = new URL(mail?.text?.match(/https?:\/\/\S+/)?.[0] ?? '');
  return app.inject({ url: link.pathname + link.search });
}

/** A small PDF, the kind of file a man uploads for an assignment. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** Uploads a file for an assignment as `who`, as the progress page does. */
export function uploadSubmission(
  app: App,
  who: { cookie: string },
  assignmentId: string | undefined,
  name: string,
  body: Buffer = PDF,
) {
  const form = multipartFile(name, body, 'application/pdf');
  return injectAs(app, who).post(`/api/me/assignments/${assignmentId}/submission`, form.payload, {
    'content-type': form.contentType,
  });
}

/** The folder of the uploaded documents in a data directory setUpTestApp made. */
export const privateUploads = (dataDir: string) => path.join(dataDir, 'uploads', 'private');

const UPLOAD_KEY = /^[0-9a-f-]{36}$/;

/**
 * The keys of the uploaded documents stored, sorted: files in the data directory on the embedded database,
 * rows of stored_files on PostgreSQL (where every server sees them).
 */
export async function storedUploadKeys(dataDir: string): Promise<string[]> {
  if (testDatabaseKind === 'pglite') return readdirSync(privateUploads(dataDir)).sort();
  const { db } = await testDatabase();
  const rows = await db.select({ key: storedFiles.key }).from(storedFiles);
  return rows
    .map((row) => row.key)
    .filter((key) => UPLOAD_KEY.test(key))
    .sort();
}

/** Removes every uploaded document stored (see storedUploadKeys). */
export async function removeStoredUploads(dataDir: string) {
  if (testDatabaseKind === 'pglite') {
    for (const file of readdirSync(privateUploads(dataDir))) rmSync(path.join(privateUploads(dataDir), file));
    return;
  }
  const { db } = await testDatabase();
  for (const key of await storedUploadKeys(dataDir))
    await db.delete(storedFiles).where(eq(storedFiles.key, key));
}

/**
 * A signed-in man who has uploaded a document for the first assignment, checked to be on disk in this data
 * directory; answers him and the file's storage key.
 */
export async function manWithUpload(app: App, dataDir: string, firstName: string, lastName: string) {
  const { db } = await testDatabase();
  const [assignment] = await db.select().from(assignments).orderBy(assignments.dueOn);
  const him = await signedInMan(app, firstName, lastName);
  expect((await uploadSubmission(app, him, assignment?.id, 'essay.pdf')).statusCode).toBe(201);
  const [file] = await db.select().from(submissions).where(eq(submissions.manId, him.manId));
  expect(await storedUploadKeys(dataDir)).toContain(file?.storageKey);
  return { ...him, storageKey: file?.storageKey ?? '' };
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((line) => line.split(';')[0]).join('; ');
}

/** A multipart/form-data body with one file field, as a browser sends an upload. */
export function multipartFile(fileName: string, body: Buffer, contentType = 'application/octet-stream') {
  const boundary = '----celebration-test';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}
