import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../../tests/support/entries.ts';
import { openGifts, setUpAppWithPaynow } from '../../../../../tests/support/paynow-app.ts';
import { signedInAs, testDatabase, testDatabaseKind } from '../../../../../tests/support/test-app.ts';
import { gifts, raceOptions, registrations } from '../../../db/schema/index.ts';

// A gift added with an entry is paid with its fee by one Paynow attempt (issue 43).

const { app, origin } = setUpAppWithPaynow({ methods: ['ecocash', 'web'] });
const db = async () => (await testDatabase()).db;
beforeEach(async () => {
  await (await db()).update(raceOptions).set({ feeUsd: '10.00' });
  await openGifts(app, origin());
});

const runner = runnerSeries();
async function registered(gift: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/registrations',
    headers: { origin: origin() },
    payload: runner(gift),
  });
  expect(response.statusCode, response.body).toBe(201);
  const receipt = response.json() as { reference: string; myLink: string; gift?: { reference: string } };
  return { ...receipt, token: receipt.myLink.replace('/My/', '') };
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

describe(`Paynow pays an entry's fee and its gift together (${testDatabaseKind})`, () => {
  it('asks for fee and gift in one attempt, and records the fee on the entry and the gift apart, with its receipt', async () => {
    const entry = await registered({ giftAmount: '5', giftCurrency: 'USD' });
    expect(await offerOf(entry.token)).toMatchObject({ amount: '15.00', paid: false });
    const started = await pay(entry.token, { method: 'ecocash', phone: '0771111111' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ amount: '15.00', currency: 'USD' });
    expect((await settled(entry.token, started.json().id)).state).toBe('paid');

    const [row] = await (await db())
      .select()
      .from(registrations)
      .where(eq(registrations.reference, entry.reference));
    expect(row).toMatchObject({ paymentStatus: 'paid', paymentAmount: '10.00' });
    const [gift] = await (await db()).select().from(gifts);
    expect(gift).toMatchObject({ reference: entry.gift?.reference, status: 'paid', registrationId: row?.id });
    expect(gift?.receiptNumber).toEqual(expect.any(Number));
    expect(await offerOf(entry.token)).toMatchObject({ amount: '0.00', paid: true });
  });

  // An admin's record of the fee leaves the gift due: the entry's link then asks for the gift alone.
  it('asks for the gift alone once the fee is paid, and a gift in the other currency is not asked for', async () => {
    const entry = await registered({ giftAmount: '7.50', giftCurrency: 'USD' });
    const { cookie } = await signedInAs(app, 'admin');
    const [row] = await (await db())
      .select()
      .from(registrations)
      .where(eq(registrations.reference, entry.reference));
    const marked = await app.inject({
      method: 'PUT',
      url: `/api/participants/${row?.id}/payment`,
      headers: { cookie, origin: origin() },
      payload: { status: 'paid', method: 'cash', amount: '10.00', currency: 'USD', paidOn: '2026-11-01' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await offerOf(entry.token)).toMatchObject({ amount: '7.50', paid: false });

    const other = await registered({ giftAmount: '100', giftCurrency: 'ZWG' });
    expect(await offerOf(other.token)).toMatchObject({ amount: '10.00' });
  });

  it('asks fee and gift for a gift added on /My, from /My and from a pay link, and pays both', async () => {
    const entry = await registered({});
    const added = await app.inject({
      method: 'PUT',
      url: `/api/my/${entry.token}/gift`,
      headers: { origin: origin() },
      payload: { amount: '5', currency: 'USD' },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await offerOf(entry.token)).toMatchObject({ amount: '15.00', paid: false });
    const made = await app.inject({
      method: 'POST',
      url: `/api/my/${entry.token}/pay-links`,
      headers: { origin: origin() },
      payload: {},
    });
    const payLink = (made.json().path as string).replace('/PayFor/', '');
    const shown = (await app.inject({ method: 'GET', url: `/api/pay-for/${payLink}` })).json();
    expect(shown).toMatchObject({ amount: '15.00', gift: { amount: '5.00', currency: 'USD' }, paid: false });

    const started = await app.inject({
      method: 'POST',
      url: `/api/pay-for/${payLink}`,
      headers: { origin: origin() },
      payload: { method: 'ecocash', phone: '0771111111' },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ amount: '15.00', currency: 'USD' });
    const until = Date.now() + 20_000;
    let state = 'pending';
    while (state === 'pending' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      state = (
        await app.inject({ method: 'GET', url: `/api/pay-for/${payLink}/attempts/${started.json().id}` })
      ).json().state;
    }
    expect(state).toBe('paid');
    const [gift] = await (await db()).select().from(gifts);
    expect(gift).toMatchObject({ status: 'paid', amount: '5.00' });
    expect(await offerOf(entry.token)).toMatchObject({ amount: '0.00', paid: true });
    const mine = (await app.inject({ method: 'GET', url: `/api/my/${entry.token}` })).json();
    expect(mine).toMatchObject({ paymentStatus: 'paid', gift: { status: 'paid' } });
  });
});
