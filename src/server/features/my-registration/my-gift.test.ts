import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { feesOfTwenty, importStatementLine, openGifts } from '../../../../tests/support/gift-tests.ts';
import { setUpTestApp, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { gifts, registrations } from '../../db/schema/index.ts';

// "Add a gift to <cause>" on /My (issue 43): one gift per entry, due with its fee, in USD or ZWG.

const { db, visitor, asAdmin } = setUpTestApp();
const runner = runnerSeries();

const setFees = () => feesOfTwenty(asAdmin);

async function registered() {
  const response = await visitor.post('/api/registrations', runner(), {
    'idempotency-key': crypto.randomUUID(),
  });
  expect(response.statusCode, response.body).toBe(201);
  const receipt = response.json() as { reference: string; myLink: string };
  return { reference: receipt.reference, token: receipt.myLink.replace('/My/', '') };
}
const addGift = (token: string, amount: string, currency = 'USD') =>
  visitor.put(`/api/my/${token}/gift`, { amount, currency });
const entryOf = async (reference: string) => {
  const [row] = await db.select().from(registrations).where(eq(registrations.reference, reference));
  return row;
};

async function statementLine(account: 'usd_bank' | 'zwg_bank', narrative: string, amount: string) {
  const review = await importStatementLine(asAdmin, narrative, amount, account);
  const confirmed = await asAdmin.post(`/api/statements/${review.id}/confirm`, { skip: [], choose: [] });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return review;
}

describe(`a gift added on /My (${testDatabaseKind})`, () => {
  it('is offered while gifts are open, added once, changed by a second add, and removed while unpaid', async () => {
    await setFees();
    const { token, reference } = await registered();
    const closed = await visitor.get(`/api/my/${token}`);
    expect(closed.json()).toMatchObject({ gift: null, giftsTo: null });
    const refused = await addGift(token, '10');
    expect(refused.statusCode).toBe(409);
    expect(await db.select().from(gifts)).toHaveLength(0);

    await openGifts(asAdmin);
    expect((await visitor.get(`/api/my/${token}`)).json()).toMatchObject({ gift: null, giftsTo: 'Borehole' });
    const added = await addGift(token, '10');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().gift).toEqual({
      reference: expect.stringMatching(/-D\d+$/),
      amount: '10.00',
      currency: 'USD',
      status: 'unpaid',
    });
    const entry = await entryOf(reference);
    const changed = await addGift(token, '250', 'ZWG');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().gift).toMatchObject({ amount: '250.00', currency: 'ZWG', status: 'unpaid' });
    const stored = await db.select().from(gifts);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ registrationId: entry?.id, amount: '250.00', currency: 'ZWG' });
    // The fee is untouched.
    expect(entry).toMatchObject({ paymentStatus: 'unpaid', paymentAmount: null });

    expect((await addGift(token, '-5')).statusCode).toBe(400);
    expect((await addGift(token, '5', 'EUR')).statusCode).toBe(400);

    const removed = await visitor.delete(`/api/my/${token}/gift`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ gift: null, giftsTo: 'Borehole' });
    expect(await db.select().from(gifts)).toHaveLength(0);
    expect((await visitor.delete(`/api/my/${token}/gift`)).statusCode).toBe(409);
    // Another entry's link never reaches this gift.
    expect(
      (await visitor.put('/api/my/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/gift', { amount: '5', currency: 'USD' }))
        .statusCode,
    ).toBe(404);
  });

  it('is paid with the fee by one statement line; a paid gift can be neither changed nor removed', async () => {
    await setFees();
    await openGifts(asAdmin);
    const { token, reference } = await registered();
    await addGift(token, '10');
    await statementLine('usd_bank', `FUN RUN ${reference}`, '30.00');
    expect(await entryOf(reference)).toMatchObject({ paymentStatus: 'paid', paymentAmount: '20.00' });
    const mine = (await visitor.get(`/api/my/${token}`)).json();
    expect(mine.gift).toMatchObject({ amount: '10.00', currency: 'USD', status: 'paid' });
    expect(mine.giftsTo).toBeNull();
    expect((await addGift(token, '5')).statusCode).toBe(409);
    expect((await visitor.delete(`/api/my/${token}/gift`)).statusCode).toBe(409);
    expect(await db.select().from(gifts)).toHaveLength(1);
  });

  it('in ZWG: one ZWG statement line brings the ZWG fee and the ZWG gift, and pays both', async () => {
    await setFees();
    await openGifts(asAdmin);
    const { token, reference } = await registered();
    await addGift(token, '250', 'ZWG');
    await statementLine('zwg_bank', `FUNRUN ${reference}`, '770.00');
    expect(await entryOf(reference)).toMatchObject({
      paymentStatus: 'paid',
      paymentAmount: '520.00',
      paymentCurrency: 'ZWG',
    });
    const [gift] = await db.select().from(gifts);
    expect(gift).toMatchObject({ status: 'paid', currency: 'ZWG', amount: '250.00', paidBy: 'zwg_bank' });
    expect(gift?.receiptNumber).toEqual(expect.any(Number));
  });

  it('is in the pay link’s total, in its own currency, with the fee', async () => {
    await setFees();
    await openGifts(asAdmin);
    const { token } = await registered();
    const made = await visitor.post(`/api/my/${token}/pay-links`, {});
    expect(made.statusCode, made.body).toBe(201);
    const payLink = (made.json().path as string).replace('/PayFor/', '');
    const before = (await visitor.get(`/api/pay-for/${payLink}`)).json();
    expect(before).toMatchObject({ due: { usd: '20.00', zwg: '520.00' }, gift: null });

    await addGift(token, '10');
    const withGift = (await visitor.get(`/api/pay-for/${payLink}`)).json();
    expect(withGift).toMatchObject({
      due: { usd: '30.00', zwg: '520.00' },
      gift: { amount: '10.00', currency: 'USD' },
      paid: false,
    });
    await addGift(token, '100', 'ZWG');
    expect((await visitor.get(`/api/pay-for/${payLink}`)).json()).toMatchObject({
      due: { usd: '20.00', zwg: '620.00' },
      gift: { amount: '100.00', currency: 'ZWG' },
    });
  });
});
