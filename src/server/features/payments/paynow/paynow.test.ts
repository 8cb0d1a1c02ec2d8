import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../../tests/support/entries.ts';
import { FAST_POLLING, freeLoopbackPort } from '../../../../../tests/support/paynow-app.ts';
import {
  EVENT_AT_EVERY_REQUEST,
  resetData,
  signedInAs,
  testDatabase,
} from '../../../../../tests/support/test-app.ts';
import { type App, buildApp } from '../../../app.ts';
import {
  events,
  mailOutbox,
  onlinePayments,
  paymentNotices,
  paynowUncheckedMessages,
  raceOptions,
  receipts,
  registrations,
} from '../../../db/schema/index.ts';
import { loadEnv } from '../../../env.ts';
import { type FakePaynow, startFakePaynow } from '../../../fakes/paynow.ts';
import { participantDetail } from '../../participants/service.ts';
import { runRetention } from '../../retention/service.ts';
import { signedForm } from './paynow-client.ts';
import { pollPayment, saveOnlinePaymentSettings } from './service.ts';

const KEY = '3e9fed89-60e1-4ce5-ab6e-6b1eb2d4f977';
const SECRET = 'a server secret of at least thirty-two characters';

let fake: FakePaynow;
let app: App;
let origin = '';

/** A listening server (Paynow posts to its result URL), as `npm start` runs it. */
async function startApp() {
  const port = await freeLoopbackPort();
  const started = await buildApp({
    eventFreshness: EVENT_AT_EVERY_REQUEST,
    env: loadEnv({
      NODE_ENV: 'test',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYNOW_URL: fake.url,
      RATE_LIMITS: 'off',
      SESSION_SECRET: SECRET,
    }),
    database: await testDatabase(),
    paynowTiming: FAST_POLLING,
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
  // The fake first: a status update of the last test still on its way would land after the reset.
  await fake.reset();
  await resetData();
  await (await db()).update(raceOptions).set({ feeUsd: '10.00' });
  await saveOnlinePaymentSettings(app.context, {
    enabled: true,
    integrationId: '1201',
    integrationKey: KEY,
    methods: ['ecocash', 'web'],
    currency: 'USD',
  });
});

const runner = runnerSeries();
async function registered() {
  const response = await app.inject({
    method: 'POST',
    url: '/api/registrations',
    headers: { origin },
    payload: runner(),
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

describe('a draft edition', () => {
  it('takes no payment (409, Registration opens soon)', async () => {
    const { token } = await registered();
    await (await db()).update(events).set({ publishedAt: null });
    const refused = await pay(token, { method: 'ecocash', phone: '077 111 1111' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: 'Registration opens soon.', code: 'not_published' });
  });
});

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
    expect(listed.json().attempts.notices).toEqual([
      expect.objectContaining({
        problem: 'bad hash',
        entryReference: reference,
        fields: expect.objectContaining({ status: 'Paid', paynowreference: '999' }),
        reviewedAt: null,
      }),
    ]);
    expect(listed.body).not.toMatch(/"hash"/);
    const id = listed.json().attempts.notices[0].id;
    const reviewed = await app.inject({
      method: 'POST',
      url: `/api/admin/payment-notices/${id}/reviewed`,
      headers: { cookie, origin },
    });
    expect(reviewed.json()).toEqual({ id });
    const after = await app.inject({ method: 'GET', url: '/api/admin/payment-notices', headers: { cookie } });
    expect(after.json().attempts).toMatchObject({
      open: 0,
      notices: [{ reviewedAt: expect.any(String), reviewedBy: expect.any(String) }],
    });
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
      await pollPayment(app.context, row, { ...FAST_POLLING, giveUpAfterMs: 0 });
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

  it('prompts go to at most 3 numbers a day and 5 attempts an hour per entry, counted across servers', async () => {
    const { reference, token } = await registered();
    // Any number but Paynow's test numbers is refused at once: each attempt ends before the next.
    const numbers = ['0781000001', '0781000002', '0781000003', '0781000004'];
    const ours = origin;
    const other = await startApp();
    origin = ours;
    try {
      const prompt = (phone: string, on: App) => pay(token, { method: 'ecocash', phone }, on);
      for (const [n, phone] of numbers.slice(0, 3).entries()) {
        expect((await prompt(phone, n % 2 ? other : app)).statusCode).toBe(201);
      }
      const fourthNumber = await prompt('078 100 0004', other);
      expect(fourthNumber.statusCode).toBe(429);
      expect(fourthNumber.headers['content-type']).toContain('application/problem+json');
      expect(Number(fourthNumber.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      expect(fourthNumber.json().errors).toEqual([
        { path: 'phone', message: expect.stringMatching(/at most 3 different numbers a day/) },
      ]);
      // A number already tried may be prompted again, up to 5 attempts in the hour.
      expect((await prompt(numbers[0] ?? '', app)).statusCode).toBe(201);
      expect((await prompt(numbers[1] ?? '', other)).statusCode).toBe(201);
      const sixth = await prompt(numbers[2] ?? '', app);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().detail).toMatch(/started 5 payments in the last hour\. Please wait \d+ minutes/);
      expect((await pay(token, { method: 'web' }, other)).statusCode).toBe(429);

      // Two hours on, attempts are allowed again, but still to the day's 3 numbers only.
      const entry = await entryOf(reference);
      await (await db())
        .update(onlinePayments)
        .set({ createdAt: sql`${onlinePayments.createdAt} - interval '2 hours'` })
        .where(eq(onlinePayments.registrationId, entry?.id ?? ''));
      expect((await prompt(numbers[3] ?? '', other)).statusCode).toBe(429);
      expect((await prompt(numbers[2] ?? '', app)).statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });

  it('offers the entry’s own mobile as the number to prompt', async () => {
    const { token } = await registered();
    const offer = (await app.inject({ method: 'GET', url: `/api/pay/${token}` })).json();
    expect(offer.phone).toBe('0771234567');
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

describe('Paynow messages that changed nothing', () => {
  const DAY = 24 * 60 * 60_000;
  /** A status update anyone could send: no attempt of ours, no valid hash. */
  const forged = (n: number) =>
    new URLSearchParams([
      ['reference', `FORGED-${n}`],
      ['amount', '10.00'],
      ['status', 'Paid'],
      ['hash', 'ABC'],
    ]).toString();
  const postResult = (payload: string, remoteAddress = '127.0.0.1', on: App = app) =>
    on.inject({
      method: 'POST',
      url: '/api/paynow/result',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
      remoteAddress,
    });
  let cookie = '';
  beforeEach(async () => {
    cookie = (await signedInAs(app, 'admin')).cookie;
  });
  async function reviewList(page?: number) {
    const url = `/api/admin/payment-notices${page ? `?page=${page}` : ''}`;
    const response = await app.inject({ url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  /** A real attempt's notice: a status update for it whose hash is wrong. */
  async function attemptNotice() {
    fake.switches.silent = true;
    const { reference, token } = await registered();
    const started = (await pay(token, { method: 'ecocash', phone: '0772222222' })).json();
    const [row] = await (await db()).select().from(onlinePayments).where(eq(onlinePayments.id, started.id));
    const badHash = signedForm(
      [
        ['reference', row?.merchantTrace ?? ''],
        ['status', 'Paid'],
      ],
      'not the key',
    );
    expect((await postResult(badHash)).body).toBe('OK');
    return { reference, attemptId: started.id as string };
  }

  it('forged posts naming no attempt are counted per address and hour, apart from a real attempt’s notice', async () => {
    const { reference } = await attemptNotice();
    for (let n = 0; n < 150; n++) expect((await postResult(forged(n), '10.0.0.1')).body).toBe('OK');
    for (let n = 0; n < 30; n++) expect((await postResult(forged(n), '10.0.0.2')).body).toBe('OK');
    // Well signed, yet about no attempt of ours: only Paynow can have sent it, so it is kept apart.
    await postResult(
      signedForm(
        [
          ['reference', 'GONE-1'],
          ['status', 'Paid'],
        ],
        KEY,
      ),
      '10.0.0.3',
    );

    expect(await notices()).toHaveLength(2);
    const list = await reviewList();
    expect(list.attempts).toMatchObject({ total: 1, open: 1, page: 1 });
    expect(list.attempts.notices).toEqual([
      expect.objectContaining({ problem: 'bad hash', entryReference: reference, count: 1 }),
    ]);
    expect(list.other).toMatchObject({
      total: 1,
      notices: [{ problem: 'unknown reference', entryReference: null, fields: { reference: 'GONE-1' } }],
    });
    expect(list.unchecked).toMatchObject({
      messages: 180,
      sources: 2,
      hours: [
        { source: '10.0.0.1', count: 150 },
        { source: '10.0.0.2', count: 30 },
      ],
    });
  });

  it('an attempt whose status checks keep failing the hash check is one notice, with a count', async () => {
    fake.switches.silent = true;
    fake.switches.wrongPollHash = true;
    const { token } = await registered();
    const started = (await pay(token, { method: 'ecocash', phone: '0772222222' })).json();
    const polled = await waitFor(notices, (rows) => rows.some((row) => row.count >= 3));
    expect(polled).toEqual([
      expect.objectContaining({ source: 'poll', problem: 'bad hash', onlinePaymentId: started.id }),
    ]);
    expect(polled[0]?.count).toBeGreaterThanOrEqual(3);
    // Reviewed, then the same again: to review again.
    const list = await reviewList();
    const id = list.attempts.notices[0].id;
    await app.inject({
      method: 'POST',
      url: `/api/admin/payment-notices/${id}/reviewed`,
      headers: { cookie, origin },
    });
    // Waited for on the notice itself: the page's counts and its list are two reads, and on PostgreSQL the next
    // poll's notice may come between them (the count said open, the list still reviewed, in one CI run).
    const again = await waitFor(
      () => reviewList(),
      (now) => now.attempts.open === 1 && now.attempts.notices[0]?.reviewedAt === null,
    );
    expect(again.attempts.notices).toMatchObject([{ id, reviewedAt: null }]);
  });

  it('notices about real attempts come in pages, those to review first', async () => {
    const { reference } = await registered();
    const entry = await entryOf(reference);
    const attempts = await (await db())
      .insert(onlinePayments)
      .values(
        Array.from({ length: 25 }, (_, n) => ({
          registrationId: entry?.id ?? '',
          method: 'ecocash' as const,
          amount: '10.00',
          currency: 'USD' as const,
          merchantTrace: `${reference}-${n}`,
          status: 'Failed',
        })),
      )
      .returning({ id: onlinePayments.id });
    await (await db()).insert(paymentNotices).values(
      attempts.map((attempt, n) => ({
        source: 'poll' as const,
        problem: 'bad hash',
        payload: { reference: `${reference}-${n}` },
        onlinePaymentId: attempt.id,
        lastReceivedAt: new Date(Date.now() - (25 - n) * 60_000),
        reviewedAt: n === 24 ? new Date() : null,
      })),
    );
    const first = await reviewList();
    expect(first.attempts).toMatchObject({ total: 25, open: 24, page: 1, pageSize: 20 });
    expect(first.attempts.notices).toHaveLength(20);
    expect(first.attempts.notices[0].fields.reference).toBe(`${reference}-23`);
    const second = await reviewList(2);
    expect(second.attempts.notices.map((n: { fields: { reference: string } }) => n.fields.reference)).toEqual(
      [`${reference}-3`, `${reference}-2`, `${reference}-1`, `${reference}-0`, `${reference}-24`],
    );
  });

  it('over 120 posts a minute from one address are answered OK and not read', async () => {
    const limited = await buildApp({
      eventFreshness: EVENT_AT_EVERY_REQUEST,
      env: loadEnv({ NODE_ENV: 'test', PUBLIC_URL: origin, PAYNOW_URL: fake.url, SESSION_SECRET: SECRET }),
      database: await testDatabase(),
    });
    try {
      for (let n = 0; n < 130; n++) {
        const response = await postResult(forged(n), '10.0.0.9', limited);
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe('OK');
      }
      await postResult(forged(0), '10.0.0.10', limited);
    } finally {
      await limited.close();
    }
    const counted = await (await db()).select().from(paynowUncheckedMessages);
    expect(counted.map(({ source, count }) => ({ source, count }))).toEqual([
      { source: '10.0.0.9', count: 120 },
      { source: '10.0.0.10', count: 1 },
    ]);
  });

  it('those about no attempt are deleted by the retention run after 30 days; a real attempt’s are kept', async () => {
    await attemptNotice();
    await postResult(
      signedForm(
        [
          ['reference', 'GONE-2'],
          ['status', 'Paid'],
        ],
        KEY,
      ),
    );
    await postResult(forged(1));
    const monthAgo = new Date(Date.now() - 31 * DAY);
    await (await db()).update(paymentNotices).set({ lastReceivedAt: monthAgo });
    await (await db()).update(paynowUncheckedMessages).set({ hour: monthAgo });
    await postResult(
      signedForm(
        [
          ['reference', 'GONE-3'],
          ['status', 'Paid'],
        ],
        KEY,
      ),
    );

    expect(await runRetention(app.context)).toMatchObject({ paynowMessages: 2 });
    expect((await notices()).map((n) => n.problem).sort()).toEqual(['bad hash', 'unknown reference']);
    expect((await notices()).find((n) => n.problem === 'unknown reference')?.payload.reference).toBe(
      'GONE-3',
    );
    expect(await (await db()).select().from(paynowUncheckedMessages)).toEqual([]);
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

describe('the fee when an online payment is recorded (issue 31)', () => {
  type My = Record<string, unknown>;
  const edit = (my: My, change: My) => ({
    firstName: my.firstName,
    lastName: my.lastName,
    email: my.email,
    mobile: my.mobile,
    age: my.age,
    gender: my.gender,
    raceType: my.raceType,
    nextOfKinMobile: my.nextOfKinMobile,
    tshirtSize: my.tshirtSize,
    ...change,
  });
  const myEntry = async (token: string) =>
    (await app.inject({ method: 'GET', url: `/api/my/${token}` })).json() as My;
  const changeMine = async (token: string, change: My) =>
    app.inject({
      method: 'PUT',
      url: `/api/my/${token}`,
      headers: { origin },
      payload: edit(await myEntry(token), change),
    });
  const guidOf = (attempt: { browserUrl: string }) => String(attempt.browserUrl).split('/').at(-1) ?? '';

  it('refuses a race change while an online payment is under way, on /My and by an admin (409, PAYMENT_UNDER_WAY); once it has ended, the race changes', async () => {
    const { reference, token } = await registered();
    const started = (await pay(token, { method: 'web' })).json();
    const byEntrant = await changeMine(token, { raceType: '21km' });
    expect(byEntrant.statusCode).toBe(409);
    expect(byEntrant.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(byEntrant.json()).toMatchObject({
      status: 409,
      code: 'PAYMENT_UNDER_WAY',
      detail: expect.stringMatching(/payment of this entry is under way/),
    });
    // What does not touch the fee may change meanwhile.
    expect((await changeMine(token, { tshirtSize: 'Medium' })).statusCode).toBe(200);

    const { cookie } = await signedInAs(app, 'admin');
    const entry = await entryOf(reference);
    const byAdmin = await app.inject({
      method: 'PUT',
      url: `/api/participants/${entry?.id}`,
      headers: { cookie, origin },
      payload: edit(await myEntry(token), { raceType: '5km' }),
    });
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().code).toBe('PAYMENT_UNDER_WAY');
    expect((await myEntry(token)).raceType).toBe('10km');

    await fake.settle(guidOf(started), 'Cancelled');
    expect((await settled(token, started.id)).state).toBe('failed');
    const after = await changeMine(token, { raceType: '21km' });
    expect(after.statusCode).toBe(200);
    expect(after.json().raceType).toBe('21km');
  });

  it('a payment of the cheaper fee after the race became dearer is a part payment: balance on /My, in the list and reminders, a notice; paying the balance online pays it', async () => {
    const database = await db();
    await database.update(raceOptions).set({ feeUsd: '15.00' }).where(eq(raceOptions.label, '21km'));
    const { reference, token } = await registered();
    const started = (await pay(token, { method: 'web' })).json();
    expect(started.amount).toBe('10.00');
    // The race changed in the moment before the attempt was made (the refusal above closes the rest).
    const [dearer] = await database.select().from(raceOptions).where(eq(raceOptions.label, '21km'));
    await database
      .update(registrations)
      .set({ raceOptionId: dearer?.id ?? '' })
      .where(eq(registrations.reference, reference));
    await fake.settle(guidOf(started), 'Paid');
    expect((await settled(token, started.id)).state).toBe('paid');

    expect(await entryOf(reference)).toMatchObject({ paymentStatus: 'part_paid', paymentAmount: '10.00' });
    expect(await myEntry(token)).toMatchObject({
      paymentStatus: 'part_paid',
      payment: { amount: '10.00', currency: 'USD' },
      fees: { USD: '15.00' },
    });
    expect((await app.inject({ method: 'GET', url: `/api/pay/${token}` })).json()).toMatchObject({
      paid: false,
      amount: '5.00',
    });
    expect(await notices()).toEqual([
      expect.objectContaining({
        source: 'payment',
        problem: 'part payment: USD 5.00 still due',
        onlinePaymentId: started.id,
      }),
    ]);
    expect(await historyOf(reference)).toContainEqual(
      expect.objectContaining({ by: 'Paynow', summary: expect.stringMatching(/USD 5\.00 still due/) }),
    );

    const { cookie } = await signedInAs(app, 'admin');
    const admin = (url: string, method: 'GET' | 'POST' = 'GET') =>
      app.inject({ method, url, headers: { cookie, origin } });
    const listed = (await admin('/api/participants?payment=part_paid')).json();
    expect(listed.rows).toEqual([
      expect.objectContaining({
        reference,
        paymentStatus: 'part_paid',
        payment: { amount: '10.00', currency: 'USD' },
      }),
    ]);
    const csv = (await admin('/api/participants/export.csv')).body;
    expect(csv).toContain('Part paid, US$5.00 due');
    expect((await admin('/api/participants/payment-reminders?payment=part_paid', 'POST')).json()).toEqual({
      sent: 1,
    });
    const reminder = await (await db())
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'payment-reminder'));
    expect(reminder[0]?.text).toContain('Still due: US$5.00');

    const rest = (await pay(token, { method: 'web' })).json();
    expect(rest.amount).toBe('5.00');
    await fake.settle(guidOf(rest), 'Paid');
    expect((await settled(token, rest.id)).state).toBe('paid');
    expect(await entryOf(reference)).toMatchObject({ paymentStatus: 'paid', paymentAmount: '15.00' });
    const issued = await (await db())
      .select({ amount: receipts.amount })
      .from(receipts)
      .innerJoin(registrations, eq(registrations.id, receipts.registrationId))
      .where(eq(registrations.reference, reference));
    expect(issued.map((receipt) => receipt.amount).sort()).toEqual(['10.00', '5.00']);
  });
});

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

describe('online payment turned off on another server', () => {
  it('starts no payment on this one from the next request', async () => {
    const other = await startApp();
    try {
      const { token } = await registered();
      // The other server has Paynow's settings in memory: it has just started a payment.
      expect((await pay(token, { method: 'web' }, other)).statusCode).toBe(201);
      await saveOnlinePaymentSettings(app.context, {
        enabled: false,
        integrationId: '1201',
        integrationKey: '',
        methods: ['ecocash'],
        currency: 'USD',
      });
      expect((await pay(token, { method: 'ecocash', phone: '0771111111' }, other)).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
