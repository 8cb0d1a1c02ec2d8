import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../../tests/support/entries.ts';
import { setUpAppWithPaynow } from '../../../../../tests/support/paynow-app.ts';
import { testDatabase, testDatabaseKind } from '../../../../../tests/support/test-app.ts';
import {
  onlinePayments,
  paymentNotices,
  raceOptions,
  refunds,
  registrations,
} from '../../../db/schema/index.ts';
import { participantDetail } from '../../participants/service.ts';
import { pollPayment } from './service.ts';

const db = async () => (await testDatabase()).db;

const { app, fake, origin } = setUpAppWithPaynow({ methods: ['ecocash', 'web'] });
beforeEach(async () => {
  await (await db()).update(raceOptions).set({ feeUsd: '10.00' });
});

const runner = runnerSeries();

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** An entry paid by EcoCash through the fake, and its attempt. */
async function paidOnline() {
  const registered = await app.inject({
    method: 'POST',
    url: '/api/registrations',
    headers: { origin: origin() },
    payload: runner(),
  });
  expect(registered.statusCode).toBe(201);
  const token = String(registered.json().myLink).replace('/My/', '');
  const started = await app.inject({
    method: 'POST',
    url: `/api/pay/${token}`,
    headers: { origin: origin() },
    payload: { method: 'ecocash', phone: '077 111 1111' },
  });
  expect(started.statusCode).toBe(201);
  const id: string = started.json().id;
  const attempt = await waitFor(
    async () => (await (await db()).select().from(onlinePayments).where(eq(onlinePayments.id, id)))[0],
    (row) => row?.paidAt != null,
  );
  if (!attempt?.paidAt || !attempt.registrationId) throw new Error('not paid');
  const guid =
    [...fake.transactions.values()].find((t) => t.merchantTrace === attempt.merchantTrace)?.guid ?? '';
  return { attempt: { ...attempt, registrationId: attempt.registrationId }, guid };
}

const refundsOf = async (registrationId: string) =>
  (await db()).select().from(refunds).where(eq(refunds.registrationId, registrationId));

describe(`Paynow "Refunded" (${testDatabaseKind})`, () => {
  it('by the result URL, checked by a poll: the refund and its credit note are recorded once; the entry stays paid and the admin is told', async () => {
    const { attempt, guid } = await paidOnline();
    await fake.settle(guid, 'Refunded');
    const recorded = await waitFor(
      () => refundsOf(attempt.registrationId),
      (rows) => rows.length > 0,
    );
    expect(recorded).toMatchObject([
      {
        kind: 'refund',
        amount: '10.00',
        currency: 'USD',
        method: 'paynow_ecocash',
        creditNoteNumber: 1,
        onlinePaymentId: attempt.id,
        recordedByName: 'Paynow',
        reference: attempt.paynowReference,
      },
    ]);
    const [entry] = await (await db())
      .select()
      .from(registrations)
      .where(eq(registrations.id, attempt.registrationId));
    expect(entry).toMatchObject({ paymentStatus: 'paid', paymentAmount: '10.00' });
    const [after] = await (await db()).select().from(onlinePayments).where(eq(onlinePayments.id, attempt.id));
    expect(after).toMatchObject({ status: 'Refunded', nextPollAt: null });
    const notices = await (await db())
      .select()
      .from(paymentNotices)
      .where(eq(paymentNotices.onlinePaymentId, attempt.id));
    expect(notices.map((notice) => notice.problem)).toContainEqual(
      expect.stringMatching(/^refunded by Paynow/),
    );
    const { history } = await participantDetail(app.context, attempt.registrationId);
    expect(history).toContainEqual(
      expect.objectContaining({
        by: 'Paynow',
        summary: expect.stringMatching(/^Refunded USD 10\.00 by Paynow – EcoCash/),
      }),
    );
    // Told again (a duplicate), nothing more is recorded.
    await fake.settle(guid, 'Refunded');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await refundsOf(attempt.registrationId)).toHaveLength(1);
  });

  it('a forged "Refunded" (bad hash) records nothing and asks Paynow nothing', async () => {
    const { attempt, guid } = await paidOnline();
    fake.switches.wrongHash = true;
    await fake.settle(guid, 'Refunded');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await refundsOf(attempt.registrationId)).toEqual([]);
    const [after] = await (await db()).select().from(onlinePayments).where(eq(onlinePayments.id, attempt.id));
    expect(after).toMatchObject({ status: 'Paid', nextPollAt: null });
  });

  it('by a poll alone (no update posted): the refund is recorded from Paynow’s signed answer, never from a forged one', async () => {
    const { attempt, guid } = await paidOnline();
    const second = await paidOnline();
    fake.switches.silent = true;
    await fake.settle(guid, 'Refunded');
    await fake.settle(second.guid, 'Refunded');
    expect(await refundsOf(attempt.registrationId)).toEqual([]);
    const attemptRow = async (id: string) => {
      const [row] = await (await db()).select().from(onlinePayments).where(eq(onlinePayments.id, id));
      if (!row) throw new Error('no attempt');
      return row;
    };
    await pollPayment(app.context, await attemptRow(attempt.id));
    expect(await refundsOf(attempt.registrationId)).toMatchObject([
      { kind: 'refund', amount: '10.00', creditNoteNumber: 1, onlinePaymentId: attempt.id },
    ]);
    // A poll whose answer fails the hash check records nothing.
    fake.switches.wrongPollHash = true;
    await pollPayment(app.context, await attemptRow(second.attempt.id));
    expect(await refundsOf(second.attempt.registrationId)).toEqual([]);
  });
});
