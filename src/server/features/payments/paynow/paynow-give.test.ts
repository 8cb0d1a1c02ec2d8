import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { openGifts, setUpAppWithPaynow } from '../../../../../tests/support/paynow-app.ts';
import { testDatabase, testDatabaseKind } from '../../../../../tests/support/test-app.ts';
import { gifts, onlinePayments, paymentNotices } from '../../../db/schema/index.ts';

// A gift made on /Give without registering, paid through Paynow by its giver's pay token (issue 43).

const { app, fake, origin } = setUpAppWithPaynow({ methods: ['ecocash', 'web'] });
const db = async () => (await testDatabase()).db;
beforeEach(async () => {
  await openGifts(app, origin());
});

async function given(amount = '10', currency = 'USD') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/gifts',
    headers: { origin: origin() },
    payload: { name: 'Tendai Moyo', email: 'tendai@example.com', mobile: '0771234567', amount, currency },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { reference: string; payToken: string };
}
const pay = (token: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/give/pay/${token}`, headers: { origin: origin() }, payload });
const offerOf = (token: string) => app.inject({ method: 'GET', url: `/api/give/pay/${token}` });
const attemptOf = (token: string, id: string) =>
  app.inject({ method: 'GET', url: `/api/give/pay/${token}/attempts/${id}` });

async function settled(token: string, id: string) {
  const until = Date.now() + 20_000;
  for (;;) {
    const attempt = (await attemptOf(token, id)).json();
    if (attempt.state !== 'pending' || Date.now() > until) return attempt;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const giftOf = async (reference: string) =>
  (await (await db()).select().from(gifts).where(eq(gifts.reference, reference)))[0];

describe(`Paynow pays a gift made on /Give (${testDatabaseKind})`, () => {
  it.each([
    ['the result URL', false],
    ['the poll alone', true],
  ])('a gift paid by EcoCash (Paynow posts to %s) is paid once, with its receipt', async (_how, silent) => {
    fake.switches.silent = silent;
    const gift = await given('10');
    expect(gift.payToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const offer = (await offerOf(gift.payToken)).json();
    expect(offer).toMatchObject({
      enabled: true,
      amount: '10.00',
      currency: 'USD',
      paid: false,
      phone: null,
    });
    expect(JSON.stringify(offer)).not.toMatch(/tendai|Moyo|0771234567/i);

    const started = await pay(gift.payToken, { method: 'ecocash', phone: '0771111111' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ amount: '10.00', currency: 'USD', pays: 'gift' });
    expect((await settled(gift.payToken, started.json().id)).state).toBe('paid');
    if (!silent) expect(fake.posted.length).toBeGreaterThan(0);

    const row = await giftOf(gift.reference);
    expect(row).toMatchObject({ status: 'paid', paidBy: 'paynow_ecocash', registrationId: null });
    expect(row?.receiptNumber).toEqual(expect.any(Number));
    const [attempt] = await (await db())
      .select()
      .from(onlinePayments)
      .where(eq(onlinePayments.giftId, row?.id ?? ''));
    expect(attempt).toMatchObject({ registrationId: null, status: 'Paid' });
    expect((await offerOf(gift.payToken)).json()).toMatchObject({ paid: true, amount: null });

    const again = await pay(gift.payToken, { method: 'ecocash', phone: '0771111111' });
    expect(again.statusCode).toBe(409);
  });

  it('the pay token guards the gift and its attempts; the gift id opens nothing', async () => {
    const gift = await given('10');
    const other = await given('20');
    const row = await giftOf(gift.reference);
    expect((await offerOf(row?.id ?? 'x')).statusCode).toBe(404);
    expect((await offerOf('A'.repeat(24))).statusCode).toBe(404);
    expect((await pay('A'.repeat(24), { method: 'web' })).statusCode).toBe(404);

    const started = await pay(gift.payToken, { method: 'web' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().browserUrl).toEqual(expect.any(String));
    const id = started.json().id as string;
    expect((await attemptOf(gift.payToken, id)).statusCode).toBe(200);
    expect((await attemptOf(other.payToken, id)).statusCode).toBe(404);
    // One attempt under way at a time.
    expect((await pay(gift.payToken, { method: 'web' })).statusCode).toBe(409);
  });

  it('a gift in another currency than Paynow’s is not offered online', async () => {
    const gift = await given('100', 'ZWG');
    expect((await offerOf(gift.payToken)).json()).toMatchObject({ enabled: false, currency: 'ZWG' });
    expect((await pay(gift.payToken, { method: 'ecocash', phone: '0771111111' })).statusCode).toBe(409);
  });

  it('a different amount reported by Paynow leaves the gift unpaid and tells the admin', async () => {
    fake.switches.paidAmount = '1.00';
    const gift = await given('10');
    const started = await pay(gift.payToken, { method: 'ecocash', phone: '0771111111' });
    expect(started.statusCode, started.body).toBe(201);
    expect((await settled(gift.payToken, started.json().id)).state).toBe('failed');
    expect(await giftOf(gift.reference)).toMatchObject({ status: 'unpaid' });
    const notices = await (await db())
      .select()
      .from(paymentNotices)
      .where(eq(paymentNotices.onlinePaymentId, started.json().id));
    expect(notices.map((notice) => notice.problem)).toContain('amount differs');
  });
});
