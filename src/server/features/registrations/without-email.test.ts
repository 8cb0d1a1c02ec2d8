import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerEntry } from '../../../../tests/support/entries.ts';
import { expectProblem } from '../../../../tests/support/registrations.ts';
import { setUpFakeGateway, textsTo, turnTextsOff, turnTextsOn } from '../../../../tests/support/sms.ts';
import { changeRaces, setUpTestApp, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { EMAIL_MISSING } from '../../../shared/registrations/registration.ts';
import { mailOutbox, registrations, waitlistEntries } from '../../db/schema/index.ts';
import { ALREADY_ON_FORM } from './group-registration.ts';

const { gateway, env } = setUpFakeGateway();
const { app, db, visitor, asAdmin } = setUpTestApp({ env });

/** Tendai Moyo, 37, on 077 200 0001, who reads no mail: texts alone, the Email field left empty. */
const tendai = (change: object = {}) =>
  runnerEntry('x', {
    lastName: 'Moyo',
    email: '',
    mobile: '0772000001',
    notifyBy: 'sms',
    ...change,
  });

const texts = async (on: boolean) => {
  if (on) await turnTextsOn(db, app.context.secret);
  else await turnTextsOff(db);
  await app.context.currentEvent.reload();
};

const register = (body: object) => visitor.post('/api/registrations', body);
const rows = () => db.select().from(registrations).orderBy(registrations.createdAt);

describe(`registering without email (${testDatabaseKind})`, () => {
  beforeEach(async () => {
    gateway().messages.length = 0;
    await texts(true);
  });

  it('registers someone who chose SMS with a mobile alone: no address kept, the confirmation texted, no mail', async () => {
    const response = await register(tendai());
    expect(response.statusCode, response.body).toBe(201);
    const [row, ...more] = await rows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({ email: null, mobile: '+263772000001', notifyBy: 'sms' });
    const [text] = await textsTo(db, '+263772000001');
    expect(text).toMatchObject({ kind: 'registration-confirmation', registrationId: row?.id });
    expect(text?.body).toContain(response.json().reference);
    expect(await db.select().from(mailOutbox)).toEqual([]);
  });

  it('asks for an email beside the field when mail is wanted (Email, Both, or no choice), and while texts are off', async () => {
    for (const notifyBy of ['email', 'both', undefined]) {
      const problem = expectProblem(await register(tendai({ notifyBy })), 400);
      expect(problem.errors, String(notifyBy)).toEqual([{ path: 'email', message: EMAIL_MISSING }]);
    }
    await texts(false);
    const problem = expectProblem(await register(tendai()), 400);
    expect(problem.errors).toEqual([{ path: 'email', message: EMAIL_MISSING }]);
    expect(await rows()).toEqual([]);
  });

  it('is the same person by mobile, names (any case) and an age within a year: his entry is answered, not a second one', async () => {
    const first = await register(tendai());
    expect(first.statusCode).toBe(201);
    for (const again of [
      tendai(),
      tendai({ firstName: 'TENDAI', lastName: 'moyo', age: 38 }),
      tendai({ age: 36, mobile: '+263 77 200 0001' }),
    ]) {
      const answer = await register(again);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ alreadyRegistered: true, reference: first.json().reference });
    }
    // The confirmation is texted again (once in ten minutes), as a mail would be sent again.
    expect((await textsTo(db, '+263772000001')).map((text) => text.kind)).toEqual([
      'registration-confirmation',
      'registration-confirmation',
    ]);
    expect(await rows()).toHaveLength(1);
  });

  it('tells apart a son named after his father on the same phone (ages apart), and others on it', async () => {
    expect((await register(tendai())).statusCode).toBe(201);
    expect(
      (
        await register(
          tendai({
            age: 12,
            guardianName: 'Tendai Moyo',
            guardianMobile: '0772000001',
            guardianConsent: true,
          }),
        )
      ).statusCode,
    ).toBe(201);
    expect((await register(tendai({ firstName: 'Rudo' }))).statusCode).toBe(201);
    expect(
      (await register(tendai({ discipline: 'cycle', raceType: '15km', tshirtSize: 'Large' }))).statusCode,
    ).toBe(201);
    expect(await rows()).toHaveLength(4);
  });

  it('meets an entry with an email the same way: by mobile where either has none', async () => {
    const withEmail = await register(tendai({ email: 'tendai@example.com', notifyBy: 'both' }));
    expect(withEmail.statusCode).toBe(201);
    const answer = await register(tendai());
    expect(answer.json()).toMatchObject({ alreadyRegistered: true, reference: withEmail.json().reference });
    // Two addresses are two people, as before.
    expect((await register(tendai({ email: 'other@example.com', notifyBy: 'both' }))).statusCode).toBe(201);
  });

  it('registers one of two identical forms sent at once', async () => {
    const answers = await Promise.all([register(tendai()), register(tendai()), register(tendai())]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await rows()).toHaveLength(1);
  });

  it('keeps the rule when an entry is changed to be the same person as another', async () => {
    expect((await register(tendai())).statusCode).toBe(201);
    const son = await register(
      tendai({ age: 12, guardianName: 'Tendai Moyo', guardianMobile: '0772000001', guardianConsent: true }),
    );
    expect(son.statusCode).toBe(201);
    const [, sonRow] = await rows();
    const edit = await asAdmin.put(`/api/participants/${sonRow?.id}`, {
      ...tendai({ age: 38 }),
      raceType: '10km',
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect((await rows()).map((row) => row.age)).toEqual([37, 12]);
  });

  it('refuses a group whose contact has no email while texts are off, beside that person', async () => {
    await texts(false);
    const response = await visitor.post('/api/registrations/group', {
      people: [tendai(), tendai({ firstName: 'Rudo', age: 30 })],
    });
    const problem = expectProblem(response, 400);
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { path: 'people.0.email', message: EMAIL_MISSING },
        { path: 'people.1.email', message: EMAIL_MISSING },
      ]),
    );
  });

  it('registers a group whose contact has no email: one text to the contact, no mail', async () => {
    const response = await visitor.post('/api/registrations/group', {
      people: [tendai(), tendai({ firstName: 'Rudo', age: 30 })],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await rows()).map((row) => row.email)).toEqual([null, null]);
    expect((await textsTo(db, '+263772000001')).map((text) => text.kind)).toEqual([
      'registration-confirmation',
    ]);
    expect(await db.select().from(mailOutbox)).toEqual([]);
    // The same person twice on one form is named.
    const twice = await visitor.post('/api/registrations/group', {
      people: [tendai({ mobile: '0772000002' }), tendai({ mobile: '0772000002', age: 38 })],
    });
    expect(expectProblem(twice, 400).errors).toEqual([
      { path: 'people.1.firstName', message: ALREADY_ON_FORM },
    ]);
  });

  it('puts someone without email on a full race’s waitlist, by the same rule, and texts his offer', async () => {
    await changeRaces(asAdmin, (race) => (race.label === '10km' ? { capacity: 1 } : {}));
    const holder = await register(runnerEntry('holder', { mobile: '0772000009' }));
    const joined = await visitor.post('/api/waitlist', tendai());
    expect(joined.statusCode, joined.body).toBe(201);
    expect((await visitor.post('/api/waitlist', tendai({ age: 38 }))).statusCode).toBe(409);
    const [place] = await db.select().from(waitlistEntries);
    expect(place?.email).toBeNull();

    const token = String(holder.json().myLink).replace('/My/', '');
    expect((await visitor.post(`/api/my/${token}/cancel`)).statusCode).toBe(200);
    const kinds = (await textsTo(db, '+263772000001')).map((text) => text.kind);
    expect(kinds).toEqual(['waitlist-joined', 'waitlist-offer']);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'waitlist-offer'))).toEqual([]);
  });

  it('texts the links of a mobile’s entries without email ("Text me my links")', async () => {
    const { reference } = (await register(tendai())).json();
    const answer = await visitor.post('/api/my/links-by-sms', { mobile: '077 200 0001' });
    expect(answer.statusCode).toBe(202);
    const links = (await textsTo(db, '+263772000001')).find((text) => text.kind === 'my-links');
    expect(links?.body).toMatch(new RegExp(`${reference} http://localhost:3000/m/[a-z2-7]{20}`));
  });

  it('lets the entrant’s own page leave the email empty while he is told by SMS alone, not otherwise', async () => {
    const created = await register(tendai({ email: 'tendai@example.com', notifyBy: 'both' }));
    const token = String(created.json().myLink).replace('/My/', '');
    const change = (body: object) => visitor.put(`/api/my/${token}`, { ...tendai(), ...body });
    const refused = await change({ notifyBy: 'both' });
    expect(expectProblem(refused, 400).errors).toEqual([{ path: 'email', message: EMAIL_MISSING }]);
    const cleared = await change({ notifyBy: 'sms' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const [row] = await rows();
    expect(row).toMatchObject({ email: null, notifyBy: 'sms' });
  });
});
