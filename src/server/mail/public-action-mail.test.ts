import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../tests/support/entries.ts';
import { setUpTestApp } from '../../../tests/support/test-app.ts';
import { mailOutbox, raceOptions, registrations } from '../db/schema/index.ts';
import { PUBLIC_ACTION_MAIL_LIMIT } from './repository.ts';

const { db, visitor, asAdmin } = setUpTestApp();

const TARGET = 'one.inbox@example.com';
const ATTACK = 'Alice. IMPORTANT: pay USD 20 now by EcoCash to 0771234567 or lose your place';

const runner = runnerSeries();

const mailsTo = (to: string) =>
  db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to}) = lower(${to})`).orderBy(asc(mailOutbox.id));

async function setCapacity(label: string, capacity: number | null) {
  const settings = (await asAdmin.get('/api/admin/event')).json();
  const races = settings.races.map((race: Record<string, unknown>) => ({
    ...Object.fromEntries(
      ['id', 'discipline', 'label', 'capacity', 'feeUsd', 'feeZwg', 'startTime'].map((key) => [
        key,
        race[key],
      ]),
    ),
    ...(race.label === label ? { capacity } : {}),
  }));
  expect((await asAdmin.put('/api/admin/event/races', { races })).statusCode).toBe(200);
}

/** 10 km holds two, both taken by others. */
async function fullRace() {
  await setCapacity('10km', 2);
  for (let n = 0; n < 2; n += 1)
    expect((await visitor.post('/api/registrations', runner())).statusCode).toBe(201);
}

describe('mail set off by anonymous public actions', () => {
  it('sends an address five waitlist mails an hour however many joins name it, greeting no stranger’s text', async () => {
    await fullRace();
    for (let n = 0; n < 10; n += 1) {
      const joined = await visitor.post('/api/waitlist', runner({ firstName: ATTACK, email: TARGET }));
      // The public answer does not change when the mail is held back.
      expect(joined.statusCode).toBe(201);
      expect(joined.json()).toMatchObject({ onWaitlist: true, position: n + 1 });
    }
    const mails = await mailsTo(TARGET);
    expect(mails).toHaveLength(PUBLIC_ACTION_MAIL_LIMIT.perRecipient);
    for (const mail of mails) {
      expect(mail.text).toMatch(/^Hello,\n/);
      expect(mail.text).not.toContain('IMPORTANT');
    }
  });

  it('queues five of thirty registrations made at once to one address: the statement counts under its lock', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        visitor.post('/api/registrations', runner({ email: TARGET, raceType: '5km' })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    expect(await mailsTo(TARGET)).toHaveLength(PUBLIC_ACTION_MAIL_LIMIT.perRecipient);
  });

  it('counts registrations, the already-registered resend, waitlist joins and "mail me my links" together', async () => {
    const first = runner({ email: TARGET, raceType: '5km' });
    expect((await visitor.post('/api/registrations', first)).statusCode).toBe(201); // 1
    expect(
      (await visitor.post('/api/registrations', runner({ email: TARGET, raceType: '5km' }))).statusCode,
    ).toBe(201); // 2
    const again = await visitor.post('/api/registrations', first);
    expect(again.json()).toMatchObject({ alreadyRegistered: true, confirmationResent: true }); // 3
    expect((await visitor.post('/api/my/links', { email: TARGET })).statusCode).toBe(202); // 4
    await fullRace();
    expect((await visitor.post('/api/waitlist', runner({ email: TARGET }))).statusCode).toBe(201); // 5
    expect(await mailsTo(TARGET)).toHaveLength(5);

    // Over the limit every door answers as before, and nothing more is queued.
    const late = await visitor.post(
      '/api/registrations',
      runner({ email: TARGET.toUpperCase(), raceType: '5km' }),
    );
    expect(late.statusCode).toBe(201);
    expect(late.json().myLink).toMatch(/^\/My\//);
    expect((await visitor.post('/api/my/links', { email: TARGET })).statusCode).toBe(202);
    expect((await visitor.post('/api/waitlist', runner({ email: TARGET }))).statusCode).toBe(201);
    expect(await mailsTo(TARGET)).toHaveLength(5);

    // An hour on, the address has room again.
    await db.update(mailOutbox).set({ createdAt: sql`now() - interval '61 minutes'` });
    expect((await visitor.post('/api/my/links', { email: TARGET })).statusCode).toBe(202);
    expect(await mailsTo(TARGET)).toHaveLength(6);
  });

  it('never holds back a receipt, a waitlist offer or an admin’s reminder, and does not count them', async () => {
    await db.update(raceOptions).set({ feeUsd: '15', feeZwg: '400' });
    await fullRace();
    expect((await visitor.post('/api/waitlist', runner({ email: TARGET }))).statusCode).toBe(201);
    for (let n = 0; n < 5; n += 1)
      expect(
        (await visitor.post('/api/registrations', runner({ email: TARGET, raceType: '5km' }))).statusCode,
      ).toBe(201);
    expect(await mailsTo(TARGET)).toHaveLength(5);
    const entries = await db.select().from(registrations).where(eq(registrations.email, TARGET));

    // A place frees in 10 km: the offer goes to the first one waiting.
    const taken = await db.select().from(registrations).where(sql`${registrations.email} <> ${TARGET}`);
    const cancel = await asAdmin.post(`/api/participants/${taken[0]?.id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBeLessThan(300);
    const reminded = await asAdmin.post('/api/participants/payment-reminders');
    expect(reminded.statusCode, reminded.body).toBe(200);
    const paid = await asAdmin.post('/api/participants/mark-paid', {
      ids: [entries[0]?.id],
      method: 'usd_bank',
      currency: 'USD',
      paidOn: '2026-11-20',
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);

    const kinds = (await mailsTo(TARGET)).map((mail) => mail.kind);
    expect(kinds).toContain('waitlist-offer');
    expect(kinds.filter((kind) => kind === 'payment-reminder').length).toBeGreaterThan(0);
    expect(kinds).toContain('payment-receipt');

    // Accepting the offer registers, and that confirmation goes too.
    const offer = (await mailsTo(TARGET)).find((mail) => mail.kind === 'waitlist-offer');
    const token = offer?.text?.match(/\/Offer\/([\w-]+)/)?.[1];
    const accepted = await visitor.post(`/api/offers/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const confirmation = (await mailsTo(TARGET)).at(-1);
    expect(confirmation?.kind).toBe('registration-confirmation');
    expect(confirmation?.text).toContain(accepted.json().registration.reference);
    // None of these took the address's room for public actions' mail.
    expect((await mailsTo(TARGET)).filter((mail) => mail.publicAction)).toHaveLength(5);
  });
});
