import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { GUARDIAN } from '../../../../tests/support/entries.ts';
import {
  cyclist,
  entry,
  expectProblem,
  setUpRegistrationTests,
} from '../../../../tests/support/registrations.ts';
import { testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { PLAIN_TEXT_ONLY } from '../../../shared/validation.ts';
import { events, raceOptions } from '../../db/schema/index.ts';

const { app, db, post, findRaceRow, allRegistrations, registrationByReference, allMail } =
  setUpRegistrationTests();

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
      ['+44 7911 123456', '+447911123456'],
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
});
