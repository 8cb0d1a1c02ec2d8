import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { GUARDIAN } from '../../../../tests/support/entries.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { textsTo, turnTextsOff, turnTextsOn } from '../../../../tests/support/sms.ts';
import {
  createTestApp,
  injectAs,
  registeredRunner,
  setUpTestApp,
  signedInMan,
} from '../../../../tests/support/test-app.ts';
import {
  MOBILE_CODE_SENT,
  MOBILE_CODE_WRONG,
  MOBILE_CODES_OFF,
  MOBILE_PROOF_EXPIRED,
} from '../../../shared/privacy/mobile-proof.ts';
import {
  auditLog,
  erasureRequests,
  events,
  facilitators,
  men,
  mobileProofs,
  registrations,
  smsOutbox,
  user,
  waitlistEntries,
} from '../../db/schema/index.ts';
import { MOBILE_PROOF_LIMITS } from '../../http/limits.ts';
import { purgeOldSms } from '../../sms/repository.ts';

const { app, db, asAdmin, visitor } = setUpTestApp();

const MOBILE = '+263779876543';
const TYPED = '077 987 6543';

beforeEach(async () => {
  await db.delete(erasureRequests);
  await db.delete(mobileProofs);
  await turnTextsOn(db, app.context.secret);
  await app.context.currentEvent.reload();
});

const askCode = (mobile: string, by = visitor) => by.post('/api/privacy/mobile/code', { mobile });
const check = (mobile: string, code: string) => visitor.post('/api/privacy/mobile/proof', { mobile, code });

/** The code of the newest text to the number, as its holder reads it. */
async function codeTextedTo(mobile: string) {
  const [text] = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const code = text?.body?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no code texted');
  return code;
}

async function proven(mobile = MOBILE) {
  expect((await askCode(mobile)).statusCode).toBe(202);
  const answer = await check(mobile, await codeTextedTo(mobile));
  expect(answer.statusCode).toBe(200);
  return answer.json().proof as string;
}

/** Everyone the number may appear on: the entrant's own entries, a waitlist place, a man, a facilitator, and
 * entries where it is only the next of kin's or the guardian's. */
async function peopleOfTheNumber() {
  const own = await registeredRunner(app, 'own', { mobile: TYPED, firstName: 'Chipo' });
  const ride = await registeredRunner(app, 'ride', {
    mobile: TYPED,
    firstName: 'Chipo',
    discipline: 'cycle',
    raceType: '15km',
  });
  const kin = await registeredRunner(app, 'kin', { firstName: 'Kinny', nextOfKinMobile: TYPED });
  const child = await registeredRunner(app, 'child', {
    firstName: 'Minor',
    age: 12,
    ...GUARDIAN,
    guardianMobile: TYPED,
  });
  const [current] = await db.select().from(events).where(eq(events.isCurrent, true));
  if (!current) throw new Error('no event');
  // A past edition's entry with the number.
  const { id: _id, ...copy } = current;
  const [past] = await db
    .insert(events)
    .values({ ...copy, slug: `past-${Date.now()}`, year: 2019, isCurrent: false, referencePrefix: 'CFR19' })
    .returning();
  const old = await registeredRunner(app, 'old', { mobile: TYPED, firstName: 'Chipo' });
  await db
    .update(registrations)
    .set({ eventId: past?.id ?? '' })
    .where(eq(registrations.id, old.row.id));
  const [waiting] = await db
    .insert(waitlistEntries)
    .values({
      eventId: current.id,
      discipline: 'run',
      raceOptionId: own.row.raceOptionId,
      reference: `${current.referencePrefix}-W0777`,
      firstName: 'Chipo',
      lastName: 'Waiting',
      email: 'chipo.waiting@example.com',
      mobile: MOBILE,
      nextOfKinMobile: '+263772345678',
      age: 30,
      tshirtSize: 'Large',
      termsVersion: current.termsVersion,
      consentedAt: new Date(),
      status: 'waiting',
    })
    .returning();
  const [man] = await db
    .insert(men)
    .values({ firstName: 'Chipo', lastName: 'Man', email: 'chipo.man@example.com', mobile: MOBILE })
    .returning();
  const [facilitator] = await db
    .insert(facilitators)
    .values({ firstName: 'Chipo', lastName: 'Leads', email: 'chipo.leads@example.com', mobile: MOBILE })
    .returning();
  return { own, ride, kin, child, old, waiting, man, facilitator };
}

describe('a code texted to a mobile number', () => {
  it('goes at once, in one GSM-7 segment with no name, to a number that has records; the same answer for one that has none', async () => {
    await registeredRunner(app, 'texted', { mobile: TYPED, firstName: 'Chipo' });
    const known = await askCode(TYPED);
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: MOBILE_CODE_SENT });
    const [text] = (await textsTo(db, MOBILE)).filter((row) => row.kind === 'mobile-code');
    expect(text?.body).toMatch(/your code is \d{6}\. It is valid for 15 minutes/);
    expect(text?.body?.length).toBeLessThanOrEqual(160);
    expect(text?.body).toMatch(/^[\n\x20-\x7e]*$/);
    expect(text?.body).not.toMatch(/Chipo|Moyo/);
    expect(text?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const unknown = await askCode('0712999888');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(await textsTo(db, '+263712999888')).toEqual([]);
    // Its code would be no different from a wrong one.
    expect((await check('0712999888', '123456')).json().detail).toBe(MOBILE_CODE_WRONG);

    const [row] = await db.select().from(mobileProofs).where(eq(mobileProofs.mobile, MOBILE));
    expect(row?.codeDigest).not.toContain(await codeTextedTo(MOBILE));
  });

  it('is not available while the event sends no texts', async () => {
    await turnTextsOff(db);
    await app.context.currentEvent.reload();
    const refused = await askCode(TYPED);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(MOBILE_CODES_OFF);
    expect(await db.select().from(mobileProofs)).toEqual([]);
  });

  it('a wrong code is refused; the fifth wrong try voids it; an expired one is refused; only the newest counts', async () => {
    await registeredRunner(app, 'tries', { mobile: TYPED });
    await askCode(TYPED);
    const code = await codeTextedTo(MOBILE);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let n = 0; n < MOBILE_PROOF_LIMITS.wrongTries; n += 1) {
      const refused = await check(TYPED, wrong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(MOBILE_CODE_WRONG);
    }
    expect((await check(TYPED, code)).statusCode).toBe(400);

    // A new hour, as far as the number's limits go.
    await db.delete(mobileProofs);
    await db.delete(smsOutbox);
    await askCode(TYPED);
    const late = await codeTextedTo(MOBILE);
    await db
      .update(mobileProofs)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(mobileProofs.mobile, MOBILE));
    expect((await check(TYPED, late)).statusCode).toBe(400);

    await askCode(TYPED);
    const first = await codeTextedTo(MOBILE);
    await askCode(TYPED);
    const second = await codeTextedTo(MOBILE);
    if (first !== second) expect((await check(TYPED, first)).statusCode).toBe(400);
    const right = await check(TYPED, second);
    expect(right.statusCode).toBe(200);
    expect(right.headers['cache-control']).toBe('no-store');
    // Spent: it proves once.
    expect((await check(TYPED, second)).statusCode).toBe(400);
    const expiresIn = new Date(right.json().expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);
  });

  it(`takes ${MOBILE_PROOF_LIMITS.perNumber.max} codes a number an hour, whether or not it has records, then 429`, async () => {
    await registeredRunner(app, 'limit', { mobile: TYPED });
    for (const mobile of [TYPED, '0712999777']) {
      for (let n = 0; n < MOBILE_PROOF_LIMITS.perNumber.max; n += 1) {
        expect((await askCode(mobile)).statusCode).toBe(202);
      }
      const refused = await askCode(mobile);
      expect(refused.statusCode).toBe(429);
    }
    expect((await askCode('0712999666')).statusCode).toBe(202);
    expect((await textsTo(db, MOBILE)).filter((row) => row.kind === 'mobile-code')).toHaveLength(
      MOBILE_PROOF_LIMITS.perNumber.max,
    );
  });

  it(`takes ${MOBILE_PROOF_LIMITS.perClient.max} asks a day from one client address, then 429`, async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const ask = (n: number, remoteAddress = '10.9.9.9') =>
        limited.inject({
          method: 'POST',
          url: '/api/privacy/mobile/code',
          payload: { mobile: `07713${String(n).padStart(5, '0')}` },
          remoteAddress,
        });
      for (let n = 0; n < MOBILE_PROOF_LIMITS.perClient.max; n += 1)
        expect((await ask(n)).statusCode).toBe(202);
      const refused = await ask(99);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
      expect((await ask(98, '10.9.9.8')).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });
});

describe('what a proven number reaches', () => {
  it('downloads every entry, waitlist place and programme record whose own mobile it is, in any edition; not those where it is the next of kin or the guardian', async () => {
    const people = await peopleOfTheNumber();
    const proof = await proven();
    const response = await visitor.post('/api/privacy/mobile/data.json', { proof });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="celebration-data-mobile.json"',
    );
    const data = response.json();
    expect(data.about).toEqual({ kind: 'mobile', reference: MOBILE });
    expect(data.entries.map((entry: { reference: string }) => entry.reference).sort()).toEqual(
      [people.own.row.reference, people.ride.row.reference, people.old.row.reference].sort(),
    );
    expect(data.waitlist.map((row: { reference: string }) => row.reference)).toEqual([
      people.waiting?.reference,
    ]);
    expect(data.programme.men).toEqual([expect.objectContaining({ id: people.man?.id, lastName: 'Man' })]);
    expect(data.programme.facilitators).toEqual([expect.objectContaining({ id: people.facilitator?.id })]);
    expect(data.accounts).toEqual([]);
    expect(response.body).not.toContain('Kinny');
    expect(response.body).not.toContain('Minor');
    expect(response.body).not.toContain(people.kin.row.reference);
    expect(response.body).not.toContain(people.child.row.reference);

    const pdf = await visitor.post('/api/privacy/mobile/data.pdf', { proof });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('The data we hold about you');
    expect(text).toContain(people.own.row.reference);
    expect(text).not.toContain('Kinny');

    const recorded = await db.select().from(auditLog).where(eq(auditLog.action, 'access-request'));
    expect(recorded).toEqual([
      expect.objectContaining({ actorId: null, subject: 'Mobile ending 543', rowCount: 6 }),
      expect.objectContaining({ actorId: null, subject: 'Mobile ending 543' }),
    ]);
    expect(JSON.stringify(recorded)).not.toContain('779876543');
  });

  it('refuses a download or a request without a live proof', async () => {
    await registeredRunner(app, 'noproof', { mobile: TYPED });
    const forged = 'x'.repeat(43);
    expect((await visitor.post('/api/privacy/mobile/data.json', { proof: forged })).statusCode).toBe(403);
    const proof = await proven();
    await db.update(mobileProofs).set({ proofExpiresAt: new Date(Date.now() - 1000) });
    const expired = await visitor.post('/api/privacy/mobile/data.json', { proof });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().detail).toBe(MOBILE_PROOF_EXPIRED);
    expect((await visitor.post('/api/privacy/mobile/erasure-request', { proof })).statusCode).toBe(403);
    expect(await db.select().from(erasureRequests)).toEqual([]);
  });

  it('asks for erasure: the admin sees every record it reaches, and confirming erases those only', async () => {
    const people = await peopleOfTheNumber();
    const proof = await proven();
    const asked = await visitor.post('/api/privacy/mobile/erasure-request', { proof, reason: 'New phone' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().requestedAt).toEqual(expect.any(String));
    // Asking again while it waits adds nothing.
    await visitor.post('/api/privacy/mobile/erasure-request', { proof });
    const [waiting, ...more] = (await asAdmin.get('/api/admin/erasure-requests')).json();
    expect(more).toEqual([]);
    expect(waiting).toMatchObject({
      subjectType: 'mobile',
      subjectLabel: 'Mobile ending 543',
      source: 'mobile',
      reason: 'New phone',
    });
    expect(
      waiting.records
        .map((record: { kind: string; reference: string }) => `${record.kind} ${record.reference}`)
        .sort(),
    ).toEqual(
      [
        `registration ${people.own.row.reference}`,
        `registration ${people.ride.row.reference}`,
        `registration ${people.old.row.reference}`,
        `waitlist ${people.waiting?.reference}`,
        `man Man ${people.man?.id.replace(/-/g, '').slice(0, 8)}`,
        `facilitator Facilitator ${people.facilitator?.id.replace(/-/g, '').slice(0, 8)}`,
      ].sort(),
    );

    const erased = await asAdmin.post(`/api/admin/erasure-requests/${waiting.id}/erase`, {});
    expect(erased.json()).toMatchObject({ entries: 3, waitlist: 1, men: 1, facilitators: 1, accounts: 0 });
    const entry = async (id: string) =>
      (await db.select().from(registrations).where(eq(registrations.id, id)))[0];
    expect(await entry(people.own.row.id)).toMatchObject({ firstName: '', mobile: '' });
    expect(await entry(people.old.row.id)).toMatchObject({ firstName: '', mobile: '' });
    expect(await entry(people.kin.row.id)).toMatchObject({ firstName: 'Kinny', nextOfKinMobile: MOBILE });
    expect(await entry(people.child.row.id)).toMatchObject({ firstName: 'Minor', guardianMobile: MOBILE });
    // Once decided, the request keeps no number.
    const [done] = await db.select().from(erasureRequests);
    expect(done).toMatchObject({ status: 'done', subjectId: waiting.id });
    const trail = await db.select().from(auditLog).where(eq(auditLog.action, 'erasure'));
    expect(trail).toEqual([expect.objectContaining({ subject: 'Mobile ending 543' })]);
    expect(JSON.stringify(trail)).not.toContain('779876543');
  });
});

describe('a man reached by the number', () => {
  it('is signed out everywhere when his record is erased; his account stays (a number proves no account)', async () => {
    const him = await signedInMan(app, 'Mobile', 'Holder');
    await db.update(men).set({ mobile: MOBILE }).where(eq(men.id, him.manId));
    const asHim = injectAs(app, him);
    expect((await asHim.get('/api/account/session')).json().user).not.toBeNull();
    const proof = await proven();
    await visitor.post('/api/privacy/mobile/erasure-request', { proof });
    const [waiting] = (await asAdmin.get('/api/admin/erasure-requests')).json();
    expect(waiting.records.map((record: { kind: string }) => record.kind)).toEqual(['man']);
    const erased = await asAdmin.post(`/api/admin/erasure-requests/${waiting.id}/erase`, {});
    expect(erased.json()).toMatchObject({ men: 1, accounts: 0 });
    expect((await asHim.get('/api/account/session')).json().user).toBeNull();
    expect(await db.select().from(user).where(eq(user.id, him.id))).toHaveLength(1);
  });
});

describe('what is kept', () => {
  it('the codes of a number are forgotten a day after they were asked for', async () => {
    await askCode('0712999444');
    await askCode('0712999333');
    await db
      .update(mobileProofs)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(mobileProofs.mobile, '+263712999444'));
    await purgeOldSms(db);
    expect((await db.select().from(mobileProofs)).map((row) => row.mobile)).toEqual(['+263712999333']);
  });
});

describe('who may call it', () => {
  it('everyone (the proof is the access): no account needed', async () => {
    await registeredRunner(app, 'anyone', { mobile: TYPED });
    const proof = await proven();
    expect((await injectAs(app).post('/api/privacy/mobile/data.json', { proof })).statusCode).toBe(200);
  });
});
