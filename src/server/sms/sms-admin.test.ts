import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../tests/support/entries.ts';
import { sendTexts, setUpFakeGateway, turnTextsOn } from '../../../tests/support/sms.ts';
import { setUpTestApp, testDatabaseKind } from '../../../tests/support/test-app.ts';
import { events, mailOutbox, smsOutbox } from '../db/schema/index.ts';

const { gateway, env } = setUpFakeGateway();
const { app, db, visitor, asAdmin, admin } = setUpTestApp({ env });
const runner = runnerSeries();

const register = async (change: object = {}) => {
  const response = await visitor.post('/api/registrations', runner(change));
  expect(response.statusCode).toBe(201);
  return response.json() as { reference: string };
};
const round = () => sendTexts(app, db);
const textFigures = async () => (await asAdmin.get('/api/dashboard/fun-run')).json().texts;

describe(`texts as admins see them (${testDatabaseKind})`, () => {
  beforeEach(() => {
    gateway().messages.length = 0;
    gateway().switches.error = null;
  });

  it('counts the edition’s texts against the cap on the dashboard, and shows none while texts are off', async () => {
    expect(await textFigures()).toBeNull();
    await turnTextsOn(db, app.context.secret, { capPerEdition: 10 });
    await register();
    await register({ mobile: '0772000201' });
    expect(await textFigures()).toEqual({ sent: 2, cap: 10, failing: null });
  });

  it('mails the admins once and tells the dashboard when three texts in a row fail alike', async () => {
    await turnTextsOn(db, app.context.secret);
    gateway().switches.error = 'Account suspended';
    for (const mobile of ['0772000210', '0772000211', '0772000212', '0772000213']) await register({ mobile });
    await round();
    expect(await textFigures()).toMatchObject({ failing: 'ERROR: Account suspended' });
    const told = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'sms-failing'));
    expect(told.map((mail) => mail.to)).toEqual([admin.email]);
    expect(told[0]?.text).toContain('ERROR: Account suspended');

    gateway().switches.error = null;
    await round();
    expect(await textFigures()).toMatchObject({ failing: null });
  });

  it('lists texts on /Outbox and in the entry’s history with their fate, never their words', async () => {
    await turnTextsOn(db, app.context.secret);
    const { reference } = await register({ mobile: '0770000006' });
    await round();
    await round();
    const outbox = (await asAdmin.get('/api/mail-outbox')).json();
    expect(outbox.texts).toEqual([
      expect.objectContaining({
        to: '+263770000006',
        kind: 'registration-confirmation',
        status: 'undelivered',
      }),
    ]);
    expect(JSON.stringify(outbox.texts)).not.toContain('/m/');

    const [entry] = (await asAdmin.get(`/api/participants?q=${reference}`)).json().rows;
    const detail = (await asAdmin.get(`/api/participants/${entry.id}`)).json();
    expect(detail.history[0]).toMatchObject({
      action: 'text',
      by: 'txt.co.zw',
      summary: 'Text message: Confirmation to +263 77 000 0006 — Not delivered: Failed: Absent subscriber',
    });
  });

  it('keeps texts off when the event’s SMS are turned off after queuing', async () => {
    await turnTextsOn(db, app.context.secret);
    await register({ mobile: '0772000220' });
    await db.update(events).set({ sms: null });
    await round();
    expect(gateway().messages).toHaveLength(0);
    const [text] = await db.select().from(smsOutbox).where(eq(smsOutbox.to, '+263772000220'));
    expect(text).toMatchObject({ status: 'failed', lastError: 'Text messages are off for this event' });
  });
});
