import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../../tests/support/entries.ts';
import { setUpAppWithPaynow, turnOnPaynow } from '../../../../../tests/support/paynow-app.ts';
import { signedInAs, testDatabase } from '../../../../../tests/support/test-app.ts';
import { events, onlinePayments, raceOptions, registrations } from '../../../db/schema/index.ts';
import { FAKE_PAYNOW_INTEGRATION } from '../../../fakes/gateways.ts';

// InnBucks and O'mari through Paynow's express checkout (issue 42 §3): a code the payer approves in the
// wallet's app, shown with its expiry and a QR code we draw; paid by a poll or the result URL as the others.

const { app, fake, origin } = setUpAppWithPaynow({ methods: ['ecocash', 'innbucks', 'omari'] });
const db = async () => (await testDatabase()).db;
beforeEach(async () => {
  await (await db()).update(raceOptions).set({ feeUsd: '10.00' });
});

const runner = runnerSeries();
async function registered() {
  const response = await app.inject({
    method: 'POST',
    url: '/api/registrations',
    headers: { origin: origin() },
    payload: runner(),
  });
  expect(response.statusCode, response.body).toBe(201);
  const receipt = response.json();
  return { reference: receipt.reference as string, token: String(receipt.myLink).replace('/My/', '') };
}

const pay = (token: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/pay/${token}`, headers: { origin: origin() }, payload });
const attempt = async (token: string, id: string) =>
  (await app.inject({ method: 'GET', url: `/api/pay/${token}/attempts/${id}` })).json();
const codeQr = (token: string, id: string) =>
  app.inject({ method: 'GET', url: `/api/pay/${token}/attempts/${id}/code-qr.svg` });

async function settled(token: string, id: string) {
  const until = Date.now() + 10_000;
  for (;;) {
    const now = await attempt(token, id);
    if (now.state !== 'pending' || Date.now() > until) return now;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
async function entryOf(reference: string) {
  const [row] = await (await db()).select().from(registrations).where(eq(registrations.reference, reference));
  return row;
}
async function attemptRow(id: string) {
  const [row] = await (await db()).select().from(onlinePayments).where(eq(onlinePayments.id, id));
  return row;
}
const saveSettings = (cookie: string, payload: object) =>
  app.inject({
    method: 'PUT',
    url: '/api/admin/online-payment',
    headers: { origin: origin(), cookie },
    payload: {
      enabled: true,
      integrationId: FAKE_PAYNOW_INTEGRATION.integrationId,
      integrationKey: '',
      methods: ['ecocash', 'omari'],
      currency: 'USD',
      ...payload,
    },
  });

const PAYNOW_EXPIRY = /^\d{1,2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}$/;

describe('InnBucks', () => {
  it('shows the code and its expiry, draws its QR code, and is paid by Paynow’s word', async () => {
    const { reference, token } = await registered();
    // Paid after 30 s of Paynow's time (0.3 s here): the code and its QR code are read while it waits. At 5 s
    // (0771111111) a slow CI run found it paid already, its code gone.
    const started = await pay(token, { method: 'innbucks', phone: '077 222 2222' });
    expect(started.statusCode, started.body).toBe(201);
    const body = started.json();
    expect(body).toMatchObject({ method: 'innbucks', state: 'pending', amount: '10.00' });
    expect(body.authorization.code).toMatch(/^\d{8}$/);
    expect(body.authorization.expires).toMatch(PAYNOW_EXPIRY);

    // Paynow was asked for InnBucks, with the payer's number; the code is kept on the attempt.
    const sent = [...fake.transactions.values()].at(-1);
    expect(sent).toMatchObject({ method: 'innbucks', phone: '0772222222' });
    expect(body.authorization.code).toBe(sent?.authorizationCode);
    expect(await attemptRow(body.id)).toMatchObject({
      authorizationCode: sent?.authorizationCode,
      authorizationExpires: body.authorization.expires,
    });
    // The page shows it again after a reload.
    expect((await attempt(token, body.id)).authorization).toEqual(body.authorization);

    const qr = await codeQr(token, body.id);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    expect(qr.body).toContain('<svg');
    // Another entry's link sees neither the attempt nor its code.
    const other = await registered();
    expect((await codeQr(other.token, body.id)).statusCode).toBe(404);

    const done = await settled(token, body.id);
    expect(done).toMatchObject({ state: 'paid', paynowStatus: 'Paid' });
    expect(done.authorization).toBeUndefined();
    expect((await codeQr(token, body.id)).statusCode).toBe(404);
    expect(await entryOf(reference)).toMatchObject({
      paymentStatus: 'paid',
      paymentMethod: 'paynow_innbucks',
      paymentAmount: '10.00',
    });
  });

  it('takes the payer’s mobile number, like EcoCash', async () => {
    const { token } = await registered();
    const before = fake.transactions.size;
    const refused = await pay(token, { method: 'innbucks', phone: '12345' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'phone', message: 'Enter the wallet’s mobile number, e.g. 0771234567' },
    ]);
    expect(fake.transactions.size).toBe(before);
  });

  it('is not offered when the admin has not enabled it', async () => {
    await turnOnPaynow(app, ['ecocash', 'omari']);
    const { token } = await registered();
    const before = fake.transactions.size;
    const offer = (await app.inject({ method: 'GET', url: `/api/pay/${token}` })).json();
    expect(offer.methods).toEqual(['ecocash', 'omari']);
    const refused = await pay(token, { method: 'innbucks', phone: '0771111111' });
    expect(refused.statusCode).toBe(404);
    expect(fake.transactions.size).toBe(before);
  });

  it('a refused code (insufficient balance) fails at once, with no code shown', async () => {
    const { token } = await registered();
    const started = await pay(token, { method: 'innbucks', phone: '0774444444' });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({ state: 'failed' });
    expect(started.json().authorization).toBeUndefined();
  });
});

describe('O’mari', () => {
  it('goes to Paynow as `paygo` by default, is paid by a poll alone, and never loads Paynow’s QR URL', async () => {
    fake.switches.silent = true;
    const { reference, token } = await registered();
    const started = await pay(token, { method: 'omari', phone: '0772222222' });
    expect(started.statusCode, started.body).toBe(201);
    const body = started.json();
    expect(body.authorization.code).toMatch(/^\d{8}$/);
    expect(body.authorization.expires).toMatch(PAYNOW_EXPIRY);
    expect([...fake.transactions.values()].at(-1)?.method).toBe('paygo');
    // Paynow's answer held a QR code's URL: neither kept nor passed on.
    expect(JSON.stringify(await attemptRow(body.id))).not.toContain('/qr/');
    expect(started.body).not.toContain('/qr/');
    expect((await codeQr(token, body.id)).statusCode).toBe(200);

    const done = await settled(token, body.id);
    expect(done).toMatchObject({ state: 'paid', paynowStatus: 'Paid' });
    expect(fake.posted).toHaveLength(0);
    expect(await entryOf(reference)).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'paynow_omari' });
    expect(fake.qrLoads).toBe(0);
  });

  it('goes by the method name the admin sets (`omari`), which is checked', async () => {
    const admin = await signedInAs(app, 'admin');
    const saved = await saveSettings(admin.cookie, { omariMethod: ' OMARI ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ methods: ['ecocash', 'omari'], omariMethod: 'omari' });
    const read = await app.inject({
      method: 'GET',
      url: '/api/admin/online-payment',
      headers: { cookie: admin.cookie },
    });
    expect(read.json().omariMethod).toBe('omari');

    const bad = await saveSettings(admin.cookie, { omariMethod: 'pay go!' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('omariMethod');

    const { token } = await registered();
    const started = await pay(token, { method: 'omari', phone: '0772222222' });
    expect(started.statusCode, started.body).toBe(201);
    expect([...fake.transactions.values()].at(-1)).toMatchObject({ method: 'omari', phone: '0772222222' });
    expect(started.json().authorization.code).toMatch(/^\d{8}$/);
    expect(await settled(token, started.json().id)).toMatchObject({ state: 'paid' });
  });

  it('settings saved before there was a choice go as `paygo`', async () => {
    await (await db())
      .update(events)
      .set({ onlinePayment: { enabled: true, integrationId: '1201', methods: ['omari'], currency: 'USD' } });
    const admin = await signedInAs(app, 'admin');
    const read = await app.inject({
      method: 'GET',
      url: '/api/admin/online-payment',
      headers: { cookie: admin.cookie },
    });
    expect(read.json()).toMatchObject({ methods: ['omari'], omariMethod: 'paygo' });
    const { token } = await registered();
    const started = await pay(token, { method: 'omari', phone: '0771111111' });
    expect(started.statusCode, started.body).toBe(201);
    expect([...fake.transactions.values()].at(-1)?.method).toBe('paygo');
  });
});

describe('a pay link', () => {
  it('shows the InnBucks code and its QR code to whoever holds the link, and no one else', async () => {
    const { token } = await registered();
    const made = await app.inject({
      method: 'POST',
      url: `/api/my/${token}/pay-links`,
      headers: { origin: origin() },
      payload: {},
    });
    expect(made.statusCode, made.body).toBe(201);
    const link = String(made.json().path).replace('/PayFor/', '');
    const started = await app.inject({
      method: 'POST',
      url: `/api/pay-for/${link}`,
      headers: { origin: origin() },
      payload: { method: 'innbucks', phone: '0772222222' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id;
    expect(started.json().authorization.code).toMatch(/^\d{8}$/);
    const qr = await app.inject({ method: 'GET', url: `/api/pay-for/${link}/attempts/${id}/code-qr.svg` });
    expect(qr.statusCode).toBe(200);
    expect(qr.body).toContain('<svg');
    // The entry's own link did not start it: the pay link's payer is another person.
    const other = await registered();
    expect((await codeQr(other.token, id)).statusCode).toBe(404);
  });
});

describe('a company’s team', () => {
  it('shows its manager the O’mari code and its QR code, and no other company', async () => {
    const company = await signedInAs(app, 'company');
    const other = await signedInAs(app, 'company');
    const as = (who: { cookie: string }) => ({ origin: origin(), cookie: who.cookie });
    const staff = await app.inject({
      method: 'POST',
      url: '/api/team/registrations',
      headers: as(company),
      payload: runner(),
    });
    expect(staff.statusCode, staff.body).toBe(201);
    const started = await app.inject({
      method: 'POST',
      url: '/api/team/pay',
      headers: as(company),
      payload: { method: 'omari', phone: '0772222222' },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ pays: 'team', method: 'omari' });
    expect(started.json().authorization.code).toMatch(/^\d{8}$/);
    const qrOf = (who: { cookie: string }) =>
      app.inject({
        method: 'GET',
        url: `/api/team/pay/attempts/${started.json().id}/code-qr.svg`,
        headers: as(who),
      });
    const qr = await qrOf(company);
    expect(qr.statusCode).toBe(200);
    expect(qr.body).toContain('<svg');
    expect((await qrOf(other)).statusCode).toBe(404);
  });
});
