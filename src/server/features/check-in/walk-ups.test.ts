import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { setUpAppWithPaynow, turnOnPaynow } from '../../../../tests/support/paynow-app.ts';
import {
  injectAs,
  type SignedIn,
  signedInAs,
  testDatabase,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { WALK_UP_NOT_TODAY } from '../../../shared/check-in/walk-up.ts';
import { harareToday } from '../../../shared/dates.ts';
import type { Database } from '../../db/client.ts';
import {
  auditLog,
  events,
  mailOutbox,
  raceOptions,
  receipts,
  registrationHistory,
  registrations,
  walkUpClashes,
  walkUps,
} from '../../db/schema/index.ts';
import { anonymiseEntries } from '../retention/service.ts';

// Walk-up entries at the check-in table on the event day (issue 37).

const PHONE_A = 'phone-a-0123456789abcdef';
const PHONE_B = 'phone-b-0123456789abcdef';

const { app, origin } = setUpAppWithPaynow();
/** Requests as this account (or a visitor) from the site's own origin. */
const as = (who?: { cookie: string }) => {
  const injector = injectAs(app, who);
  return {
    get: (url: string) => injector.get(url, { origin: origin() }),
    post: (url: string, payload?: object, headers: Record<string, string> = {}) =>
      injector.post(url, payload, { origin: origin(), ...headers }),
  };
};
let db: Database;

beforeAll(async () => {
  db = (await testDatabase()).db;
});

let admin: SignedIn;
let volunteer: SignedIn;
const runner = runnerSeries();

/** The event is today (Harare); the 10 km race has a fee and bibs 1 to 100. */
beforeEach(async () => {
  admin = await signedInAs(app, 'admin');
  volunteer = await signedInAs(app, 'volunteer');
  await db.update(events).set({ eventDate: harareToday() });
  await changeRace10km({ feeUsd: '15', feeZwg: '400', bibFrom: 1, bibTo: 100 });
});

async function changeRace10km(change: Partial<typeof raceOptions.$inferInsert>) {
  await db
    .update(raceOptions)
    .set(change)
    .where(and(eq(raceOptions.discipline, 'run'), eq(raceOptions.label, '10km')));
  await app.context.currentEvent.reload();
}

const walkUp = (change: object = {}) => ({
  idempotencyKey: randomUUID(),
  entrant: runner(),
  cash: 'USD',
  at: new Date().toISOString(),
  offline: false,
  provisionalBib: null,
  ...change,
});
const send = (payload: object, who: { cookie: string } | 'visitor' = volunteer) =>
  as(who === 'visitor' ? undefined : who).post('/api/check-in/walk-ups', payload);

const race10km = async () => {
  const [race] = await db
    .select()
    .from(raceOptions)
    .where(and(eq(raceOptions.discipline, 'run'), eq(raceOptions.label, '10km')));
  if (!race) throw new Error('no 10km race');
  return race;
};
const keepBlock = async (deviceId: string, from: number, to: number) => {
  const race = await race10km();
  await db.execute(
    sql`insert into bib_blocks (event_id, race_option_id, device_id, bib_from, bib_to)
      values (${race.eventId}, ${race.id}, ${deviceId}, ${from}, ${to})`,
  );
};
/** Registration closed yesterday (the public form refuses), as on race morning. */
const closeRegistration = async () => {
  await db.update(events).set({ registrationClosesAt: new Date(Date.now() - 86_400_000) });
  await app.context.currentEvent.reload();
};
const entries = () => db.select().from(registrations).orderBy(asc(registrations.createdAt));

describe(`walk-ups at the check-in table (${testDatabaseKind})`, () => {
  it('registers a walk-up after the closing time: the next free bib, checked in, paid in cash with a receipt', async () => {
    await closeRegistration();
    const taken = await as().post('/api/registrations', runner());
    expect(taken.statusCode).toBe(409);
    const sent = walkUp({ entrant: runner({ firstName: 'Chipo' }), cash: 'USD' });
    const response = await send(sent);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({
      outcome: 'registered',
      overCapacity: false,
      clashWith: null,
      entry: {
        firstName: 'Chipo',
        bib: 1,
        race: '10km',
        paymentStatus: 'paid',
        checkedIn: { by: expect.any(String) },
      },
    });
    expect(result.entry.checkedIn.at).toBe(new Date(sent.at).toISOString());
    expect(JSON.stringify(result)).not.toContain(sent.entrant.email);

    const [row] = await entries();
    expect(row).toMatchObject({
      bib: 1,
      paymentStatus: 'paid',
      paymentMethod: 'cash',
      paymentCurrency: 'USD',
      paymentAmount: '15.00',
    });
    expect(row?.checkedInBy).toMatch(/^Test volunteer/);
    expect(
      await db
        .select()
        .from(receipts)
        .where(eq(receipts.registrationId, row?.id ?? '')),
    ).toHaveLength(1);
    const notes = (
      await db
        .select()
        .from(registrationHistory)
        .where(eq(registrationHistory.registrationId, row?.id ?? ''))
    ).map((note) => note.summary);
    expect(notes).toContain(`Walk-up at the check-in table by ${row?.checkedInBy}`);
    expect(notes).toContain('Bib 1 given');
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'check-in.walk-up'));
    expect(audit).toMatchObject({ subject: `registration ${row?.reference}`, actorId: volunteer.id });
    expect(await db.select().from(walkUps)).toHaveLength(1);
    // The entrant is mailed the confirmation and the cash receipt, as anyone registered and paid.
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, sent.entrant.email));
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['payment-receipt', 'registration-confirmation']);

    // The next walk-up takes the next free number.
    const next = await send(walkUp({ cash: null }));
    expect(next.json().entry).toMatchObject({ bib: 2, paymentStatus: 'unpaid', fees: { USD: '15.00' } });
  });

  it('answers the same key again with the same result, and refuses a different walk-up under it', async () => {
    const sent = walkUp();
    const first = await send(sent);
    expect(first.statusCode).toBe(201);
    const again = await send(sent);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await send({ ...sent, cash: 'ZWG' });
    expect(other.statusCode).toBe(422);
    // Its answer lost, it is sent again the next day: answered as the first time.
    await db.update(events).set({ eventDate: '2020-01-01' });
    const nextDay = await send(sent);
    expect(nextDay.statusCode).toBe(200);
    expect(nextDay.json()).toEqual(first.json());
    expect(await entries()).toHaveLength(1);
    expect(await db.select().from(receipts)).toHaveLength(1);
  });

  it('refuses a walk-up on another day than the event’s, and one dated on another day', async () => {
    await db.update(events).set({ eventDate: '2099-01-01' });
    const later = await send(walkUp());
    expect(later.statusCode).toBe(409);
    expect(later.json()).toMatchObject({ code: WALK_UP_NOT_TODAY });
    await db.update(events).set({ eventDate: harareToday() });
    const yesterday = await send(walkUp({ at: new Date(Date.now() - 86_400_000).toISOString() }));
    expect(yesterday.statusCode).toBe(409);
    const ahead = await send(walkUp({ at: new Date(Date.now() + 3_600_000).toISOString() }));
    expect(ahead.statusCode).toBe(409);
    expect(await entries()).toHaveLength(0);
  });

  it('refuses a minor without a guardian, as the public form does', async () => {
    const response = await send(walkUp({ entrant: runner({ age: 12 }) }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/guardian/i);
    const withGuardian = await send(
      walkUp({
        entrant: runner({
          age: 12,
          guardianName: 'Rudo Moyo',
          guardianMobile: '0772345678',
          guardianConsent: true,
        }),
      }),
    );
    expect(withGuardian.statusCode, withGuardian.body).toBe(201);
    expect((await entries())[0]?.guardianName).toBe('Rudo Moyo');
  });

  it('refuses a full race online, registers it from a phone that was offline and shows it to the admin', async () => {
    await changeRace10km({ capacity: 1 });
    expect((await send(walkUp())).statusCode).toBe(201);
    const online = await send(walkUp());
    expect(online.statusCode).toBe(409);
    expect(online.json().detail).toMatch(/This race is full/);
    const offline = await send(
      walkUp({ offline: true, deviceId: PHONE_A, entrant: runner({ firstName: 'Late' }) }),
    );
    expect(offline.statusCode, offline.body).toBe(201);
    expect(offline.json()).toMatchObject({ outcome: 'registered', overCapacity: true });
    const review = await as(admin).get('/api/admin/walk-ups');
    expect(review.json().overCapacity).toEqual([
      expect.objectContaining({ firstName: 'Late', race: '10km', reference: offline.json().entry.reference }),
    ]);
    expect((await as(volunteer).get('/api/admin/walk-ups')).statusCode).toBe(403);
  });

  it('keeps a provisional bib from the phone’s own block, and never gives a number of another phone’s block', async () => {
    await keepBlock(PHONE_A, 91, 100);
    await keepBlock(PHONE_B, 81, 90);
    const fromA = await send(walkUp({ offline: true, deviceId: PHONE_A, provisionalBib: 95 }));
    expect(fromA.json().entry.bib).toBe(95);
    // Phone B claims a number of A's block: it gets the next free number outside the phones' blocks.
    const fromB = await send(walkUp({ offline: true, deviceId: PHONE_B, provisionalBib: 96 }));
    expect(fromB.json().entry.bib).toBe(1);
    // A number of its own block already given is not given twice.
    const twice = await send(walkUp({ offline: true, deviceId: PHONE_A, provisionalBib: 95 }));
    expect(twice.json().entry.bib).toBe(2);
    // "Bib at sync", and online walk-ups: the lowest free number outside every phone's block.
    const atSync = await send(walkUp({ offline: true, deviceId: PHONE_B, provisionalBib: null }));
    expect(atSync.json().entry.bib).toBe(3);
    const bibs = (await entries()).map((row) => row.bib);
    expect(new Set(bibs).size).toBe(bibs.length);
  });

  it('gives no bib in a race without a bib range, and registers nothing when the cash is in a currency without a fee', async () => {
    const noFee = await send(walkUp({ entrant: runner({ raceType: '5km' }), cash: 'USD' }));
    expect(noFee.statusCode).toBe(409);
    expect(noFee.json().detail).toMatch(/no fee in USD/);
    expect(await entries()).toHaveLength(0);
    const response = await send(walkUp({ entrant: runner({ raceType: '5km' }), cash: null }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().entry.bib).toBeNull();
  });

  it('gives walk-ups sent at the same moment different bibs, each paid in cash', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(walkUp())));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const bibs = answers.map((answer) => answer.json().entry.bib).sort((a, b) => a - b);
    expect(bibs).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps a clash apart, never merged, and lists it for the admin until done', async () => {
    const person = runner({ firstName: 'Rudo' });
    const registered = await as().post('/api/registrations', person);
    await closeRegistration();
    const reference = registered.json().reference;
    const sent = walkUp({ entrant: { ...person, tshirtSize: 'Small' } });
    const clash = await send(sent);
    expect(clash.statusCode, clash.body).toBe(201);
    expect(clash.json()).toEqual({
      outcome: 'clash',
      entry: null,
      overCapacity: false,
      clashWith: reference,
    });
    expect(await entries()).toHaveLength(1);
    expect((await send(sent)).json()).toMatchObject({ outcome: 'clash', clashWith: reference });
    expect(await db.select().from(walkUpClashes)).toHaveLength(1);

    const review = (await as(admin).get('/api/admin/walk-ups')).json();
    expect(review.clashes).toEqual([
      expect.objectContaining({ firstName: 'Rudo', race: '10km', clashWith: reference }),
    ]);
    expect(JSON.stringify(review)).not.toContain(person.email);
    const id = review.clashes[0].id;
    expect((await as(volunteer).post(`/api/admin/walk-ups/clashes/${id}/done`)).statusCode).toBe(403);
    expect((await as(admin).post(`/api/admin/walk-ups/clashes/${id}/done`)).statusCode).toBe(204);
    expect((await as(admin).get('/api/admin/walk-ups')).json().clashes).toEqual([]);
    const [kept] = await db.select().from(walkUpClashes);
    expect(kept?.submitted).toBeNull();

    // Erasing the entry (or its edition's retention) takes the clash too: it is the same person.
    await send(walkUp({ entrant: { ...person, tshirtSize: 'Large' } }));
    expect(await db.select().from(walkUpClashes)).toHaveLength(2);
    const [entry] = await entries();
    await anonymiseEntries(db, { registrationIds: [entry?.id ?? ''], waitlistIds: [] });
    expect(await db.select().from(walkUpClashes)).toEqual([]);
  });

  it('prompts the entrant’s phone through Paynow at the table, and the entry is paid with its receipt', async () => {
    await turnOnPaynow(app, ['ecocash', 'onemoney']);
    const taken = await send(walkUp({ cash: null }));
    const id = taken.json().entry.id;
    const table = as(volunteer);
    const started = await table.post(`/api/check-in/walk-ups/${id}/pay`, {
      method: 'ecocash',
      phone: '0771111111',
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ state: 'pending', amount: '15.00', currency: 'USD' });
    const until = Date.now() + 20_000;
    let attempt = started.json();
    while (attempt.state === 'pending' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      attempt = (await table.get(`/api/check-in/walk-ups/${id}/pay/attempts/${attempt.id}`)).json();
    }
    expect(attempt.state).toBe('paid');
    const [row] = await entries();
    expect(row).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'paynow_ecocash' });
    expect(await db.select().from(receipts).where(eq(receipts.registrationId, id))).toHaveLength(1);

    // An entry that is no walk-up is not the table's to prompt.
    const online = await as().post('/api/registrations', runner());
    const [other] = await db
      .select()
      .from(registrations)
      .where(eq(registrations.reference, online.json().reference));
    const refused = await table.post(`/api/check-in/walk-ups/${other?.id}/pay`, {
      method: 'ecocash',
      phone: '0771111111',
    });
    expect(refused.statusCode).toBe(404);
  });

  it('takes walk-ups from volunteers and admins only', async () => {
    expect((await send(walkUp(), admin)).statusCode).toBe(201);
    expect((await send(walkUp(), 'visitor')).statusCode).toBe(401);
    const participant = await signedInAs(app, 'participant');
    expect((await send(walkUp(), participant)).statusCode).toBe(403);
    const company = await signedInAs(app, 'company');
    expect((await send(walkUp(), company)).statusCode).toBe(403);
    // An entrant's private link opens the entrant's own page, never the table.
    const own = await as().post('/api/registrations', runner({ raceType: '5km' }));
    const token = String(own.json().myLink ?? '').replace('/My/', '');
    const byLink = await as().post('/api/check-in/walk-ups', walkUp(), { authorization: `Bearer ${token}` });
    expect(byLink.statusCode).toBe(401);
    const [walkUpEntry] = await entries();
    const prompt = await as(participant).post(`/api/check-in/walk-ups/${walkUpEntry?.id}/pay`, {
      method: 'ecocash',
      phone: '0771111111',
    });
    expect(prompt.statusCode).toBe(403);
    expect(await db.select().from(walkUps)).toHaveLength(1);
  });
});
