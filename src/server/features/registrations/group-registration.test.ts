import { asc, eq, isNotNull, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { expectProblem } from '../../../../tests/support/registrations.ts';
import { setUpFakeGateway, textsTo, turnTextsOn } from '../../../../tests/support/sms.ts';
import { changeRaces, setUpTestApp, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { GROUP_REFERENCE, MAX_GROUP } from '../../../shared/registrations/group.ts';
import {
  mailOutbox,
  raceOptions,
  registrationGroups,
  registrations,
  smsOutbox,
  waitlistEntries,
} from '../../db/schema/index.ts';
import { BODY_LIMITS } from '../../http/limits.ts';
import { anonymiseEntries } from '../retention/service.ts';

const { env } = setUpFakeGateway();
const { app, db, visitor, asAdmin } = setUpTestApp({ env });
const runner = runnerSeries();

/** Rudo (the contact) and her two children, who share her mobile and email; the children run 5 km. */
function family() {
  const mother = runner({ firstName: 'Rudo', email: 'rudo.family@example.com', mobile: '0772000200' });
  const child = (firstName: string, age: number) =>
    runner({
      firstName,
      lastName: mother.lastName,
      email: mother.email,
      mobile: mother.mobile,
      age,
      raceType: '5km',
      tshirtSize: 'Small',
      guardianName: 'Rudo Moyo',
      guardianMobile: mother.mobile,
      guardianConsent: true,
    });
  return [mother, child('Tanaka', 12), child('Nyasha', 9)];
}

const postGroup = (body: unknown, key?: string) =>
  visitor.post(
    '/api/registrations/group',
    body as Record<string, unknown>,
    key ? { 'idempotency-key': key } : {},
  );

/** The races' fees: US$15 (ZWG 400) for 10 km and 21 km, US$5 (ZWG 130) for 5 km. */
async function priced() {
  await db.update(raceOptions).set({ feeUsd: '15.00', feeZwg: '400.00' }).where(ne(raceOptions.label, '5km'));
  await db.update(raceOptions).set({ feeUsd: '5.00', feeZwg: '130.00' }).where(eq(raceOptions.label, '5km'));
}

describe(`POST /api/registrations/group (${testDatabaseKind})`, () => {
  it('registers a family of three in one request: one group reference, one total, one confirmation', async () => {
    await priced();
    const response = await postGroup({ people: family() });
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json();
    expect(receipt.groupReference).toMatch(GROUP_REFERENCE);
    expect(receipt.members.map((member: { firstName: string }) => member.firstName)).toEqual([
      'Rudo',
      'Tanaka',
      'Nyasha',
    ]);
    expect(receipt.due).toEqual({ usd: '25.00', zwg: '660.00' });
    expect(receipt.members[1]).toMatchObject({ raceType: '5km', feeUsd: '5.00', feeZwg: '130.00' });
    expect(receipt.waitlisted).toEqual([]);

    const stored = await db.select().from(registrations).orderBy(asc(registrations.reference));
    expect(stored).toHaveLength(3);
    const [group] = await db.select().from(registrationGroups);
    expect(stored.every((entry) => entry.groupId === group?.id)).toBe(true);
    expect(stored.filter((entry) => entry.guardianConsentedAt !== null)).toHaveLength(2);

    // One mail, to the contact, with each reference, the total and the group reference, and three QR codes.
    const mails = await db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toBe('rudo.family@example.com');
    expect(mail?.subject).toContain(receipt.groupReference);
    for (const member of receipt.members) expect(mail?.text).toContain(member.reference);
    expect(mail?.text).toContain('Total due: US$25.00 or ZWG 660.00');
    expect(mail?.text).toContain(`always quote your group reference ${receipt.groupReference}`);
    expect(mail?.attachments).toHaveLength(3);

    // Each person has his own private page.
    for (const member of receipt.members) {
      const token = String(member.myLink).replace('/My/', '');
      const mine = await visitor.get(`/api/my/${token}`);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ reference: member.reference, firstName: member.firstName });
      expect(mail?.text).toContain(`/My/${token}`);
    }
  });

  it('sends anyone with his own address his own confirmation, and the group mail lists him without his link', async () => {
    const [mother, ,] = family();
    const friend = runner({ firstName: 'Farai', email: 'farai.own@example.com' });
    const response = await postGroup({ people: [mother, friend] });
    expect(response.statusCode, response.body).toBe(201);
    const { members } = response.json();
    const mails = await db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(mails.map((mail) => mail.to).sort()).toEqual(['farai.own@example.com', 'rudo.family@example.com']);
    const own = mails.find((mail) => mail.to === 'farai.own@example.com');
    expect(own?.text).toContain(members[1].myLink);
    const group = mails.find((mail) => mail.to === 'rudo.family@example.com');
    expect(group?.text).toContain(members[1].reference);
    expect(group?.text).not.toContain(members[1].myLink);
  });

  it('registers no one when a race is full, naming each full person; with waitlistFull the others register and he waits', async () => {
    await changeRaces(asAdmin, (race) => (race.label === '21km' ? { capacity: 1 } : {}));
    await priced();
    expect((await visitor.post('/api/registrations', runner({ raceType: '21km' }))).statusCode).toBe(201);
    const people = [runner(), runner({ firstName: 'Kuda', raceType: '21km' }), runner({ raceType: '5km' })];
    const before = await db.select().from(registrations);

    const refused = await postGroup({ people });
    const problem = expectProblem(refused, 409);
    expect(problem.errors).toEqual([{ path: 'people.1.raceType', message: 'This race is full' }]);
    expect(await db.select().from(registrations)).toHaveLength(before.length);
    expect(await db.select().from(registrationGroups)).toHaveLength(0);
    expect(await db.select().from(waitlistEntries)).toHaveLength(0);
    expect((await db.select().from(mailOutbox)).filter((mail) => mail.to === people[0]?.email)).toHaveLength(
      0,
    );

    const accepted = await postGroup({ people, waitlistFull: true });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const receipt = accepted.json();
    expect(receipt.members).toHaveLength(2);
    expect(receipt.waitlisted).toEqual([
      { firstName: 'Kuda', lastName: people[1]?.lastName, raceType: '21km' },
    ]);
    const waiting = await db.select().from(waitlistEntries);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ firstName: 'Kuda', status: 'waiting' });
    expect(await db.select().from(registrations).where(isNotNull(registrations.groupId))).toHaveLength(2);
    expect(receipt.due).toEqual({ usd: '20.00', zwg: '530.00' });
  });

  it('answers a resubmit with the same Idempotency-Key with the same group, registering nobody twice', async () => {
    const people = family();
    const first = await postGroup({ people }, 'group-key-0001');
    expect(first.statusCode).toBe(201);
    const again = await postGroup({ people }, 'group-key-0001');
    expect(again.statusCode).toBe(201);
    const { myLink: _, ...firstMember } = first.json().members[0];
    expect(again.json()).toMatchObject({
      groupReference: first.json().groupReference,
      due: first.json().due,
      members: [firstMember, expect.anything(), expect.anything()],
    });
    expect(await db.select().from(registrations)).toHaveLength(3);
    expect(await db.select().from(mailOutbox)).toHaveLength(1);

    const others = family().map((person) => ({ ...person, email: 'other.family@example.com' }));
    const at = await Promise.all([1, 2, 3].map(() => postGroup({ people: others }, 'group-key-0002')));
    expect(at.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(at.map((response) => response.json().groupReference)).size).toBe(1);
    expect(await db.select().from(registrations)).toHaveLength(6);

    expectProblem(await postGroup({ people: family() }, 'group-key-0001'), 422);
  });

  it('answers a retried waitlisting form with its waitlisted people too', async () => {
    await changeRaces(asAdmin, (race) => (race.label === '21km' ? { capacity: 0 } : {}));
    const people = [runner(), runner({ firstName: 'Kuda', raceType: '21km' })];
    const first = await postGroup({ people, waitlistFull: true }, 'group-key-wait');
    const again = await postGroup({ people, waitlistFull: true }, 'group-key-wait');
    expect(again.json().waitlisted).toEqual(first.json().waitlisted);
    expect(await db.select().from(waitlistEntries)).toHaveLength(1);
  });

  it('answers wrong fields with each person’s path, and registers nobody', async () => {
    const [mother, child] = family();
    const response = await postGroup({
      people: [
        { ...mother, email: 'not an address' },
        { ...child, guardianName: '', guardianConsent: false },
      ],
    });
    const problem = expectProblem(response, 400);
    const paths = problem.errors?.map((error) => error.path) ?? [];
    expect(paths).toContain('people.0.email');
    expect(paths.some((path) => path.startsWith('people.1.guardian'))).toBe(true);
    expectProblem(await postGroup({ people: [mother] }), 400);
    expectProblem(await postGroup({ people: [mother, { ...mother }] }), 400);
    const wrongRace = expectProblem(
      await postGroup({ people: [mother, { ...child, raceType: '99km' }] }),
      400,
    );
    expect(wrongRace.errors).toEqual([
      { path: 'people.1.raceType', message: 'Choose a race type from the list' },
    ]);
    expect(await db.select().from(registrations)).toHaveLength(0);
  });

  it('keeps the same-person rule: someone registered already refuses the form, naming him', async () => {
    const [mother, child, other] = family();
    expect((await visitor.post('/api/registrations', child)).statusCode).toBe(201);
    const problem = expectProblem(await postGroup({ people: [mother, child, other] }), 409);
    expect(problem.errors?.map((error) => error.path)).toEqual(['people.1.firstName']);
    expect(await db.select().from(registrations)).toHaveLength(1);
  });

  it('texts the contact one confirmation with the group reference while texts are on', async () => {
    await turnTextsOn(db, app.context.secret);
    const response = await postGroup({ people: family() });
    expect(response.statusCode, response.body).toBe(201);
    const texts = await textsTo(db, '+263772000200');
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toContain(`3 registered. Group ref ${response.json().groupReference}`);
    expect(
      await db.select().from(smsOutbox).where(eq(smsOutbox.kind, 'registration-confirmation')),
    ).toHaveLength(1);
  });

  it('has its own body limit, 8 × a single form’s: over 16 KB is read, over 128 KB refused unread', async () => {
    const people = family();
    const padded = (bytes: number) => ({ people, padding: 'x'.repeat(bytes) });
    expect(Buffer.byteLength(JSON.stringify(padded(BODY_LIMITS.default)))).toBeGreaterThan(
      BODY_LIMITS.default,
    );
    expect((await postGroup(padded(BODY_LIMITS.default))).statusCode).toBe(201);
    expect(BODY_LIMITS.groupRegistration).toBe(MAX_GROUP * BODY_LIMITS.default);
    expectProblem(await postGroup(padded(BODY_LIMITS.groupRegistration)), 413);
  });

  it('keeps nothing of an anonymised member in the group: its key and request digest go', async () => {
    const response = await postGroup({ people: family() }, 'group-key-erased');
    expect(response.statusCode).toBe(201);
    const [group] = await db.select().from(registrationGroups);
    expect(group?.requestDigest).not.toBeNull();
    const [member] = await db.select().from(registrations).orderBy(asc(registrations.reference));
    await anonymiseEntries(db, { registrationIds: [member?.id ?? ''], waitlistIds: [] });
    const [after] = await db.select().from(registrationGroups);
    expect(after).toMatchObject({ id: group?.id, idempotencyKey: null, requestDigest: null });
    // The others stay in the group, which its reference still finds.
    expect(
      await db
        .select()
        .from(registrations)
        .where(eq(registrations.groupId, group?.id ?? '')),
    ).toHaveLength(3);
  });
});
