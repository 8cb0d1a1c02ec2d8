import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { mailOutbox, raceOptions, registrations } from '../../src/server/db/schema/index.ts';
import type { Discipline } from '../../src/shared/events/event.ts';
import { letters, runnerEntry } from './entries.ts';
import { injectAs, setUpTestApp } from './test-app.ts';

// What the tests of POST /api/registrations and its search share (src/server/features/registrations).

export type Body = Record<string, unknown>;

let serial = 0;
/** A valid runner entry for a new, distinct person; overrides win. */
export function entry(overrides: Body = {}): Body {
  serial += 1;
  return runnerEntry(letters(serial), overrides);
}

export const cyclist = (overrides: Body = {}) =>
  entry({ discipline: 'cycle', raceType: '15km', tshirtSize: 'Large', ...overrides });

/**
 * setUpTestApp's hooks for the registration tests, without an admin, and the helpers below on its app and
 * database. Rate limits (off here) are per IP and every injected request comes from the same one; they have
 * their own tests.
 */
export function setUpRegistrationTests() {
  const { app, db } = setUpTestApp({ admin: false });
  return { app, db, ...registrationHelpers(app, db) };
}

/** Registering, searching and reading back what was stored, on the app and database setUpTestApp made. */
export function registrationHelpers(app: App, db: Database) {
  const visitor = injectAs(app);

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    visitor.post('/api/registrations', body as Body, headers);

  const search = (q?: string) =>
    visitor.get(
      q === undefined ? '/api/registrations/search' : `/api/registrations/search?q=${encodeURIComponent(q)}`,
    );

  async function getEvent() {
    const response = await visitor.get('/api/event');
    expect(response.statusCode).toBe(200);
    return response;
  }

  async function raceFull(discipline: Discipline, label: string) {
    const body = (await getEvent()).json() as {
      races: { discipline: string; label: string; full: boolean }[];
    };
    const race = body.races.find((r) => r.discipline === discipline && r.label === label);
    if (!race) throw new Error(`no race ${discipline} ${label} in GET /api/event`);
    return race.full;
  }

  async function findRaceRow(discipline: Discipline, label: string) {
    const [race] = await db
      .select()
      .from(raceOptions)
      .where(and(eq(raceOptions.discipline, discipline), eq(raceOptions.label, label)));
    if (!race) throw new Error(`no race ${discipline} ${label}`);
    return race;
  }

  const allRegistrations = () =>
    db
      .select({ row: registrations, raceType: raceOptions.label })
      .from(registrations)
      .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
      .orderBy(asc(registrations.createdAt), asc(registrations.reference));

  async function registrationByReference(reference: string) {
    const found = (await allRegistrations()).filter(({ row }) => row.reference === reference);
    expect(found).toHaveLength(1);
    return found[0] as NonNullable<(typeof found)[number]>;
  }

  const allMail = () => db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

  async function activeCount(raceOptionId: string) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(registrations)
      .where(and(eq(registrations.raceOptionId, raceOptionId), eq(registrations.status, 'active')));
    return row?.n ?? 0;
  }

  return {
    post,
    search,
    getEvent,
    raceFull,
    findRaceRow,
    allRegistrations,
    registrationByReference,
    allMail,
    activeCount,
  };
}

export function expectProblem(response: LightMyRequestResponse, status: number, detail?: string | RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = response.json();
  expect(body).toMatchObject({ type: 'about:blank', status });
  if (typeof detail === 'string') expect(body.detail).toBe(detail);
  else if (detail) expect(body.detail).toMatch(detail);
  return body as { detail?: string; errors?: { path: string; message: string }[] };
}

export const RACE_FULL =
  'This race has just become full. Reload the page and choose it again to join its waitlist.';
export const CLOSED = 'Registration has closed';
