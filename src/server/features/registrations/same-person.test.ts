import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { letters } from '../../../../tests/support/entries.ts';
import {
  CLOSED,
  cyclist,
  entry,
  expectProblem,
  setUpRegistrationTests,
} from '../../../../tests/support/registrations.ts';
import { testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { events, raceOptions, registrations } from '../../db/schema/index.ts';

const { db, post, findRaceRow, allRegistrations, allMail, activeCount } = setUpRegistrationTests();

/** A retry's answer is the first one's, but the private link is told only once (only its digest is kept). */
const withoutLink = ({ myLink: _, ...receipt }: Record<string, unknown>) => receipt;

describe(`POST /api/registrations (${testDatabaseKind})`, () => {
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
});
