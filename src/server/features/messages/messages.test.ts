import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { setUpFakeGateway, turnTextsOn } from '../../../../tests/support/sms.ts';
import {
  injectAs,
  registeredRunner,
  setUpTestApp,
  signedInAs,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { harareToday } from '../../../shared/dates.ts';
import {
  events,
  mailOutbox,
  messages,
  raceOptions,
  registrations,
  smsOutbox,
} from '../../db/schema/index.ts';
import { MISSED_AFTER_MS, sendDueMessages, sendRacePacks } from './service.ts';

const { env } = setUpFakeGateway();
const { app, db, asAdmin } = setUpTestApp({ env });

const DAY = 24 * 60 * 60_000;

/** A draft as the /Messages form sends it; changes win. */
const draft = (change: Record<string, unknown> = {}) => ({
  audience: {},
  byMail: true,
  bySms: false,
  subject: 'Parking for {race}',
  body: 'Hello {first name}, park at the east gate. Your reference is {reference}. Your entry: {link}',
  smsText: '',
  ...change,
});

const messageMails = () => db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'message'));
const messageTexts = () => db.select().from(smsOutbox).where(eq(smsOutbox.kind, 'message'));

let serial = 0;
async function entrant(
  overrides: Record<string, unknown> = {},
  row: Partial<typeof registrations.$inferInsert> = {},
) {
  serial += 1;
  const { row: entry } = await registeredRunner(app, `m${serial}`, overrides);
  if (Object.keys(row).length > 0)
    await db.update(registrations).set(row).where(eq(registrations.id, entry.id));
  return entry;
}

describe(`race-week messages (${testDatabaseKind})`, () => {
  beforeEach(async () => {
    await db.update(events).set({ publishedAt: new Date(), eventDate: null });
  });

  it('reaches exactly the audience chosen, each mail filled in with its own name, reference and working link', async () => {
    const unpaid = await entrant({ firstName: 'Rudo' });
    const paid = await entrant({}, { paymentStatus: 'paid' });
    const cyclist = await entrant({ discipline: 'cycle', raceType: '30km', tshirtSize: 'Medium' });
    const minor = await entrant({
      age: 15,
      guardianName: 'Mai Rudo',
      guardianMobile: '0772222222',
      guardianConsent: true,
    });
    const checkedIn = await entrant({}, { checkedInAt: new Date() });
    const audience = { discipline: 'run', race: '10km', payment: 'unpaid', minor: 'no', checkedIn: 'no' };

    const preview = await asAdmin.post('/api/admin/messages/preview', draft({ audience }));
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ entrants: 1, mails: 1, sms: 0, notByMail: 0, notBySms: 0 });
    expect(preview.json().sample.body).toContain('Hello Rudo, park at the east gate.');
    expect(await messageMails()).toHaveLength(0);

    const sent = await asAdmin.post('/api/admin/messages', draft({ audience }));
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      state: 'sent',
      entrants: 1,
      audience: 'Entrants · Runners · 10km · unpaid · adults · not checked in',
      mail: { waiting: 1, sent: 0, failing: 0 },
    });
    const mails = await messageMails();
    expect(mails.map((mail) => mail.to)).toEqual([unpaid.email]);
    expect(mails[0]?.subject).toBe('Parking for 10km');
    expect(mails[0]?.text).toContain(`Your reference is ${unpaid.reference}.`);
    const token = /\/My\/([\w-]+)/.exec(mails[0]?.text ?? '')?.[1];
    const opened = await app.inject({ url: `/api/my/${token}` });
    expect(opened.json()).toMatchObject({ reference: unpaid.reference });

    for (const other of [paid, cyclist, minor, checkedIn]) {
      expect(mails.some((mail) => mail.to === other.email)).toBe(false);
    }
    const listed = (await asAdmin.get('/api/admin/messages')).json();
    expect(listed.messages).toHaveLength(1);
  });

  it('goes by SMS to those who chose texts, by mail to the rest, and counts who was left out of each', async () => {
    await turnTextsOn(db, app.context.secret);
    await db.update(raceOptions).set({ startTime: '06:30' }).where(eq(raceOptions.label, '10km'));
    const bySms = await entrant({ notifyBy: 'sms', mobile: '0771111111' });
    const byMail = await entrant({ notifyBy: 'email' });
    const both = await entrant({ notifyBy: 'both', mobile: '0773333333' });
    const message = draft({
      bySms: true,
      smsText: 'Race {race} starts {start time}. Ref {reference}: {link}',
    });

    const preview = (await asAdmin.post('/api/admin/messages/preview', message)).json();
    expect(preview).toMatchObject({
      entrants: 3,
      mails: 2,
      sms: 2,
      smsSegments: 2,
      notByMail: 1,
      notBySms: 1,
    });

    expect((await asAdmin.post('/api/admin/messages', message)).statusCode).toBe(200);
    expect((await messageMails()).map((mail) => mail.to).sort()).toEqual([byMail.email, both.email].sort());
    const texts = await messageTexts();
    expect(texts.map((text) => text.to).sort()).toEqual(['+263771111111', '+263773333333']);
    const text = texts.find((one) => one.to === '+263771111111');
    expect(text?.body).toMatch(
      new RegExp(`^Race 10km starts 06:30\\. Ref ${bySms.reference}: http://\\S+/m/[a-z2-7]{20}$`),
    );
    const [row] = await db.select().from(messages);
    expect(row).toMatchObject({ entrants: 3, notByMail: 1, notBySms: 1 });
  });

  it("queues texts up to the edition's cap, counting the texts already queued, and counts the rest left out", async () => {
    const mobiles = ['0771111111', '0772222222', '0773333333', '0774444444'];
    for (const mobile of mobiles) await entrant({ notifyBy: 'both', mobile });
    await turnTextsOn(db, app.context.secret, { capPerEdition: 3 });
    const message = draft({ bySms: true, smsText: 'Park at the east gate, {first name}.' });
    expect((await asAdmin.post('/api/admin/messages', message)).statusCode).toBe(200);
    expect(await messageTexts()).toHaveLength(3);
    const [first] = await db.select().from(messages);
    expect(first).toMatchObject({ entrants: 4, notBySms: 1 });

    await turnTextsOn(db, app.context.secret, { capPerEdition: 5 });
    expect((await asAdmin.post('/api/admin/messages', message)).statusCode).toBe(200);
    expect(await messageTexts()).toHaveLength(5);
    expect(await messageMails()).toHaveLength(8);
  });

  it('mails whoever chose texts alone when the cap leaves his text out, and counts him reached by mail', async () => {
    const textsOnly = await entrant({ notifyBy: 'sms', mobile: '0771111111' });
    const alsoTextsOnly = await entrant({ notifyBy: 'sms', mobile: '0772222222' });
    await turnTextsOn(db, app.context.secret, { capPerEdition: 1 });
    const message = draft({ bySms: true, smsText: 'Park at the east gate, {first name}.' });
    expect((await asAdmin.post('/api/admin/messages', message)).statusCode).toBe(200);
    expect(await messageTexts()).toHaveLength(1);
    const mails = await messageMails();
    expect(mails).toHaveLength(1);
    expect([textsOnly.email, alsoTextsOnly.email]).toContain(mails[0]?.to);
    expect(mails[0]?.text).toMatch(/\/My\/[\w-]+/);
    const [row] = await db.select().from(messages);
    expect(row).toMatchObject({ entrants: 2, notByMail: 1, notBySms: 1 });
  });

  it('keeps a message for its time, sends it then, never sends a cancelled one, and tells the admins of a missed one', async () => {
    const entry = await entrant();
    const inAnHour = new Date(Date.now() + 60 * 60_000);
    const local = (instant: Date) =>
      `${harareToday(instant)}T${new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Harare', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant)}`;

    const kept = await asAdmin.post('/api/admin/messages', draft({ sendAt: local(inAnHour) }));
    expect(kept.json()).toMatchObject({ state: 'scheduled', entrants: 0 });
    const cancelledOne = (
      await asAdmin.post('/api/admin/messages', draft({ subject: 'Cancelled', sendAt: local(inAnHour) }))
    ).json();
    expect((await asAdmin.post(`/api/admin/messages/${cancelledOne.id}/cancel`)).json()).toMatchObject({
      state: 'cancelled',
    });

    expect(await sendDueMessages(app.context, new Date())).toBe(0);
    expect(await messageMails()).toHaveLength(0);
    expect(await sendDueMessages(app.context, new Date(inAnHour.getTime() + 60_000))).toBe(1);
    const mails = await messageMails();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[entry.email, 'Parking for 10km']]);
    expect((await asAdmin.post(`/api/admin/messages/${kept.json().id}/cancel`)).statusCode).toBe(409);

    const late = (
      await asAdmin.post('/api/admin/messages', draft({ subject: 'Late', sendAt: local(inAnHour) }))
    ).json();
    expect(await sendDueMessages(app.context, new Date(inAnHour.getTime() + MISSED_AFTER_MS + 120_000))).toBe(
      0,
    );
    const [missed] = await db.select().from(messages).where(eq(messages.id, late.id));
    expect(missed?.state).toBe('missed');
    expect(await messageMails()).toHaveLength(1);
    const told = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'message-missed'));
    expect(told[0]?.subject).toBe('Not sent: “Late”');
  });

  it('sends nothing while the edition is a draft', async () => {
    await entrant();
    await db.update(events).set({ publishedAt: null });
    const refused = await asAdmin.post('/api/admin/messages', draft());
    expect(refused.statusCode).toBe(409);
    expect(await messageMails()).toHaveLength(0);
  });

  it('names an unknown placeholder, refuses a text too long once filled in, and is for admins only', async () => {
    await entrant();
    const wrong = await asAdmin.post('/api/admin/messages/preview', draft({ body: 'Hello {frist name}' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'body', message: 'Not a placeholder: {frist name}' }]);
    await turnTextsOn(db, app.context.secret);
    const long = await asAdmin.post(
      '/api/admin/messages/preview',
      draft({ bySms: true, smsText: `${'x'.repeat(440)} {link}` }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe('smsText');

    const volunteer = injectAs(app, await signedInAs(app, 'volunteer'));
    expect((await volunteer.post('/api/admin/messages', draft())).statusCode).toBe(403);
    expect((await volunteer.get('/api/admin/messages')).statusCode).toBe(403);
    expect((await injectAs(app).post('/api/admin/messages/preview', draft())).statusCode).toBe(401);
    expect(await messageMails()).toHaveLength(0);
  });

  it('sends the race pack once to each entrant from N days before the race, and to one who enters later', async () => {
    const raceDay = harareToday(new Date(Date.now() + 5 * DAY));
    await db.update(events).set({ eventDate: raceDay, racePackDaysBefore: 3, venue: 'Harare Gardens' });
    const withBib = await entrant({}, { bib: 101 });
    const withoutBib = await entrant();
    await db
      .update(registrations)
      .set({ status: 'cancelled' })
      .where(eq(registrations.id, (await entrant()).id));
    const packs = () => db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'race-pack'));

    expect(await sendRacePacks(app.context, new Date())).toBe(0);
    expect(await sendRacePacks(app.context, new Date(Date.now() + 2 * DAY))).toBe(2);
    expect(await sendRacePacks(app.context, new Date(Date.now() + 2.1 * DAY))).toBe(0);
    const mails = await packs();
    expect(mails.map((mail) => mail.to).sort()).toEqual([withBib.email, withoutBib.email].sort());
    const first = mails.find((mail) => mail.to === withBib.email);
    expect(first?.subject).toBe('Celebration Fun Run: your race pack');
    expect(first?.text).toContain('Your bib number: 101');
    expect(first?.text).toContain('at Harare Gardens');
    expect(first?.text).toMatch(/\/My\/[\w-]+/);
    expect(first?.attachments?.[0]?.text).toBe(withBib.checkInCode);
    expect(mails.find((mail) => mail.to === withoutBib.email)?.text).toContain(
      'Your bib number is given at the check-in table on race morning.',
    );

    const late = await entrant();
    expect(await sendRacePacks(app.context, new Date(Date.now() + 3 * DAY))).toBe(1);
    expect((await packs()).filter((mail) => mail.to === late.email)).toHaveLength(1);
    // Not on race day, nor after it.
    await entrant();
    expect(await sendRacePacks(app.context, new Date(Date.now() + 5 * DAY))).toBe(0);
    const listed = (await asAdmin.get('/api/admin/messages')).json().messages;
    expect(listed).toMatchObject([{ kind: 'race-pack', subject: 'Race pack', entrants: 3 }]);
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.to, [withBib.email ?? ''])),
    ).toHaveLength(2);
  });

  it('leaves what to bring out of the race pack when the admin cleared it in the event settings', async () => {
    const raceDay = harareToday(new Date(Date.now() + 2 * DAY));
    await db.update(events).set({ eventDate: raceDay, racePackDaysBefore: 3 });
    const settings = (await asAdmin.get('/api/admin/event')).json();
    const cleared = await asAdmin.put('/api/admin/event', {
      title: settings.title,
      subtitle: settings.subtitle,
      greeting: settings.greeting,
      contactPhone: settings.contactPhone,
      backgroundAlt: settings.backgroundAlt,
      registrationClosesAt: settings.registrationClosesAt,
      payment: settings.payment,
      tshirtSizes: settings.tshirtSizes,
      termsText: settings.termsText,
      whatToBring: '',
    });
    expect(cleared.json().whatToBring).toBe('');
    const runner = await entrant();
    expect(await sendRacePacks(app.context, new Date())).toBe(1);
    const [pack] = (await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'race-pack'))).filter(
      (mail) => mail.to === runner.email,
    );
    expect(pack?.subject).toMatch(/your race pack/);
    expect(pack?.text).toContain('Your reference:');
    expect(pack?.text).not.toContain('What to bring');
  });
});
