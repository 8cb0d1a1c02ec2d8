import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import {
  changeRaces,
  injectAs,
  setUpTestApp,
  signedInAs,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { auditLog, events, registrations, smsOutbox } from '../../db/schema/index.ts';
import { type FakeTxt, startFakeTxt } from '../../fakes/txt-co-zw.ts';
import { smsCountOfEdition } from '../../sms/repository.ts';

const ACCOUNT = { username: 'church-remote', password: 'a-remote-password-of-24c' };
let fake: FakeTxt;
// Read when the app is built (setUpTestApp's beforeAll, which runs after this file's own).
const env: Record<string, string> = {};
beforeAll(async () => {
  fake = await startFakeTxt({ ...ACCOUNT, deliverAfterMs: 0, slowMs: 100 });
  env.SMS_URL = fake.url;
});
afterAll(() => fake.close());

const { app, db, asAdmin, visitor } = setUpTestApp({ env });

beforeEach(() => {
  fake.messages.length = 0;
});

const input = {
  enabled: false,
  account: 'USD',
  username: ACCOUNT.username,
  password: ACCOUNT.password,
  senderNumber: '',
  capPerEdition: '500',
  sendFrom: '08:00',
  sendUntil: '20:00',
};
const save = (change: Record<string, unknown> = {}) => asAdmin.put('/api/admin/sms', { ...input, ...change });
const test = (to: string) => asAdmin.post('/api/admin/sms/test', { to });
const outbox = () => db.select().from(smsOutbox).orderBy(smsOutbox.id);

describe(`the text message settings (${testDatabaseKind})`, () => {
  it('are off until an admin sets them up', async () => {
    const answer = await asAdmin.get('/api/admin/sms');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      enabled: false,
      account: 'USD',
      username: '',
      senderNumber: '',
      capPerEdition: 2000,
      sendFrom: '08:00',
      sendUntil: '20:00',
      passwordSet: false,
      entrantsWithoutEmail: 0,
    });
  });

  it('are for admins only', async () => {
    const participant = injectAs(app, await signedInAs(app, 'participant'));
    const facilitator = injectAs(app, await signedInAs(app, 'facilitator'));
    for (const [caller, status] of [
      [visitor, 401],
      [participant, 403],
      [facilitator, 403],
    ] as const) {
      expect((await caller.get('/api/admin/sms')).statusCode).toBe(status);
      expect((await caller.put('/api/admin/sms', input)).statusCode).toBe(status);
      expect((await caller.post('/api/admin/sms/test', { to: '0771234567' })).statusCode).toBe(status);
    }
    expect(fake.messages).toEqual([]);
  });

  it('keep the password write-only: never in an answer, the audit trail or the database in clear', async () => {
    const saved = await save({ enabled: true, senderNumber: '+263 77 123 4567' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      enabled: true,
      account: 'USD',
      username: ACCOUNT.username,
      senderNumber: '+263771234567',
      capPerEdition: 500,
      sendFrom: '08:00',
      sendUntil: '20:00',
      passwordSet: true,
      entrantsWithoutEmail: 0,
    });
    // A blank password keeps the one saved.
    const kept = await save({ enabled: true, password: '', capPerEdition: 100 });
    expect(kept.json()).toMatchObject({ passwordSet: true, capPerEdition: 100 });
    for (const answer of [saved, kept, await asAdmin.get('/api/admin/sms')]) {
      expect(answer.body).not.toContain(ACCOUNT.password);
    }
    const [row] = await db.select().from(events).where(eq(events.isCurrent, true));
    expect(row?.smsPasswordEncrypted).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(ACCOUNT.password);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'sms-settings.update'));
    expect(audit.map((entry) => entry.details)).toEqual([
      expect.objectContaining({ enabled: true, passwordReplaced: true }),
      expect.objectContaining({ enabled: true, passwordReplaced: false }),
    ]);
    expect(JSON.stringify(audit)).not.toContain(ACCOUNT.password);
  });

  it('refuse a short password, times out of order, and SMS turned on without a username or password', async () => {
    const short = await save({ password: 'only-15-chars..' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { path: 'password', message: "txt.co.zw's passwords have at least 16 characters" },
    ]);
    const hours = await save({ sendFrom: '20:00', sendUntil: '08:00', capPerEdition: '0' });
    expect(
      hours
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['capPerEdition', 'sendUntil']);
    const noUsername = await save({ enabled: true, username: ' ' });
    expect(noUsername.json().errors).toEqual([
      { path: 'username', message: 'Enter the username to turn text messages on' },
    ]);
    const noPassword = await save({ enabled: true, password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toEqual([
      { path: 'password', message: 'Enter the password to turn text messages on' },
    ]);
    expect((await asAdmin.get('/api/admin/sms')).json()).toMatchObject({
      enabled: false,
      passwordSet: false,
    });
  });
});

describe(`turning texts off while entrants have no email (${testDatabaseKind})`, () => {
  const runner = runnerSeries();
  const withoutEmail = (mobile: string) => runner({ email: '', notifyBy: 'sms', mobile });
  const turnOff = (confirmNoMessages?: number) => save({ enabled: false, password: '', confirmNoMessages });

  it('is refused until the admin confirms that exactly these many get no messages', async () => {
    expect((await save({ enabled: true })).statusCode).toBe(200);
    for (const entry of [runner({ notifyBy: 'both' }), withoutEmail('0772000001')]) {
      expect((await visitor.post('/api/registrations', entry)).statusCode).toBe(201);
    }
    expect((await asAdmin.get('/api/admin/sms')).json().entrantsWithoutEmail).toBe(1);

    for (const refused of [await turnOff(), await turnOff(0), await turnOff(2)]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'entrants_without_email',
        count: 1,
        detail: expect.stringMatching(/^1 entrant has no email: with texts off they will get no messages/),
      });
    }
    expect((await asAdmin.get('/api/admin/sms')).json()).toMatchObject({ enabled: true });
    // Saving with texts still on asks nothing.
    expect((await save({ enabled: true, password: '', capPerEdition: 300 })).statusCode).toBe(200);

    // One more waits for a place while the admin reads the question: his "1" no longer holds.
    await changeRaces(asAdmin, (race) => (race.label === '10km' ? { capacity: 2 } : {}));
    expect((await visitor.post('/api/waitlist', withoutEmail('0772000002'))).statusCode).toBe(201);
    const stale = await turnOff(1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      count: 2,
      detail: expect.stringMatching(/^2 entrants have no email/),
    });

    const off = await turnOff(2);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, entrantsWithoutEmail: 2 });
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'sms-settings.update'));
    expect(audit.at(-1)?.details).toMatchObject({ enabled: false, confirmedNoMessagesTo: 2 });
    // Already off: nothing more to confirm.
    expect((await turnOff()).statusCode).toBe(200);
  });

  it('counts neither cancelled entries nor those with an email, and asks nothing when none is left', async () => {
    expect((await save({ enabled: true })).statusCode).toBe(200);
    const made = await visitor.post('/api/registrations', withoutEmail('0772000003'));
    expect(made.statusCode).toBe(201);
    const [row] = await db
      .select()
      .from(registrations)
      .where(eq(registrations.reference, made.json().reference));
    expect((await asAdmin.get('/api/admin/sms')).json().entrantsWithoutEmail).toBe(1);
    const cancelled = await asAdmin.post(`/api/participants/${row?.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await asAdmin.get('/api/admin/sms')).json().entrantsWithoutEmail).toBe(0);
    expect((await turnOff()).statusCode).toBe(200);
  });
});

describe(`the test SMS (${testDatabaseKind})`, () => {
  it('needs a saved username and password', async () => {
    const refused = await test('0771234567');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'no_sms_account',
      detail: expect.stringMatching(/username and password/),
    });
    expect(fake.messages).toEqual([]);
  });

  it('goes at once with the saved settings while SMS are still off, and counts in the outbox', async () => {
    await save({ senderNumber: '263771000000' });
    const sent = await test('077 123 4567');
    expect(sent.statusCode, sent.body).toBe(200);
    const { gatewayId } = sent.json();
    expect(sent.json()).toEqual({ sent: true, gatewayId: expect.stringMatching(/^\d+$/) });
    expect(fake.messages).toEqual([
      expect.objectContaining({
        id: gatewayId,
        to: '263771234567',
        sender: '263771000000',
        body: 'Celebration Fun Run: test message from Celebration. Your SMS settings work.',
      }),
    ]);
    expect(await outbox()).toEqual([
      expect.objectContaining({
        kind: 'test',
        to: '+263771234567',
        status: 'accepted',
        gatewayId,
        attempts: 1,
        sentAt: expect.any(Date),
        lastError: null,
      }),
    ]);
    // Billed like any other: it counts against the edition's cap.
    const [row] = await outbox();
    expect(await smsCountOfEdition(db, row?.eventId ?? '')).toBe(1);
    const trail = await db.select().from(auditLog).where(eq(auditLog.action, 'sms-settings.test'));
    expect(trail.map((entry) => entry.details)).toEqual([{ sent: true, gatewayId }]);
    expect(JSON.stringify(trail)).not.toContain('771234567');
  });

  it.each([
    ['0770000001', 'ERROR: Insufficient credit'],
    ['0770000002', 'HTTP 302 to /user/logon'],
    ['0770000003', 'HTTP 403'],
    ['0770000005', 'fetch failed'],
  ])('to %s gives txt.co.zw’s reason (%s), recorded as failed', async (number, reason) => {
    await save();
    const failed = await test(number);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      code: 'sms_gateway_refused',
      detail: expect.stringContaining(reason),
    });
    const [row] = await outbox();
    expect(row).toMatchObject({ kind: 'test', status: 'failed', gatewayId: null });
    expect(row?.lastError).toContain(reason);
    expect(await smsCountOfEdition(db, row?.eventId ?? '')).toBe(0);
    expect(fake.messages).toEqual([]);
  });

  it('with a wrong password saved gives the gateway’s redirect to its logon page', async () => {
    await save({ password: 'not-the-right-password' });
    const failed = await test('0771234567');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().detail).toMatch(/HTTP 302 to \/user\/logon.*a wrong username or password/);
    // The right one, typed again, works: the wrong one was replaced.
    await save({ password: ACCOUNT.password });
    expect((await test('0771234567')).statusCode).toBe(200);
  });

  it('refuses a number that is not one', async () => {
    await save();
    const refused = await test('12345');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ path: 'to', message: expect.stringMatching(/valid mobile/) }]);
  });
});
