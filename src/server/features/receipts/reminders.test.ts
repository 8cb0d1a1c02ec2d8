import { and, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  injectAs,
  registeredRunner,
  setUpTestApp,
  signedInAs,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { events, mailOutbox, raceOptions, registrations } from '../../db/schema/index.ts';
import { sendDueReminders } from './service.ts';

const { app, db, admin } = setUpTestApp();

const DAY = 24 * 60 * 60_000;
const T0 = Date.now();
const at = (days: number) => new Date(T0 + days * DAY);

let serial = 0;
/** A 10km runner registered `daysAgo` days before T0 (the row backdated), unpaid. */
async function registered(daysAgo = 0) {
  serial += 1;
  const { row: entry } = await registeredRunner(app, `f${serial}`);
  const [row] = await db
    .update(registrations)
    .set({ createdAt: at(-daysAgo) })
    .where(eq(registrations.id, entry.id))
    .returning();
  if (!row) throw new Error('no entry');
  return row;
}

const closesIn = (days: number | null) =>
  db.update(events).set({ registrationClosesAt: days === null ? null : at(days) });

/** The reminders queued for this entry, oldest first. */
const remindersTo = async (entry: { email: string | null }) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, entry.email ?? ''), like(mailOutbox.subject, '%is not paid yet')))
    .orderBy(mailOutbox.id);

const runJob = (days: number) => sendDueReminders(app.context, at(days));

describe(`payment reminders (${testDatabaseKind})`, () => {
  beforeEach(async () => {
    await db
      .update(raceOptions)
      .set({ feeUsd: '15', feeZwg: '400' })
      .where(and(eq(raceOptions.discipline, 'run'), eq(raceOptions.label, '10km')));
    await closesIn(30);
  });

  it('reminds an unpaid entry once, N days after it registered, with its reference and how to pay', async () => {
    const entry = await registered(2);
    expect(await runJob(0)).toBe(0);
    expect(await remindersTo(entry)).toHaveLength(0);

    expect(await runJob(1)).toBe(1);
    const [mail, ...more] = await remindersTo(entry);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(`Celebration Fun Run: your entry ${entry.reference} is not paid yet`);
    expect(mail?.text).toContain(`Your reference: ${entry.reference}`);
    expect(mail?.text).toContain('Total due: US$15.00 or ZWG 400.00');
    expect(mail?.text).toContain(`How to pay (always quote your reference ${entry.reference}):`);
    // The event's payment options, as the confirmation mail writes them.
    expect(mail?.text).toMatch(/\n\d\. USD bank transfer: .+, account 0000-USD-EXAMPLE/);
    expect(mail?.text).toMatch(/\n\d\. EcoCash .+: dial \*153\*.+ \(US\$15\.00\)/);
    expect(mail?.text).toMatch(/\n\d\. Cash: call \+263/);

    // Once only, however often the job runs.
    expect(await runJob(1.1)).toBe(0);
    expect(await runJob(20)).toBe(0);
    expect(await remindersTo(entry)).toHaveLength(1);
  });

  it('carries a new private link to the entry, which opens it; with online payment on, it says to pay there', async () => {
    await db.update(events).set({
      onlinePayment: { enabled: true, integrationId: '1201', methods: ['ecocash', 'web'], currency: 'USD' },
    });
    const entry = await registered(2);
    expect(await runJob(1)).toBe(1);
    const [mail] = await remindersTo(entry);
    const links = [...(mail?.text ?? '').matchAll(/http:\/\/\S+\/My\/([\w-]+)/g)].map((match) => match[1]);
    expect(new Set(links).size).toBe(1);
    expect(mail?.text).toContain('Pay online now (EcoCash, card or other wallet) on your private page:');
    expect(mail?.text).toContain('Cancel your entry on your private page');
    const opened = await app.inject({ url: `/api/my/${links[0]}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ reference: entry.reference });

    // Without online payment, the link is there to see or cancel the entry.
    await db.update(events).set({ onlinePayment: null });
    const other = await registered(2);
    expect(await runJob(1)).toBe(1);
    const [plain] = await remindersTo(other);
    expect(plain?.text).not.toContain('Pay online now');
    expect(plain?.text).toMatch(/\/My\/[\w-]+/);
  });

  it('follows the settings: another number of days, or 0 for none', async () => {
    await db.update(events).set({ reminderDaysAfter: 5 });
    const entry = await registered(4);
    expect(await runJob(0)).toBe(0);
    expect(await runJob(1)).toBe(1);
    await db.update(events).set({ reminderDaysAfter: 0, reminderDaysBeforeClose: 0 });
    const other = await registered(10);
    expect(await runJob(2)).toBe(0);
    expect(await remindersTo(other)).toHaveLength(0);
    expect(await remindersTo(entry)).toHaveLength(1);
  });

  it('leaves paid, waived and cancelled entries alone', async () => {
    const [paid, waived, cancelled] = [await registered(5), await registered(5), await registered(5)];
    await db.update(registrations).set({ paymentStatus: 'paid' }).where(eq(registrations.id, paid.id));
    await db.update(registrations).set({ paymentStatus: 'waived' }).where(eq(registrations.id, waived.id));
    await db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.id, cancelled.id));
    await closesIn(1);
    expect(await runJob(0)).toBe(0);
    for (const entry of [paid, waived, cancelled]) expect(await remindersTo(entry)).toHaveLength(0);
  });

  it('reminds once when registration closes within N days, never twice in three days', async () => {
    await closesIn(5);
    const fresh = await registered(0);
    const older = await registered(3);
    // Day 0: the older entry is due its after-registering reminder; registration closes in 5 days.
    expect(await runJob(0)).toBe(1);
    expect(await remindersTo(older)).toHaveLength(1);
    // Day 3.5: closing in 1.5 days (within 2): both are due the before-close one; the older one had its
    // last reminder 3.5 days ago, the fresh one none yet (registered 3.5 days ago, also due after-registering).
    expect(await runJob(3.5)).toBe(2);
    expect(await remindersTo(older)).toHaveLength(2);
    expect(await remindersTo(fresh)).toHaveLength(1);
    expect(await runJob(4)).toBe(0);
    expect(await runJob(4.9)).toBe(0);
  });

  it('waits three days after any reminder before the before-close one', async () => {
    await closesIn(4);
    const entry = await registered(3);
    expect(await runJob(0)).toBe(1);
    // Closing within 2 days from day 2, but the last reminder was on day 0.
    expect(await runJob(2.5)).toBe(0);
    expect(await runJob(3.1)).toBe(1);
    expect(await remindersTo(entry)).toHaveLength(2);
  });

  it('sends nothing once registration has closed', async () => {
    const entry = await registered(10);
    await closesIn(-1);
    expect(await runJob(0)).toBe(0);
    expect(await remindersTo(entry)).toHaveLength(0);
  });

  it('sends each reminder once when two servers run the job at the same moment', async () => {
    const entries = [await registered(4), await registered(4), await registered(4)];
    const [a, b] = await Promise.all([runJob(0), runJob(0)]);
    expect((a ?? 0) + (b ?? 0)).toBe(3);
    for (const entry of entries) expect(await remindersTo(entry)).toHaveLength(1);
  });

  it('reminds more entries than one batch holds, each once, in one run and two servers at once', async () => {
    const entries = [];
    for (let i = 0; i < 55; i += 1) entries.push(await registered(10));
    const [a, b] = await Promise.all([runJob(0), runJob(0)]);
    expect((a ?? 0) + (b ?? 0)).toBeGreaterThanOrEqual(entries.length);
    for (const entry of entries) expect(await remindersTo(entry)).toHaveLength(1);
    expect(await runJob(0)).toBe(0);
  });

  describe('sent now by an admin to the filtered list', () => {
    const ask = (method: 'GET' | 'POST', query: string, who = admin) =>
      injectAs(app, who).send(method, `/api/participants/payment-reminders${query}`);

    it('counts first, then sends to the unpaid active ones not reminded in the last three days', async () => {
      const [a, b, reminded] = [await registered(0), await registered(0), await registered(4)];
      const paid = await registered(0);
      const cancelled = await registered(0);
      await db.update(registrations).set({ paymentStatus: 'paid' }).where(eq(registrations.id, paid.id));
      await db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.id, cancelled.id));
      // The job reminded one of them a day ago.
      expect(await sendDueReminders(app.context, at(-1))).toBe(1);

      const preview = await ask('GET', '');
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toEqual({ count: 2, recentlyReminded: 1 });
      // Counting sends nothing.
      expect(await remindersTo(a)).toHaveLength(0);

      const sent = await ask('POST', '');
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ sent: 2 });
      for (const entry of [a, b]) {
        const [mail, ...more] = await remindersTo(entry);
        expect(more).toHaveLength(0);
        expect(mail?.text).toContain(`Your reference: ${entry.reference}`);
      }
      expect(await remindersTo(reminded)).toHaveLength(1);
      for (const entry of [paid, cancelled]) expect(await remindersTo(entry)).toHaveLength(0);

      // Sent again at once: all were reminded within three days.
      expect((await ask('GET', '')).json()).toEqual({ count: 0, recentlyReminded: 3 });
      expect((await ask('POST', '')).json()).toEqual({ sent: 0 });
      expect(await remindersTo(a)).toHaveLength(1);
    });

    it('sends to more entries than one batch holds, each once', async () => {
      const entries = [];
      for (let i = 0; i < 30; i += 1) entries.push(await registered(0));
      expect((await ask('POST', '')).json()).toEqual({ sent: 30 });
      for (const entry of entries) expect(await remindersTo(entry)).toHaveLength(1);
    });

    it('keeps to the filter, and to admins', async () => {
      const a = await registered(0);
      await registered(0);
      expect((await ask('GET', `?q=${a.reference}`)).json()).toEqual({ count: 1, recentlyReminded: 0 });
      expect((await ask('GET', '?payment=paid')).json()).toEqual({ count: 0, recentlyReminded: 0 });
      expect((await ask('POST', `?q=${a.reference}`)).json()).toEqual({ sent: 1 });
      expect(await remindersTo(a)).toHaveLength(1);
      for (const role of ['volunteer', 'company'] as const) {
        expect((await ask('POST', '', await signedInAs(app, role))).statusCode).toBe(403);
      }
    });
  });
});
