import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakePaynow, startFakePaynow } from '../../../../tests/support/fake-paynow.ts';
import { resetData, signedInAs, testDatabase } from '../../../../tests/support/test-app.ts';
import { type App, buildApp } from '../../app.ts';
import {
  mailOutbox,
  onlinePayments,
  paymentNotices,
  raceOptions,
  receipts,
  registrations,
} from '../../db/schema/index.ts';
import { loadEnv } from '../../env.ts';
import { participantDetail } from '../participants/service.ts';
import { signedForm } from './paynow-client.ts';
import { pollPayment, saveOnlinePaymentSettings } from './service.ts';

const KEY = '3e9fed89-60e1-4ce5-ab6e-6b1eb2d4f977';
const SECRET = 'a server secret of at least thirty-two characters';
const FAST = { minDelayMs: 20, maxDelayMs: 60, giveUpAfterMs: 60_000, idleMs: 20 };

let fake: FakePaynow;
let app: App;
let origin = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A listening server (Paynow posts to its result URL), as `npm start` runs it. */
async function startApp() {
  const port = await freePort();
  const started = await buildApp({
    env: loadEnv({
      NODE_ENV: 'test',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYNOW_URL: fake.url,
      RATE_LIMITS: 'off',
      SESSION_SECRET: SECRET,
    }),
    database: await testDatabase(),
    paynowTiming: FAST,
  });
  await started.listen({ port, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${port}`;
  return started;
}

const db = async () => (await testDatabase()).db;

beforeAll(async () => {
  fake = await startFakePaynow({ integrationId: '1201', integrationKey: KEY, timeScale: 0.01 });
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  await fake.close();
});
beforeEach(async () => {
  await resetData();
  fake.reset();
  await (await db()).update(raceOptions).set({ feeUsd: '10.00' });
  await saveOnlinePaymentSettings(app.context, {
    enabled: true,
    integrationId: '1201',
    integrationKey: KEY,
    methods: ['ecocash', 'web'],
    currency: 'USD',
  });
});

let serial = 0;
async function registered() {
  serial += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/registrations',
    headers: { origin },
    payload: {
      discipline: 'run',
      firstName: 'Tendai',
      lastName: `Moyo${serial}`,
      email: `tendai.${serial}@example.com`,
      mobile: '0771234567',
      age: 30,
      gender: 'Female',
      raceType: '10km',
      nextOfKinMobile: '0772345678',
      tshirtSize: 'Large',
      consent: true,
    },
  });
  expect(response.statusCode).toBe(201);
  const receipt = response.json();
  return { reference: receipt.reference as string, token: String(receipt.myLink).replace('/My/', '') };
}

const pay = (token: string, payload: object, on: App = app) =>
  on.inject({ method: 'POST', url: `/api/pay/${token}`, headers: { origin }, payload });
const attempt = async (token: string, id: string) =>
  (await app.inject({ method: 'GET', url: `/api/pay/${token}/attempts/${id}` })).json();

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const settled = (token: string, id: string) =>
  waitFor(
    () => attempt(token, id),
    (a) => a.state !== 'pending',
  );

async function entryOf(reference: string) {
  const [row] = await (await db()).select().from(registrations).where(eq(registrations.reference, reference));
  return row;
}
async function historyOf(reference: string) {
  const entry = await entryOf(reference);
  return (await participantDetail(app.context, entry?.id ?? '')).history;
}
const notices = async () => (await db()).select().from(paymentNotices);

describe('express checkout against the fake Paynow', () => {
  it('EcoCash to Paid: the entry is paid by Paynow, with the amount, currency and Paynow reference', async () => {
    const { reference, token } = await registered();
    const started = await pay(token, { method: 'ecocash', phone: '077 111 1111' });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({
      state: 'pending',
      paynowStatus: 'Sent',
      amount: '10.00',
      currency: 'USD',
    });
    expect(started.body).not.toContain('0771111111');

    const done = await settled(token, started.json().id);
    expect(done).toMatchObject({ state: 'paid', paynowStatus: 'Paid', message: null });
    const entry = await entryOf(reference);
    expect(entry).toMatchObject({
      paymentStatus: 'paid',
      paymentMethod: 'paynow_ecocash',
      paymentAmount: '10.00',
      paymentCurrency: 'USD',
      payerReference: fake.transactions.values().next().value?.paynowReference,
    });
    const my = (await app.inject({ method: 'GET', url: `/api/my/${token}` })).json();
    expect(my.paymentStatus).toBe('paid');
    const [receipt] = await (await db())
      .select({ number: receipts.number, method: receipts.method, amount: receipts.amount })
      .from(receipts)
      .innerJoin(registrations, eq(registrations.id, receipts.registrationId))
      .where(eq(registrations.reference, reference));
    expect(receipt).toEqual({ number: 1, method: 'paynow_ecocash', amount: '10.00' });
    const offer = (await app.inject({ method: 'GET', url: `/api/pay/${token}` })).json();
    expect(offer).toMatchObject({ enabled: true, paid: true, latest: { state: 'paid' } });
    expect(await historyOf(reference)).toContainEqual(
      expect.objectContaining({
        action: 'payment',
        by: 'Paynow',
        summary: expect.stringContaining('USD 10.00 by Paynow – EcoCash'),
      }),
    );
  });

  it('Failed (0773333333) and Cancelled leave the entry unpaid with a message, and paying again works', async () => {
    const { reference, token } = await registered();
    const failed = await settled(
      token,
      (await pay(token, { method: 'ecocash', phone: '0773333333' })).json().id,
    );
    expect(failed).toMatchObject({
      state: 'failed',
      paynowStatus: 'Failed',
      message: expect.stringMatching(/did not go through/),
    });
    const cancelled = await settled(
      token,
      (await pay(token, { method: 'ecocash', phone: '0775555555' })).json().id,
    );
    expect(cancelled).toMatchObject({
      state: 'failed',
      paynowStatus: 'Cancelled',
      message: expect.stringMatching(/cancelled/),
    });
    expect((await entryOf(reference))?.paymentStatus).toBe('unpaid');

    const again = await settled(
      token,
      (await pay(token, { method: 'ecocash', phone: '0771111111' })).json().id,
    );
    expect(again.state).toBe('paid');
    expect((await entryOf(reference))?.paymentStatus).toBe('paid');
  });

  it('one attempt under way at a time: a second tap or tab prompts nothing (409), and after it ends paying again works', async () => {
    const { reference, token } = await registered();
    // 0773333333 fails after 30 s of Paynow's time: under way meanwhile.
    const taps = await Promise.all(
      [1, 2, 3].map(() => pay(token, { method: 'ecocash', phone: '0773333333' })),
    );
    const started = taps.filter((tap) => tap.statusCode === 201);
    expect(started).toHaveLength(1);
    for (const refused of taps.filter((tap) => tap.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toMatch(/already under way/);
    }
    const entry = await entryOf(reference);
    const prompts = () => [...fake.transactions.values()].filter((t) => t.reference.startsWith(reference));
    expect(prompts()).toHaveLength(1);
    expect(
      await (await db())
        .select()
        .from(onlinePayments)
        .where(eq(onlinePayments.registrationId, entry?.id ?? '')),
    ).toHaveLength(1);
    expect((await pay(token, { method: 'web' })).statusCode).toBe(409);

    expect((await settled(token, started[0]?.json().id)).state).toBe('failed');
    const again = await pay(token, { method: 'ecocash', phone: '0771111111' });
    expect(again.statusCode).toBe(201);
    expect((await settled(token, again.json().id)).state).toBe('paid');
    expect(prompts()).toHaveLength(2);
  });

  it('insufficient balance (0774444444) fails at once; a number that is not a wallet is refused', async () => {
    const { reference, token } = await registered();
    const started = await pay(token, { method: 'ecocash', phone: '0774444444' });
    expect(started.json()).toMatchObject({
      state: 'failed',
      message: expect.stringMatching(/not enough money/),
    });
    expect((await pay(token, { method: 'ecocash', phone: '12' })).statusCode).toBe(400);
    expect((await entryOf(reference))?.paymentStatus).toBe('unpaid');
  });

  it('a forged status update (bad hash) changes nothing and is kept for review', async () => {
    fake.switches.silent = true;
    const { reference, token } = await registered();
    const started = (await pay(token, { method: 'ecocash', phone: '0772222222' })).json();
    const [row] = await (await db()).select().from(onlinePayments).where(eq(onlinePayments.id, started.id));
    const forged = signedForm(
      [
        ['reference', row?.merchantTrace ?? ''],
        ['amount', '10.00'],
        ['paynowreference', '999'],
        ['pollurl', row?.pollUrl ?? ''],
        ['status', 'Paid'],
      ],
      'not the key',
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/paynow/result',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: forged,
    });
    expect(response.statusCode).toBe(200);
    expect(await notices()).toMatchObject([
      { source: 'result-url', problem: 'bad hash', onlinePaymentId: started.id },
    ]);
    expect((await entryOf(reference))?.paymentStatus).toBe('unpaid');
    expect((await attempt(token, started.id)).state).toBe('pending');

    // An admin sees it to review (what Paynow said, not its hash) and marks it reviewed.
    const { cookie } = await signedInAs(app, 'admin');
    const listed = await app.inject({
      method: 'GET',
      url: '/api/admin/payment-notices',
      headers: { cookie },
    });
    expect(listed.json()).toEqual([
      expect.objectContaining({
        problem: 'bad hash',
        entryReference: reference,
        fields: expect.objectContaining({ status: 'Paid', paynowreference: '999' }),
        reviewedAt: null,
      }),
    ]);
    expect(listed.body).not.toMatch(/"hash"/);
    const reviewed = await app.inject({
      method: 'POST',
      url: `/api/admin/payment-notices/${listed.json()[0].id}/reviewed`,
      headers: { cookie, origin },
    });
    expect(reviewed.json()).toEqual([
      expect.objectContaining({ reviewedAt: expect.any(String), reviewedBy: expect.any(String) }),
    ]);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/admin/payment-notices/999999/reviewed',
      headers: { cookie, origin },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('status updates signed with another key change nothing; the poll still settles it', async () => {
    fake.switches.wrongHash = true;
    const { reference, token } = await registered();
    const done = await settled(
      token,
      (await pay(token, { method: 'ecocash', phone: '0771111111' })).json().id,
    );
    expect(done.state).toBe('paid');
    await waitFor(notices, (n) => n.length > 0);
    expect((await notices()).every((n) => n.problem === 'bad hash')).toBe(true);
    expect((await entryOf(reference))?.paymentStatus).toBe('paid');
  });

  it('duplicate and out-of-order status updates are counted once', async () => {
    fake.switches.duplicate = true;
    fake.switches.outOfOrder = true;
    const { reference, token } = await registered();
    const done = await settled(
      token,
      (await pay(token, { method: 'ecocash', phone: '0771111111' })).json().id,
    );
    expect(done.state).toBe('paid');
    await waitFor(
      async () => fake.posted.length,
      (n) => n >= 3,
    );
    expect(fake.posted.map((p) => p.answer)).toEqual([200, 200, 200]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await historyOf(reference)).filter((note) => note.action === 'payment')).toHaveLength(1);
    expect((await entryOf(reference))?.paymentStatus).toBe('paid');
    const rows = await (await db()).select().from(onlinePayments).where(eq(onlinePayments.id, done.id));
    expect(rows[0]?.status).toBe('Paid');
    expect(await notices()).toEqual([]);
  });

  it('an amount that differs from the fee is kept for review and changes nothing', async () => {
    fake.switches.paidAmount = '1.00';
    const { reference, token } = await registered();
    const done = await settled(
      token,
      (await pay(token, { method: 'ecocash', phone: '0771111111' })).json().id,
    );
    expect(done).toMatchObject({ state: 'failed', message: expect.stringMatching(/different amount/) });
    expect((await notices()).map((n) => n.problem)).toContain('amount differs');
    expect((await entryOf(reference))?.paymentStatus).toBe('unpaid');
  });

  it('a status update for an unknown reference is kept for review', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/paynow/result',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: signedForm(
        [
          ['reference', 'NOPE-1'],
          ['amount', '10.00'],
          ['status', 'Paid'],
        ],
        KEY,
      ),
    });
    expect(response.statusCode).toBe(200);
    expect(await notices()).toMatchObject([
      { problem: 'unknown reference', payload: { reference: 'NOPE-1' } },
    ]);
  });

  it('a payment started before a restart is completed by the new server polling', async () => {
    fake.switches.silent = true;
    const { reference, token } = await registered();
    const started = (await pay(token, { method: 'ecocash', phone: '0772222222' })).json();
    await app.close();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await entryOf(reference))?.paymentStatus).toBe('unpaid');
    app = await startApp();
    expect((await settled(token, started.id)).state).toBe('paid');
    expect((await entryOf(reference))?.paymentStatus).toBe('paid');
  });

  it('a payment whose answer was lost is found by its merchant trace and completed', async () => {
    fake.switches.loseAnswers = true;
    const { reference, token } = await registered();
    const started = await pay(token, { method: 'ecocash', phone: '0771111111' });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({ state: 'pending', paynowStatus: 'Created' });
    expect((await settled(token, started.json().id)).state).toBe('paid');
    expect((await entryOf(reference))?.paymentStatus).toBe('paid');
  });

  it('after the time limit our server stops asking Paynow and tells the payer what to do', async () => {
    fake.switches.silent = true;
    const { reference, token } = await registered();
    const started = (await pay(token, { method: 'ecocash', phone: '0772222222' })).json();
    const [row] = await (await db()).select().from(onlinePayments).where(eq(onlinePayments.id, started.id));
    if (!row) throw new Error('no attempt');
    // This server's own poller stands aside: the round under test is the only one.
    await app.paynowPoller.stop();
    try {
      await pollPayment(app.context, app.log, row, { ...FAST, giveUpAfterMs: 0 });
    } finally {
      app.paynowPoller.start();
    }
    const given = await attempt(token, started.id);
    expect(given).toMatchObject({
      state: 'failed',
      message: expect.stringMatching(/did not hear back from Paynow/),
    });
    const [after] = await (await db()).select().from(onlinePayments).where(eq(onlinePayments.id, started.id));
    expect(after?.nextPollAt).toBeNull();
    expect((await entryOf(reference))?.paymentStatus).toBe('unpaid');
  });

  it('web checkout answers Paynow’s page; paying there marks the entry paid', async () => {
    const { reference, token } = await registered();
    const started = (await pay(token, { method: 'web' })).json();
    expect(started.browserUrl).toContain(fake.url);
    const guid = String(started.browserUrl).split('/').at(-1) ?? '';
    // Paynow sends the payer back to an address that holds no key to the entry.
    const sent = fake.transactions.get(guid);
    expect(sent?.returnUrl).toMatch(/\/PaymentReturn$/);
    expect(JSON.stringify(sent)).not.toContain(token);
    await fake.settle(guid, 'Paid');
    expect((await settled(token, started.id)).state).toBe('paid');
    expect((await entryOf(reference))?.paymentMethod).toBe('paynow_web');
  });

  it('an attempt is read only with its own entry’s link, and methods not offered are refused', async () => {
    const mine = await registered();
    const theirs = await registered();
    const started = (await pay(mine.token, { method: 'ecocash', phone: '0771111111' })).json();
    const other = await app.inject({ method: 'GET', url: `/api/pay/${theirs.token}/attempts/${started.id}` });
    expect(other.statusCode).toBe(404);
    expect((await pay(mine.token, { method: 'onemoney', phone: '0771111111' })).statusCode).toBe(404);
  });
});

const mailTextTo = async (reference: string) => {
  const entry = await entryOf(reference);
  const [mail] = await (await db())
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, entry?.email ?? ''));
  return mail?.text ?? '';
};

describe('the confirmation mail', () => {
  it('offers to pay online on the private page when online payment is on', async () => {
    const { reference, token } = await registered();
    const text = await mailTextTo(reference);
    expect(text).toContain(
      `Pay online now (EcoCash, card or other wallet) on your private page:\n${origin}/My/${token}`,
    );
  });

  it('offers nothing online while the race has no fee in the Paynow account’s currency', async () => {
    await (await db()).update(raceOptions).set({ feeUsd: null, feeZwg: '270.00' });
    const { reference } = await registered();
    expect(await mailTextTo(reference)).not.toContain('Pay online');
  });
});

describe('when online payment is off', () => {
  afterEach(async () => {
    await (await db()).update(raceOptions).set({ feeUsd: null });
  });
  it('offers nothing and refuses to start', async () => {
    await saveOnlinePaymentSettings(app.context, {
      enabled: false,
      integrationId: '1201',
      integrationKey: '',
      methods: ['ecocash'],
      currency: 'USD',
    });
    const { reference, token } = await registered();
    expect(await mailTextTo(reference)).not.toContain('Pay online');
    const offer = (await app.inject({ method: 'GET', url: `/api/pay/${token}` })).json();
    expect(offer).toMatchObject({ enabled: false, methods: [], latest: null });
    expect((await pay(token, { method: 'ecocash', phone: '0771111111' })).statusCode).toBe(404);
  });
});
