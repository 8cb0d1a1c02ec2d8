import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../../tests/support/entries.ts';
import { setUpAppWithPaynow } from '../../../../../tests/support/paynow-app.ts';
import { testDatabase, testDatabaseKind } from '../../../../../tests/support/test-app.ts';
import { harareToday } from '../../../../shared/dates.ts';
import { events, onlinePayments, raceOptions, registrations } from '../../../db/schema/index.ts';
import { FAKE_PAYNOW_INTEGRATION } from '../../../fakes/gateways.ts';
import { saveOnlinePaymentSettings } from './service.ts';

// Issue 42 §1: Paynow is asked for the entry's quoted ZWG amount while it is honoured, then for the amount at
// the current official rate.

const db = async () => (await testDatabase()).db;

const { app, fake, origin } = setUpAppWithPaynow();
beforeEach(async () => {
  await (await db()).update(raceOptions).set({ feeUsd: '10.00', feeZwg: '300.00' });
  await saveOnlinePaymentSettings(app.context, {
    enabled: true,
    ...FAKE_PAYNOW_INTEGRATION,
    methods: ['ecocash'],
    currency: 'ZWG',
  });
});

const runner = runnerSeries();

const setRate = async (rate: string) =>
  (await db())
    .update(events)
    .set({ zwgFollowsRate: true, zwgRate: rate, zwgRateDate: harareToday(), zwgRoundTo: 1 });

async function register() {
  const registered = await app.inject({
    method: 'POST',
    url: '/api/registrations',
    headers: { origin: origin() },
    payload: runner(),
  });
  expect(registered.statusCode, registered.body).toBe(201);
  return {
    reference: registered.json().reference as string,
    token: String(registered.json().myLink).replace('/My/', ''),
  };
}

/** Starts an EcoCash payment for the entry and waits until the fake has been paid; Paynow's amount asked. */
async function payByEcoCash(token: string) {
  const started = await app.inject({
    method: 'POST',
    url: `/api/pay/${token}`,
    headers: { origin: origin() },
    payload: { method: 'ecocash', phone: '077 111 1111' },
  });
  expect(started.statusCode, started.body).toBe(201);
  const id: string = started.json().id;
  const until = Date.now() + 5000;
  for (;;) {
    const [attempt] = await (await db()).select().from(onlinePayments).where(eq(onlinePayments.id, id));
    if (attempt?.paidAt || Date.now() > until) {
      return [...fake.transactions.values()].find((t) => t.merchantTrace === attempt?.merchantTrace)?.amount;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const paymentOf = async (reference: string) => {
  const [row] = await (await db()).select().from(registrations).where(eq(registrations.reference, reference));
  return [row?.paymentStatus, row?.paymentAmount, row?.paymentCurrency];
};

describe(`Paynow and the quoted ZWG amount (${testDatabaseKind})`, () => {
  it('asks the quoted amount through a rate change, then the amount at the current rate once it lapsed', async () => {
    await setRate('24.3');
    const honoured = await register();
    const lapsed = await register();
    await setRate('30');
    await (await db())
      .update(registrations)
      .set({ quotedAt: sql`now() - interval '20 days'` })
      .where(eq(registrations.reference, lapsed.reference));

    expect(await payByEcoCash(honoured.token)).toBe('243.00');
    expect(await paymentOf(honoured.reference)).toEqual(['paid', '243.00', 'ZWG']);
    expect(await payByEcoCash(lapsed.token)).toBe('300.00');
    expect(await paymentOf(lapsed.reference)).toEqual(['paid', '300.00', 'ZWG']);
  });
});
