import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import {
  createTestApp,
  injectAs,
  type SignedIn,
  setUpTestApp,
  signedInAs,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { alreadyText } from '../../../shared/check-in/check-in-text.ts';
import {
  auditLog,
  checkInActions,
  raceOptions,
  registrationHistory,
  registrations,
} from '../../db/schema/index.ts';
import { CHECK_IN_SEARCH_LIMITS } from '../../http/limits.ts';

const { app, db, visitor, asAdmin } = setUpTestApp();

const runner = runnerSeries();
/** Registers a 10km runner through the public API and answers the stored entry (code included). */
async function registered(change: object = {}) {
  const entry = runner(change);
  const response = await visitor.post('/api/registrations', entry);
  expect(response.statusCode).toBe(201);
  const [row] = await db.select().from(registrations).where(eq(registrations.email, entry.email));
  if (!row) throw new Error('no entry');
  return row;
}

const tap = (who: SignedIn, registrationId: string, action: string, idempotencyKey = randomUUID()) =>
  injectAs(app, who).post('/api/check-in/taps', {
    idempotencyKey,
    registrationId,
    action,
    at: new Date().toISOString(),
  });

const PERSONAL = ['email', 'mobile', 'nextOfKinMobile', 'age', 'gender', 'checkInCode'];

describe(`check-in (${testDatabaseKind})`, () => {
  let volunteer: SignedIn;
  beforeEach(async () => {
    volunteer = await signedInAs(app, 'volunteer');
    await db
      .update(raceOptions)
      .set({ feeUsd: '15', feeZwg: '400' })
      .where(and(eq(raceOptions.discipline, 'run'), eq(raceOptions.label, '10km')));
  });

  it('finds an entry by its QR code, and no entry by an unknown or cancelled one', async () => {
    const entry = await registered();
    const found = await injectAs(app, volunteer).get(`/api/check-in/code/${entry.checkInCode}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      id: entry.id,
      reference: entry.reference,
      race: '10km',
      tshirtSize: 'Large',
      paymentStatus: 'unpaid',
      fees: { USD: '15.00', ZWG: '400.00' },
      checkedIn: null,
      tshirtCollected: null,
    });
    expect((await injectAs(app, volunteer).get(`/api/check-in/code/${'0'.repeat(32)}`)).statusCode).toBe(404);
    await db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.id, entry.id));
    expect((await injectAs(app, volunteer).get(`/api/check-in/code/${entry.checkInCode}`)).statusCode).toBe(
      404,
    );
  });

  it('searches active entries by name, bib and reference', async () => {
    const rudo = await registered({ firstName: 'Rudo', lastName: 'Chikore' });
    const other = await registered({ firstName: 'Farai', lastName: 'Ncube' });
    await db.update(registrations).set({ bib: 1042 }).where(eq(registrations.id, other.id));
    const search = async (q: string) => {
      const response = await injectAs(app, volunteer).get(`/api/check-in/entries?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      return response.json().entries.map((entry: { id: string }) => entry.id);
    };
    expect(await search('rudo chik')).toEqual([rudo.id]);
    expect(await search('Chikore Rudo')).toEqual([rudo.id]);
    expect(await search('ncube far')).toEqual([other.id]);
    expect(await search('1042')).toEqual([other.id]);
    expect(await search(rudo.reference.toLowerCase())).toEqual([rudo.id]);
    expect(await search('%%%')).toEqual([]);
    await db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.id, rudo.id));
    expect(await search('Rudo')).toEqual([]);
  });

  it('needs 3 characters, except a whole bib or check-in code, which match exactly', async () => {
    const entry = await registered({ firstName: 'Ru', lastName: 'Zulu' });
    const bibbed = await registered({ firstName: 'Farai', lastName: 'Ncube' });
    await db.update(registrations).set({ bib: 7 }).where(eq(registrations.id, bibbed.id));
    await db.update(registrations).set({ bib: 1007 }).where(eq(registrations.id, entry.id));
    const search = (q: string) =>
      injectAs(app, volunteer).get(`/api/check-in/entries?q=${encodeURIComponent(q)}`);
    for (const short of ['R', 'Ru', ' z ', entry.reference.slice(0, 2)]) {
      const refused = await search(short);
      expect(refused.statusCode, short).toBe(400);
      expect(refused.json().errors[0].message).toBe(
        'Type at least 3 characters of a name or reference, or a whole bib number.',
      );
    }
    const ids = async (q: string) => (await search(q)).json().entries.map((row: { id: string }) => row.id);
    // Bib 7 only, not bib 1007 nor a reference with a 7 in it.
    expect(await ids('7')).toEqual([bibbed.id]);
    expect(await ids('Zul')).toEqual([entry.id]);
    expect(await ids(entry.checkInCode)).toEqual([entry.id]);
  });

  it('is limited per volunteer, and bulk searching shows in the audit trail once', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const other = await signedInAs(limited, 'volunteer');
      const search = (who: SignedIn) =>
        limited.inject({ url: '/api/check-in/entries?q=moyo', headers: { cookie: who.cookie } });
      await registered();
      const { perVolunteer, bulk } = CHECK_IN_SEARCH_LIMITS;
      for (let done = 0; done < perVolunteer.max; done += 1) {
        expect((await search(volunteer)).statusCode).toBe(200);
      }
      expect((await search(volunteer)).statusCode).toBe(429);
      // Another volunteer at the same address searches on.
      expect((await search(other)).statusCode).toBe(200);
      const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'check-in.bulk-search'));
      expect(audit).toEqual([
        expect.objectContaining({
          actorId: volunteer.id,
          rowCount: bulk.max,
          details: expect.objectContaining({ searches: bulk.max }),
        }),
      ]);
    } finally {
      await limited.close();
    }
  });

  it('checks in once: a second volunteer is told when and by whom', async () => {
    const entry = await registered();
    const first = await tap(volunteer, entry.id, 'check-in');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      outcome: 'done',
      entry: { checkedIn: { by: expect.stringMatching(/^Test volunteer \d+$/) } },
    });
    const firstAt = first.json().entry.checkedIn.at;

    const second = await signedInAs(app, 'volunteer');
    const again = await tap(second, entry.id, 'check-in');
    expect(again.json().outcome).toBe('already');
    expect(again.json().entry.checkedIn.at).toBe(firstAt);
    expect(alreadyText('check-in', again.json().entry)).toMatch(
      new RegExp(`^Already checked in at \\d\\d:\\d\\d by ${first.json().entry.checkedIn.by}$`),
    );
    const actions = await db.select().from(checkInActions).where(eq(checkInActions.registrationId, entry.id));
    expect(actions.map((action) => action.outcome)).toEqual(['done', 'already']);
  });

  it('refuses a tap dated ahead of the clock or before the entry, and marks one that arrives a day late', async () => {
    const entry = await registered();
    const HOUR = 60 * 60 * 1000;
    const tapAt = (at: Date, action = 'check-in') =>
      injectAs(app, volunteer).post('/api/check-in/taps', {
        idempotencyKey: randomUUID(),
        registrationId: entry.id,
        action,
        at: at.toISOString(),
      });
    const ahead = await tapAt(new Date(Date.now() + HOUR));
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().detail).toBe(
      'This tap is dated later than now: check the date and time on the phone.',
    );
    expect((await tapAt(new Date(Date.now() - HOUR))).statusCode).toBe(400);
    // A phone a minute or two fast is only a clock: its tap counts as made now.
    expect((await tapAt(new Date(Date.now() + 2 * 60 * 1000), 'tshirt-collected')).statusCode).toBe(200);

    // Registered three days ago, checked in two days ago on a phone that found signal only now.
    await db
      .update(registrations)
      .set({ createdAt: new Date(Date.now() - 72 * HOUR) })
      .where(eq(registrations.id, entry.id));
    const late = await tapAt(new Date(Date.now() - 48 * HOUR));
    expect(late.statusCode).toBe(200);
    expect(late.json().entry.checkedIn).not.toBeNull();
    const detail = (await asAdmin.get(`/api/participants/${entry.id}`)).json();
    expect(detail.history[0]).toMatchObject({
      action: 'check-in',
      summary: expect.stringMatching(/^Checked in at .* — late: reached the server 2 days later$/),
      by: expect.stringMatching(/^Test volunteer \d+$/),
    });
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'check-in.late-tap'));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: volunteer.id, subject: `registration ${entry.reference}` }),
    ]);
  });

  it('applies a key once, however often it is sent', async () => {
    const entry = await registered();
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => tap(volunteer, entry.id, 'check-in', key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.json().outcome)).toEqual(['done', 'done', 'done']);
    const undo = await tap(volunteer, entry.id, 'undo-check-in');
    expect(undo.json().entry.checkedIn).toBeNull();
    // Sent again after the undo, the old tap does not check him in again.
    expect((await tap(volunteer, entry.id, 'check-in', key)).json().entry.checkedIn).toBeNull();
    const rows = await db.select().from(checkInActions).where(eq(checkInActions.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    expect((await tap(volunteer, entry.id, 'tshirt-collected', key)).statusCode).toBe(409);
  });

  it('undoes a check-in, and keeps the T-shirt separate', async () => {
    const entry = await registered();
    await tap(volunteer, entry.id, 'check-in');
    const shirt = await tap(volunteer, entry.id, 'tshirt-collected');
    expect(shirt.json()).toMatchObject({ outcome: 'done' });
    expect(shirt.json().entry.tshirtCollected).not.toBeNull();
    const undone = await tap(volunteer, entry.id, 'undo-check-in');
    expect(undone.json().outcome).toBe('done');
    expect(undone.json().entry.checkedIn).toBeNull();
    expect(undone.json().entry.tshirtCollected).not.toBeNull();
    const [row] = await db.select().from(registrations).where(eq(registrations.id, entry.id));
    expect(row?.checkedInAt).toBeNull();
    expect(row?.checkedInBy).toBeNull();
    expect(row?.tshirtCollectedAt).not.toBeNull();
    expect((await tap(volunteer, entry.id, 'undo-check-in')).json().outcome).toBe('already');
    const shirtBack = await tap(volunteer, entry.id, 'undo-tshirt-collected');
    expect(shirtBack.json().entry.tshirtCollected).toBeNull();
  });

  it('records the fee paid in cash, under the volunteer’s name', async () => {
    const entry = await registered();
    const paid = await injectAs(app, volunteer).post('/api/check-in/cash-payments', {
      registrationId: entry.id,
      currency: 'USD',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().paymentStatus).toBe('paid');
    const [row] = await db.select().from(registrations).where(eq(registrations.id, entry.id));
    expect(row).toMatchObject({ paymentMethod: 'cash', paymentAmount: '15.00', paymentCurrency: 'USD' });
    const history = await db
      .select()
      .from(registrationHistory)
      .where(eq(registrationHistory.registrationId, entry.id));
    expect(history).toHaveLength(1);
    expect(history[0]?.actorId).toBe(volunteer.id);
    // A second tap changes nothing.
    await injectAs(app, volunteer).post('/api/check-in/cash-payments', {
      registrationId: entry.id,
      currency: 'USD',
    });
    expect(
      await db.select().from(registrationHistory).where(eq(registrationHistory.registrationId, entry.id)),
    ).toHaveLength(1);
  });

  it('counts per race: registered, checked in, T-shirts left per size', async () => {
    const a = await registered({ tshirtSize: 'Large' });
    const b = await registered({ tshirtSize: 'Small' });
    await registered({ tshirtSize: 'Large' });
    const cancelled = await registered({ tshirtSize: 'Small' });
    await db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.id, cancelled.id));
    await tap(volunteer, a.id, 'check-in');
    await tap(volunteer, a.id, 'tshirt-collected');
    await tap(volunteer, b.id, 'check-in');
    const counts = await injectAs(app, volunteer).get('/api/check-in/counts');
    expect(counts.statusCode).toBe(200);
    const tenK = counts.json().races.find((race: { race: string }) => race.race === '10km');
    expect(tenK).toMatchObject({
      discipline: 'run',
      registered: 3,
      checkedIn: 2,
      tshirtsLeft: [
        { size: 'Small', count: 1 },
        { size: 'Large', count: 1 },
      ],
    });
    const dashboard = await asAdmin.get('/api/dashboard/fun-run');
    expect(dashboard.json().checkIn.races.find((race: { race: string }) => race.race === '10km')).toEqual(
      tenK,
    );
  });

  it('marks a minor (whether, not the age) in search, by code and after a tap', async () => {
    const adult = await registered({ firstName: 'Tatenda', lastName: 'Sibanda' });
    const child = await registered({ firstName: 'Tino', lastName: 'Sibanda' });
    await db.update(registrations).set({ age: 14 }).where(eq(registrations.id, child.id));
    const found = await injectAs(app, volunteer).get('/api/check-in/entries?q=sibanda');
    const minors = Object.fromEntries(
      found.json().entries.map((entry: { id: string; minor: boolean }) => [entry.id, entry.minor]),
    );
    expect(minors).toEqual({ [adult.id]: false, [child.id]: true });
    const byCode = await injectAs(app, volunteer).get(`/api/check-in/code/${child.checkInCode}`);
    expect(byCode.json()).toMatchObject({ minor: true });
    expect(byCode.json()).not.toHaveProperty('age');
    expect((await tap(volunteer, child.id, 'check-in')).json().entry).toMatchObject({ minor: true });
  });

  it('answers nothing to reach an entrant by', async () => {
    const entry = await registered({ firstName: 'Rudo' });
    await db.update(registrations).set({ bib: 7 }).where(eq(registrations.id, entry.id));
    const answers = [
      (await injectAs(app, volunteer).get(`/api/check-in/code/${entry.checkInCode}`)).json(),
      ...(await injectAs(app, volunteer).get('/api/check-in/entries?q=rudo')).json().entries,
      (await tap(volunteer, entry.id, 'check-in')).json().entry,
      (
        await injectAs(app, volunteer).post('/api/check-in/cash-payments', {
          registrationId: entry.id,
          currency: 'USD',
        })
      ).json(),
    ];
    expect(answers).toHaveLength(4);
    for (const answer of answers) {
      expect(answer.id).toBe(entry.id);
      for (const field of PERSONAL) expect(answer).not.toHaveProperty(field);
      const text = JSON.stringify(answer);
      for (const value of [entry.email, entry.mobile, entry.nextOfKinMobile, entry.checkInCode]) {
        expect(text).not.toContain(value);
      }
    }
  });

  it('refuses volunteers the participants list, its exports and an entry’s details', async () => {
    const entry = await registered();
    for (const url of [
      '/api/participants',
      '/api/participants/export.csv',
      '/api/participants/export.pdf',
      `/api/participants/${entry.id}`,
    ]) {
      expect((await injectAs(app, volunteer).get(url)).statusCode, url).toBe(403);
      expect((await asAdmin.get(url)).statusCode, url).toBe(200);
    }
  });

  it('refuses participants and visitors', async () => {
    const entry = await registered();
    const participant = await signedInAs(app, 'participant');
    expect((await injectAs(app, participant).get(`/api/check-in/code/${entry.checkInCode}`)).statusCode).toBe(
      403,
    );
    expect((await tap(participant, entry.id, 'check-in')).statusCode).toBe(403);
    expect((await visitor.get('/api/check-in/counts')).statusCode).toBe(401);
  });
});
