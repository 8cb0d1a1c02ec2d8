import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../../tests/support/entries.ts';
import { openGifts, setUpAppWithPaynow } from '../../../../../tests/support/paynow-app.ts';
import { signedInAs, testDatabase, testDatabaseKind } from '../../../../../tests/support/test-app.ts';
import { gifts, raceOptions, registrations } from '../../../db/schema/index.ts';

// A group's gift (issue 43) is in its Paynow total: one attempt pays the members' fees first, then the gift.

const { app, origin } = setUpAppWithPaynow({ methods: ['ecocash', 'web'] });
const db = async () => (await testDatabase()).db;
beforeEach(async () => {
  await (await db()).update(raceOptions).set({ feeUsd: '10.00' });
  await (await db()).update(raceOptions).set({ feeUsd: '5.00' }).where(eq(raceOptions.label, '5km'));
  await openGifts(app, origin());
});

const runner = runnerSeries();
/** A mother (10 km, USD 10) and her two children (5 km, USD 5 each) sharing her contact, and a US$7.50 gift. */
async function family() {
  const mother = runner({ firstName: 'Rudo', email: 'rudo.paynow@example.com' });
  const child = (firstName: string) =>
    runner({
      firstName,
      email: mother.email,
      mobile: mother.mobile,
      age: 10,
      raceType: '5km',
      guardianName: 'Rudo Moyo',
      guardianMobile: mother.mobile,
      guardianConsent: true,
    });
  const response = await app.inject({
    method: 'POST',
    url: '/api/registrations/group',
    headers: { origin: origin() },
    payload: { people: [mother, child('Tanaka'), child('Nyasha')], giftAmount: '7.50' },
  });
  expect(response.statusCode, response.body).toBe(201);
  const receipt = response.json() as {
    groupReference: string;
    members: { myLink: string; reference: string }[];
  };
  return { ...receipt, tokens: receipt.members.map((member) => member.myLink.replace('/My/', '')) };
}

const pay = (token: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/pay/${token}`, headers: { origin: origin() }, payload });
const offerOf = async (token: string) =>
  (await app.inject({ method: 'GET', url: `/api/pay/${token}` })).json();

async function settled(token: string, id: string) {
  const until = Date.now() + 20_000;
  for (;;) {
    const attempt = (await app.inject({ method: 'GET', url: `/api/pay/${token}/attempts/${id}` })).json();
    if (attempt.state !== 'pending' || Date.now() > until) return attempt;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe(`Paynow pays a group's total with its gift (${testDatabaseKind})`, () => {
  it('asks for the fees and the gift in one attempt, and records the fees on the members and the gift apart', async () => {
    const group = await family();
    const token = group.tokens[1] ?? '';
    expect((await offerOf(token)).group).toEqual({ reference: group.groupReference, amount: '27.50' });
    const started = await pay(token, { method: 'ecocash', phone: '0771111111', group: true });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ amount: '27.50', currency: 'USD', pays: 'group' });
    expect((await settled(token, started.json().id)).state).toBe('paid');

    const rows = await (await db()).select().from(registrations).orderBy(asc(registrations.reference));
    expect(rows.map((row) => [row.paymentStatus, row.paymentAmount])).toEqual([
      ['paid', '10.00'],
      ['paid', '5.00'],
      ['paid', '5.00'],
    ]);
    const [gift] = await (await db()).select().from(gifts);
    expect(gift).toMatchObject({ status: 'paid', amount: '7.50', registrationId: rows[0]?.id });
    expect(gift?.receiptNumber).toEqual(expect.any(Number));
    expect((await offerOf(token)).group).toEqual({ reference: group.groupReference, amount: '0.00' });
  });

  it('asks for the gift alone once the fees are paid, and pays it by the group’s attempt', async () => {
    const group = await family();
    const { cookie } = await signedInAs(app, 'admin');
    const rows = await (await db()).select().from(registrations).orderBy(asc(registrations.reference));
    for (const [index, row] of rows.entries()) {
      const marked = await app.inject({
        method: 'PUT',
        url: `/api/participants/${row.id}/payment`,
        headers: { cookie, origin: origin() },
        payload: {
          status: 'paid',
          method: 'cash',
          amount: index === 0 ? '10.00' : '5.00',
          currency: 'USD',
          paidOn: '2026-11-01',
        },
      });
      expect(marked.statusCode, marked.body).toBe(200);
    }
    const token = group.tokens[0] ?? '';
    expect((await offerOf(token)).group).toEqual({ reference: group.groupReference, amount: '7.50' });
    const started = await pay(token, { method: 'ecocash', phone: '0771111111', group: true });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ amount: '7.50', pays: 'group' });
    expect((await settled(token, started.json().id)).state).toBe('paid');
    const [gift] = await (await db()).select().from(gifts);
    expect(gift).toMatchObject({ status: 'paid', amount: '7.50' });
    // The fees stay as the admin recorded them.
    const after = await (await db()).select().from(registrations).orderBy(asc(registrations.reference));
    expect(after.map((row) => [row.paymentStatus, row.paymentMethod])).toEqual([
      ['paid', 'cash'],
      ['paid', 'cash'],
      ['paid', 'cash'],
    ]);
  });
});
