import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../../tests/support/entries.ts';
import { openGifts, setUpAppWithPaynow } from '../../../../../tests/support/paynow-app.ts';
import { signedInAs, testDatabase, testDatabaseKind } from '../../../../../tests/support/test-app.ts';
import {
  gifts,
  mailOutbox,
  onlinePayments,
  raceOptions,
  receipts,
  registrations,
} from '../../../db/schema/index.ts';

// Paying a group form's total through Paynow (issue 36): one attempt for every member who owes.

const { app, fake, origin } = setUpAppWithPaynow({ methods: ['ecocash', 'web'] });
const db = async () => (await testDatabase()).db;
beforeEach(async () => {
  await (await db()).update(raceOptions).set({ feeUsd: '10.00' });
  await (await db()).update(raceOptions).set({ feeUsd: '5.00' }).where(eq(raceOptions.label, '5km'));
});

const runner = runnerSeries();
/** A mother (10 km, USD 10) and her two children (5 km, USD 5 each) sharing her contact; `gift`: added once. */
async function family(gift: { giftAmount?: string } = {}) {
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
    payload: { people: [mother, child('Tanaka'), child('Nyasha')], ...gift },
  });
  expect(response.statusCode, response.body).toBe(201);
  const receipt = response.json() as {
    groupReference: string;
    members: { myLink: string; reference: string }[];
  };
  return { ...receipt, tokens: receipt.members.map((member) => member.myLink.replace('/My/', '')) };
}

/** Requests as a signed-in account (or a visitor), from the site's own origin. */
const as = (who?: { cookie: string }) => {
  const headers = { origin: origin(), ...(who ? { cookie: who.cookie } : {}) };
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: object) => app.inject({ method: 'POST', url, headers, payload }),
  };
};

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

const payments = async () =>
  (await (await db()).select().from(registrations).orderBy(asc(registrations.reference))).map((row) => [
    row.paymentStatus,
    row.paymentAmount,
    row.paymentMethod,
  ]);

describe(`Paynow pays a group's total (${testDatabaseKind})`, () => {
  it('offers the group total on a member’s link and pays every member with one Paynow payment, one receipt', async () => {
    const group = await family();
    // The group's one confirmation offers the total online on the contact's page.
    const [confirmation] = await (await db())
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'registration-confirmation'));
    expect(confirmation?.text).toMatch(/Pay online now \(.+\) on your private page:\n.+\/My\//);
    const offer = await offerOf(group.tokens[1] ?? '');
    expect(offer).toMatchObject({
      amount: '5.00',
      group: { reference: group.groupReference, amount: '20.00' },
    });

    const started = await pay(group.tokens[1] ?? '', { method: 'web', group: true });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ amount: '20.00', currency: 'USD', pays: 'group' });
    // One attempt for the group: another member's link cannot start a second one meanwhile.
    const second = await pay(group.tokens[0] ?? '', { method: 'ecocash', phone: '0771111111', group: true });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toMatch(/payment for your group is already under way/);
    await fake.settle(String(started.json().browserUrl).split('/').at(-1) ?? '', 'Paid');

    expect((await settled(group.tokens[1] ?? '', started.json().id)).state).toBe('paid');
    expect(await payments()).toEqual([
      ['paid', '10.00', 'paynow_web'],
      ['paid', '5.00', 'paynow_web'],
      ['paid', '5.00', 'paynow_web'],
    ]);
    const issued = await (await db()).select().from(receipts);
    expect(issued).toHaveLength(3);
    expect(new Set(issued.map((receipt) => receipt.number)).size).toBe(1);
    expect(
      await (await db()).select().from(mailOutbox).where(eq(mailOutbox.kind, 'payment-receipt')),
    ).toHaveLength(1);
    expect((await offerOf(group.tokens[0] ?? '')).group).toEqual({
      reference: group.groupReference,
      amount: '0.00',
    });
    expect((await pay(group.tokens[0] ?? '', { method: 'web', group: true })).statusCode).toBe(409);
  });

  it('asks a part-paid group for the rest only, and no member is cancelled while its payment is under way', async () => {
    const group = await family();
    const single = await pay(group.tokens[0] ?? '', { method: 'ecocash', phone: '0771111111' });
    expect((await settled(group.tokens[0] ?? '', single.json().id)).state).toBe('paid');
    expect((await offerOf(group.tokens[2] ?? '')).group.amount).toBe('10.00');

    const { cookie } = await signedInAs(app, 'admin');
    // Paynow's page: under way until the payer finishes there (the fake settles it when told).
    const started = await pay(group.tokens[2] ?? '', { method: 'web', group: true });
    expect(started.json()).toMatchObject({ amount: '10.00' });
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/my/${group.tokens[1]}/cancel`,
      headers: { origin: origin() },
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ code: 'PAYMENT_UNDER_WAY' });
    const [member] = await (await db()).select().from(registrations).orderBy(asc(registrations.reference));
    const leave = await app.inject({
      method: 'POST',
      url: `/api/participants/${member?.id}/leave-group`,
      headers: { cookie, origin: origin() },
    });
    expect(leave.statusCode).toBe(409);
    const attempts = await (await db()).select().from(onlinePayments).orderBy(asc(onlinePayments.createdAt));
    expect(attempts.map((attempt) => attempt.groupId === null)).toEqual([true, false]);
    await fake.settle(String(started.json().browserUrl).split('/').at(-1) ?? '', 'Cancelled');
    expect((await settled(group.tokens[2] ?? '', started.json().id)).state).toBe('failed');
    const after = await app.inject({
      method: 'POST',
      url: `/api/my/${group.tokens[1]}/cancel`,
      headers: { origin: origin() },
    });
    expect(after.statusCode).toBe(200);
  });

  it('pays a company team’s total online from its manager’s account: one payment, one receipt to the company', async () => {
    const company = await signedInAs(app, 'company');
    const other = await signedInAs(app, 'company');
    const asCompany = as(company);
    for (const raceType of ['10km', '5km']) {
      const staff = runner({ raceType });
      expect((await asCompany.post('/api/team/registrations', staff)).statusCode).toBe(201);
    }
    const team = (await asCompany.get('/api/team/registrations')).json() as { reference: string };
    expect((await asCompany.get('/api/team/pay')).json()).toMatchObject({ enabled: true, amount: '15.00' });

    const started = await asCompany.post('/api/team/pay', { method: 'web' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ amount: '15.00', currency: 'USD', pays: 'team' });
    const [attempt] = await (await db()).select().from(onlinePayments);
    expect(attempt?.merchantTrace.startsWith(team.reference)).toBe(true);
    // Another company neither sees it nor may follow it; a second start waits for this one.
    expect((await as(other).get(`/api/team/pay/attempts/${started.json().id}`)).statusCode).toBe(404);
    expect((await asCompany.post('/api/team/pay', { method: 'web' })).statusCode).toBe(409);
    // No entry of the team is cancelled while its total is being paid.
    const [first] = (await asCompany.get('/api/team/registrations')).json().entries as { id: string }[];
    const cancel = await asCompany.post(`/api/team/registrations/${first?.id}/cancel`, {});
    expect(cancel.statusCode).toBe(409);

    await fake.settle(String(started.json().browserUrl).split('/').at(-1) ?? '', 'Paid');
    const until = Date.now() + 20_000;
    let followed = started.json();
    while (followed.state === 'pending' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      followed = (await asCompany.get(`/api/team/pay/attempts/${started.json().id}`)).json();
    }
    expect(followed.state).toBe('paid');
    expect(await payments()).toEqual([
      ['paid', '10.00', 'paynow_web'],
      ['paid', '5.00', 'paynow_web'],
    ]);
    const issued = await (await db()).select().from(receipts);
    expect(new Set(issued.map((receipt) => receipt.number)).size).toBe(1);
    const mailed = await (await db()).select().from(mailOutbox).where(eq(mailOutbox.kind, 'payment-receipt'));
    expect(mailed.map((mail) => mail.to)).toEqual([company.email]);
    expect((await asCompany.get('/api/team/pay')).json()).toMatchObject({ amount: null, paid: true });
    expect((await asCompany.post('/api/team/pay', { method: 'web' })).statusCode).toBe(409);
    // A visitor, or an entrant, cannot reach a team's payments.
    expect((await as().post('/api/team/pay', { method: 'web' })).statusCode).toBe(401);
  });
});

// A group's gift (issue 43) is in its Paynow total: one attempt pays the members' fees first, then the gift.
describe(`Paynow pays a group's total with its gift (${testDatabaseKind})`, () => {
  beforeEach(() => openGifts(app, origin()));

  it('asks for the fees and the gift in one attempt, and records the fees on the members and the gift apart', async () => {
    const group = await family({ giftAmount: '7.50' });
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
    const group = await family({ giftAmount: '7.50' });
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
