import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerEntry } from '../../../../tests/support/entries.ts';
import { importStatementLine } from '../../../../tests/support/gift-tests.ts';
import {
  changeRaces,
  registeredRunner,
  setUpTestApp,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { harareToday } from '../../../shared/dates.ts';
import { events, mailOutbox, registrations } from '../../db/schema/index.ts';

// Issue 42 §1: ZWG fees follow the USD fee at the official rate; the quote is kept on the entry and honoured.

const { app, db, visitor, asAdmin } = setUpTestApp();

const daysAgo = (days: number) => harareToday(new Date(Date.now() - days * 86_400_000));

const setRate = async (change: Record<string, unknown> = {}) => {
  const response = await asAdmin.put('/api/admin/event/zwg-rate', {
    zwgFollowsRate: true,
    zwgRate: '24.3',
    zwgRateDate: daysAgo(1),
    zwgRateKind: 'selling',
    zwgRoundTo: 1,
    quoteHonourDays: 14,
    ...change,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** 10 km: US$10 (a fixed ZWG 300, above the rate); 5 km: US$5 (ZWG 120). */
const setFees = () =>
  changeRaces(asAdmin, (race) =>
    race.label === '10km' ? { feeUsd: '10.00', feeZwg: '300.00' } : { feeUsd: '5.00', feeZwg: '120.00' },
  );

const feesOf = async (id: string) => (await asAdmin.get(`/api/participants/${id}`)).json().fees;

const markPaidZwg = async (id: string) => {
  const response = await asAdmin.post('/api/participants/mark-paid', {
    ids: [id],
    method: 'zwg_bank',
    currency: 'ZWG',
    paidOn: harareToday(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** A ZWG bank statement with one line quoting the entry's reference, uploaded by the admin. */
async function zwgStatementPaying(reference: string, amount: string) {
  const review = await importStatementLine(
    asAdmin,
    `Fun run ${reference}`,
    amount,
    'zwg_bank',
    harareToday(),
  );
  const done = await asAdmin.post(`/api/statements/${review.id}/confirm`, {
    skip: [],
    choose: [],
  });
  expect(done.statusCode, done.body).toBe(200);
}

const paymentOf = async (id: string) => {
  const [row] = await db.select().from(registrations).where(eq(registrations.id, id));
  return [row?.paymentStatus, row?.paymentAmount, row?.paymentCurrency];
};

describe(`ZWG fees at the official rate (${testDatabaseKind})`, () => {
  it('keeps fixed ZWG fees while the event does not follow the rate', async () => {
    await setFees();
    const { row } = await registeredRunner(app, 'fixed');
    expect(row.quotedAt).toBeNull();
    expect((await feesOf(row.id)).ZWG).toBe('300.00');
    const event = (await visitor.get('/api/event')).json();
    expect(event.races.find((race: { label: string }) => race.label === '10km').feeZwg).toBe('300.00');
  });

  it('asks entrants for USD × rate rounded down, and keeps the quote on the entry with its words', async () => {
    await setFees();
    const settings = await setRate({ zwgRate: '24.39', zwgRoundTo: 5 });
    expect(settings).toMatchObject({ zwgFollowsRate: true, zwgRoundTo: 5, zwgRateKind: 'selling' });
    const event = (await visitor.get('/api/event')).json();
    const tenKm = event.races.find((race: { label: string }) => race.label === '10km');
    expect(tenKm.feeZwg).toBe('240.00');
    const response = await visitor.post('/api/registrations', runnerEntry('quoted'));
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json();
    expect(receipt).toMatchObject({ feeUsd: '10.00', feeZwg: '240.00', zwgRateDate: daysAgo(1) });
    expect(Number(receipt.zwgRate)).toBe(24.39);
    const [row] = await db.select().from(registrations).where(eq(registrations.reference, receipt.reference));
    expect(row).toMatchObject({ quoteUsd: '10.00', quoteZwg: '240.00', quoteRateDate: daysAgo(1) });
    expect(Number(row?.quoteRate)).toBe(24.39);
    const [day, month, year] = [daysAgo(1).slice(8), daysAgo(1).slice(5, 7), daysAgo(1).slice(2, 4)];
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'tendai.quoted@example.com'));
    expect(mail?.text).toContain(
      `US$10.00 or ZWG 240 (at the official rate of 24.39 on ${day}/${month}/${year})`,
    );
  });

  it('says the rate beside the ZWG total of a group form’s confirmation', async () => {
    await setFees();
    await setRate({ zwgRate: '24.39', zwgRoundTo: 5 });
    const contact = runnerEntry('groupquote');
    const child = runnerEntry('groupchild', {
      email: contact.email,
      mobile: contact.mobile,
      raceType: '5km',
    });
    const key = { 'idempotency-key': 'group-quoted-0001' };
    const response = await visitor.post('/api/registrations/group', { people: [contact, child] }, key);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().due).toEqual({ usd: '15.00', zwg: '360.00' });
    // The thank-you page says it too, and so does a retry's, read back from the entries.
    const retried = await visitor.post('/api/registrations/group', { people: [contact, child] }, key);
    expect(retried.json().due).toEqual({ usd: '15.00', zwg: '360.00' });
    for (const { zwgRate, zwgRateDate } of [response.json(), retried.json()]) {
      expect([Number(zwgRate), zwgRateDate]).toEqual([24.39, daysAgo(1)]);
    }
    const [day, month, year] = [daysAgo(1).slice(8), daysAgo(1).slice(5, 7), daysAgo(1).slice(2, 4)];
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, contact.email));
    expect(mail?.text).toContain(
      `Total due: US$15.00 or ZWG 360 (at the official rate of 24.39 on ${day}/${month}/${year})`,
    );
  });

  it('honours the quote through a rate change for N days, then asks the amount at the current rate', async () => {
    await setFees();
    await setRate();
    const { row, token } = await registeredRunner(app, 'honoured');
    expect((await feesOf(row.id)).ZWG).toBe('243.00');
    await setRate({ zwgRate: '26.5', zwgRateDate: daysAgo(0) });
    expect((await feesOf(row.id)).ZWG).toBe('243.00');
    const honoured = (await visitor.get(`/api/my/${token}`)).json();
    expect(honoured.fees.ZWG).toBe('243.00');
    expect(honoured.zwg).toMatchObject({ honoured: true, quote: { zwg: '243.00' } });
    expect(Number(honoured.zwg.rate)).toBe(24.3);

    // Day 15: the quote has lapsed.
    await db
      .update(registrations)
      .set({ quotedAt: sql`now() - interval '15 days'` })
      .where(eq(registrations.id, row.id));
    expect((await feesOf(row.id)).ZWG).toBe('265.00');
    const moved = (await visitor.get(`/api/my/${token}`)).json();
    expect(moved.fees.ZWG).toBe('265.00');
    expect(moved.zwg).toMatchObject({ honoured: false, quote: { zwg: '243.00' }, rateDate: daysAgo(0) });
    expect(Number(moved.zwg.rate)).toBe(26.5);

    // A longer honour period brings the quote back: the setting is read as it is now.
    await setRate({ zwgRate: '26.5', zwgRateDate: daysAgo(0), quoteHonourDays: 30 });
    expect((await feesOf(row.id)).ZWG).toBe('243.00');
  });

  it('checks Mark paid and a statement against the quoted amount, then against the current one', async () => {
    await setFees();
    await setRate();
    const first = await registeredRunner(app, 'markpaid');
    const second = await registeredRunner(app, 'recorded');
    await setRate({ zwgRate: '30', zwgRateDate: daysAgo(0) });
    const marked = await markPaidZwg(first.row.id);
    expect(marked.marked).toMatchObject([{ amount: '243.00', currency: 'ZWG' }]);
    // The quoted amount on a statement pays the entry in full, though the rate has moved.
    await zwgStatementPaying(second.row.reference, '243.00');
    expect(await paymentOf(second.row.id)).toEqual(['paid', '243.00', 'ZWG']);

    // Quoted at 30 (ZWG 300), then lapsed while the rate went back to 24.3: ZWG 243 pays it in full.
    const lapsed = await registeredRunner(app, 'lapsed');
    expect((await feesOf(lapsed.row.id)).ZWG).toBe('300.00');
    await setRate();
    await db
      .update(registrations)
      .set({ quotedAt: sql`now() - interval '20 days'` })
      .where(eq(registrations.id, lapsed.row.id));
    await zwgStatementPaying(lapsed.row.reference, '243.00');
    expect(await paymentOf(lapsed.row.id)).toEqual(['paid', '243.00', 'ZWG']);
    const alsoLapsed = await registeredRunner(app, 'alsolapsed');
    expect((await feesOf(alsoLapsed.row.id)).ZWG).toBe('243.00');

    // The dashboard's ZWG money in USD at each entry's quoted rate: 243 / 24.3 twice, 243 / 30 once.
    const dashboard = (await asAdmin.get('/api/dashboard/fun-run')).json();
    expect(dashboard.money).toMatchObject({ zwg: '729.00', zwgInUsd: { usd: '28.10', unquoted: 0 } });
  });

  it('quotes again at the current rate when the race changes', async () => {
    await setFees();
    await setRate();
    const { row, token } = await registeredRunner(app, 'moves');
    await setRate({ zwgRate: '25', zwgRateDate: daysAgo(0) });
    const { discipline: _d, consent: _c, ...fields } = runnerEntry('moves');
    const changed = await visitor.put(`/api/my/${token}`, { ...fields, raceType: '5km' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().fees.ZWG).toBe('125.00');
    const [after] = await db.select().from(registrations).where(eq(registrations.id, row.id));
    expect(after).toMatchObject({ quoteUsd: '5.00', quoteZwg: '125.00', quoteRateDate: daysAgo(0) });
  });

  it('makes a new edition follow the rate, keeping the last rate for the admin to renew', async () => {
    await setRate({ zwgFollowsRate: false, zwgRate: '24.3', zwgRateDate: daysAgo(3) });
    const started = await asAdmin.post('/api/admin/editions', { year: 2026, referencePrefix: 'CFR26' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      zwgFollowsRate: true,
      zwgRateDate: daysAgo(3),
      quoteHonourDays: 14,
    });
  });

  it('refuses a rate without its date, and a rate-following publish with a stale rate', async () => {
    await setFees();
    const missingDate = await asAdmin.put('/api/admin/event/zwg-rate', {
      zwgFollowsRate: true,
      zwgRate: '24.3',
      zwgRateDate: null,
      zwgRateKind: 'mid',
      zwgRoundTo: 1,
      quoteHonourDays: 14,
    });
    expect(missingDate.statusCode).toBe(400);
    const badRounding = await asAdmin.put('/api/admin/event/zwg-rate', {
      zwgFollowsRate: false,
      zwgRate: null,
      zwgRateDate: null,
      zwgRateKind: 'mid',
      zwgRoundTo: 3,
      quoteHonourDays: 14,
    });
    expect(badRounding.statusCode).toBe(400);

    await setRate({ zwgRateDate: daysAgo(8) });
    await db.update(events).set({ publishedAt: null });
    const stale = await asAdmin.post('/api/admin/event/publish');
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().detail).toContain('the official ZWG rate, dated within 7 days');
    await setRate({ zwgRateDate: daysAgo(7) });
    const published = await asAdmin.post('/api/admin/event/publish');
    expect(published.json().detail ?? '').not.toContain('ZWG rate');
  });
});
