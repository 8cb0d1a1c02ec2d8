import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../tests/support/entries.ts';
import { sendTexts, setUpFakeGateway, textsTo, turnTextsOn } from '../../../tests/support/sms.ts';
import { injectAs, setUpTestApp, testDatabaseKind } from '../../../tests/support/test-app.ts';
import { events, mailOutbox, raceOptions, registrations, smsOutbox } from '../db/schema/index.ts';
import { sendDueReminders } from '../features/receipts/service.ts';
import { claimDueSms } from './repository.ts';
import { SmsSender } from './sender.ts';
import { SMS_LENGTH } from './sms-text.ts';

const { gateway, env } = setUpFakeGateway();
const { app, db } = setUpTestApp({ env, admin: false });
const visitor = injectAs(app);
const runner = runnerSeries();

const ENTRANT = '+263771234567';
const register = async (change: object = {}) => {
  const response = await visitor.post('/api/registrations', runner(change));
  expect(response.statusCode).toBe(201);
  return response.json() as { reference: string };
};
const mailsTo = (email: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const round = () => sendTexts(app, db);

describe(`text messages beside mail (${testDatabaseKind})`, () => {
  beforeEach(async () => {
    gateway().messages.length = 0;
    gateway().switches.error = null;
    gateway().switches.redirect = false;
    await db.update(raceOptions).set({ feeUsd: '20', feeZwg: null }).where(eq(raceOptions.label, '10km'));
    await turnTextsOn(db, app.context.secret);
  });

  it('sends the confirmation by SMS alone when asked, in one segment, with a short link that opens the entry', async () => {
    const entry = runner({ notifyBy: 'sms' });
    const { reference } = (await visitor.post('/api/registrations', entry)).json();
    expect(await mailsTo(entry.email)).toHaveLength(0);
    const [text, ...more] = await textsTo(db, ENTRANT);
    expect(more).toHaveLength(0);
    expect(text?.kind).toBe('registration-confirmation');
    const body = text?.body ?? '';
    expect(body).toMatch(
      new RegExp(
        `^Celebration Fun Run: registered\\. Ref ${reference}, Runner 10km, due US\\$20\\.00\\. Pay & QR: http://localhost:3000/m/[a-z2-7]{20}$`,
      ),
    );
    expect(body.length).toBeLessThanOrEqual(SMS_LENGTH);

    await round();
    expect(gateway().messages.map((message) => [message.to, message.body])).toEqual([['263771234567', body]]);
    const [accepted] = await textsTo(db, ENTRANT);
    expect(accepted).toMatchObject({ status: 'accepted', gatewayId: gateway().messages[0]?.id, attempts: 1 });
    await round();
    expect((await textsTo(db, ENTRANT))[0]).toMatchObject({
      status: 'delivered',
      deliveryDetail: 'Delivered: Delivered to handset',
    });

    const code = /\/m\/([a-z2-7]{20})$/.exec(body)?.[1];
    const page = await visitor.get(`/api/my/${code}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().reference).toBe(reference);
  });

  it('sends both by default while texts are on, mail alone when asked, and mail when texts are off', async () => {
    const both = runner();
    await register(both);
    expect(await mailsTo(both.email)).toHaveLength(1);
    expect(await textsTo(db, ENTRANT)).toHaveLength(1);
    expect(
      (await db.select().from(registrations).where(eq(registrations.email, both.email)))[0]?.notifyBy,
    ).toBe('both');

    const mailOnly = runner({ notifyBy: 'email', mobile: '0772000001' });
    await register(mailOnly);
    expect(await textsTo(db, '+263772000001')).toHaveLength(0);

    await db.update(events).set({ sms: null });
    const smsWhileOff = runner({ notifyBy: 'sms', mobile: '0772000002' });
    await register(smsWhileOff);
    expect(await mailsTo(smsWhileOff.email)).toHaveLength(1);
    expect(await textsTo(db, '+263772000002')).toHaveLength(0);
  });

  it('texts a minor’s guardian, not the child', async () => {
    await register({
      age: 12,
      mobile: '0772000003',
      guardianName: 'Rudo Moyo',
      guardianMobile: '0772000004',
      guardianConsent: true,
    });
    expect(await textsTo(db, '+263772000003')).toHaveLength(0);
    expect(await textsTo(db, '+263772000004')).toHaveLength(1);
  });

  it('retries after ERROR: and after a redirect to the logon page, and sends once', async () => {
    await register();
    gateway().switches.error = 'Insufficient credit';
    await round();
    expect((await textsTo(db, ENTRANT))[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'ERROR: Insufficient credit',
    });
    gateway().switches.error = null;
    gateway().switches.redirect = true;
    await round();
    expect((await textsTo(db, ENTRANT))[0]?.lastError).toBe(
      'HTTP 302 to /user/logon: <html>Object moved</html>',
    );
    gateway().switches.redirect = false;
    await round();
    await round();
    expect(gateway().messages).toHaveLength(1);
    expect((await textsTo(db, ENTRANT))[0]).toMatchObject({
      status: 'delivered',
      attempts: 3,
      lastError: null,
    });
  });

  it('keeps a 403 page, a slow answer and a refused connection as failures to retry', async () => {
    for (const mobile of ['0770000003', '0770000005']) await register({ mobile });
    await round();
    const [forbidden] = await textsTo(db, '+263770000003');
    expect(forbidden?.lastError).toMatch(/^HTTP 403: <html><body>403 - Forbidden/);
    const [refused] = await textsTo(db, '+263770000005');
    expect(refused?.status).toBe('queued');
    expect(refused?.lastError).toMatch(/fetch failed|socket|closed/i);
  });

  it('sends a claimed text once across a restart: a second server waits for the lease to end', async () => {
    await register();
    const leased = await claimDueSms(db, 10, 120);
    expect(leased).toHaveLength(1);
    // The first server stopped here, before sending. Another starts: the text is not due until the lease ends.
    const another = new SmsSender(app.context.env, app.context.secret, db, app.log);
    expect(await another.deliverDue()).toEqual({ claimed: 0 });
    await db.update(smsOutbox).set({ nextAttemptAt: sql`now()` });
    await another.deliverDue();
    await app.context.sms.deliverDue();
    expect(gateway().messages).toHaveLength(1);
  });

  it('records a text the network never delivered as undelivered', async () => {
    await register({ mobile: '0770000006' });
    await round();
    await round();
    expect((await textsTo(db, '+263770000006'))[0]).toMatchObject({
      status: 'undelivered',
      deliveryDetail: 'Failed: Absent subscriber',
    });
  });

  it('gives up on a text the gateway has not accepted for 24 hours', async () => {
    await register({ mobile: '0770000001' });
    await db.update(smsOutbox).set({ createdAt: sql`now() - interval '25 hours'` });
    await round();
    expect((await textsTo(db, '+263770000001'))[0]).toMatchObject({ status: 'failed' });
    expect(await claimDueSms(db, 10, 1)).toHaveLength(0);
  });

  it('stops at the cap, except a confirmation mailed instead to whoever wanted a text alone', async () => {
    await turnTextsOn(db, app.context.secret, { capPerEdition: 2 });
    await register({ mobile: '0772000011' });
    await register({ mobile: '0772000012' });
    const third = runner({ mobile: '0772000013', notifyBy: 'sms' });
    await register(third);
    expect(await textsTo(db, '+263772000013')).toHaveLength(0);
    expect(await mailsTo(third.email)).toHaveLength(1);
  });

  it('texts a number at most five times an hour for anonymous public actions', async () => {
    for (let serial = 0; serial < 7; serial += 1) await register({ mobile: '0772000020' });
    expect(await textsTo(db, '+263772000020')).toHaveLength(5);
  });

  it('holds reminders outside the sending hours, never a reply, and never texts who stopped them', async () => {
    const now = new Date();
    const harareHour = (now.getUTCHours() + 2) % 24;
    const hh = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;
    // Sending hours that start two hours from now (Harare) and last one hour: now is quiet.
    await turnTextsOn(db, app.context.secret, {
      sendFrom: hh(harareHour + 2),
      sendUntil: hh(harareHour + 3),
    });
    if (harareHour + 3 >= 24) return; // a window across midnight is not a setting the form allows
    await db
      .update(events)
      .set({ registrationClosesAt: new Date(Date.now() + 30 * 86_400_000), reminderDaysAfter: 1 });
    await register({ mobile: '0772000030' });
    await register({ mobile: '0772000031' });
    const [reply] = await textsTo(db, '+263772000030');
    expect(reply?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    await db
      .update(registrations)
      .set({ smsRemindersStoppedAt: new Date() })
      .where(eq(registrations.mobile, '+263772000031'));
    await db.update(registrations).set({ createdAt: sql`now() - interval '2 days'` });

    expect(await sendDueReminders(app.context)).toBe(2);
    const reminders = await db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.kind, 'payment-reminder')));
    expect(reminders.map((text) => text.to)).toEqual(['+263772000030']);
    // Two Harare hours from the start of this hour: Harare's offset is whole hours, so no date arithmetic
    // (after midnight in Harare its date is a day ahead of UTC's).
    const opens = new Date(now);
    opens.setUTCMinutes(0, 0, 0);
    opens.setTime(opens.getTime() + 2 * 3_600_000);
    expect(reminders[0]?.nextAttemptAt.toISOString()).toBe(opens.toISOString());
    expect(reminders[0]?.body).toMatch(
      /is not paid: US\$20\.00 due by \d\d\/\d\d\/\d\d\. Pay, or stop these texts: http:\/\/localhost:3000\/m\/[a-z2-7]{20}$/,
    );
  });

  it('tells the number of a change made on /My, and of a cancellation; a new number only gets its code', async () => {
    const entry = runner({ mobile: '0772000040' });
    const { myLink } = (await visitor.post('/api/registrations', entry)).json();
    const { discipline: _, consent: __, ...fields } = entry;
    const changed = await visitor.put(`/api/${myLink.slice(1).replace('My/', 'my/')}`, {
      ...fields,
      tshirtSize: 'Medium',
      mobile: '0772000041',
    });
    expect(changed.statusCode).toBe(200);
    const notice = (await textsTo(db, '+263772000040')).at(-1);
    expect(notice?.kind).toBe('entry-changed');
    expect(notice?.body).toMatch(
      /: your entry \w+-\d{4} was changed\. See it: http:\/\/localhost:3000\/m\/[a-z2-7]{20}$/,
    );
    // The new mobile waits for its code (mobile-changes.test.ts): the entry keeps the old one meanwhile.
    expect((await textsTo(db, '+263772000041')).map((text) => text.kind)).toEqual(['mobile-change-code']);

    expect((await visitor.post(`/api/${myLink.slice(1).replace('My/', 'my/')}/cancel`)).statusCode).toBe(200);
    expect((await textsTo(db, '+263772000040')).at(-1)?.body).toMatch(
      /your entry \w+-\d{4} was cancelled\. Questions: call \+263 77 000 0000\.$/,
    );
  });
});
