import { desc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  injectAs,
  manWithUpload,
  registeredRunner,
  setUpTestApp,
  signedInAs,
  signedInMan,
  storedUploadKeys,
} from '../../../../tests/support/test-app.ts';
import { harareToday } from '../../../shared/dates.ts';
import { ageGroup } from '../../../shared/participants/age-groups.ts';
import {
  auditLog,
  entryLinks,
  entryTransfers,
  erasureRequests,
  events,
  jobRuns,
  mailOutbox,
  men,
  onlinePayments,
  paymentNotices,
  registrationHistory,
  registrations,
  statementImports,
  statementLines,
  submissions,
  waitlistEntries,
} from '../../db/schema/index.ts';
import { runRetention } from './service.ts';

// A real data directory, so the test can see the uploads go from the disk.
const { app, db, admin, dataDir, visitor, asAdmin } = setUpTestApp({ dataDir: 'celebration-retention-' });

beforeEach(async () => {
  await db.delete(jobRuns);
});

const EVENT_DAY = '2026-01-10';
/** 180 days after the event day is 2026-07-09: the entries are anonymised from the next Harare day. */
const LAST_KEPT = new Date('2026-07-09T20:00:00Z');
const DUE = new Date('2026-07-09T22:30:00Z'); // 00:30 on 10 July in Harare

/** What a retention run with nothing to do answers; a run that did something adds its counts. */
const NOTHING_DONE = {
  entries: 0,
  waitlist: 0,
  men: 0,
  files: 0,
  auditRows: 0,
  erasureRequests: 0,
  paynowMessages: 0,
  nextYearSignups: 0,
  gifts: 0,
};

/** What an entry keeps for the statistics and the ledger; every other text must be empty. */
const KEPT = new Set([
  'id',
  'eventId',
  'raceOptionId',
  'reference',
  'discipline',
  'gender',
  'tshirtSize',
  'paymentStatus',
  'paymentMethod',
  'paymentAmount',
  'paymentCurrency',
  'paidOn',
  // SMS, email or both: a choice among three, which says nothing of who made it.
  'notifyBy',
  'status',
  'checkInCode',
  'registrationId',
]);
/** The texts left that say anything; the search columns (made from the others) hold the reference at most. */
function personalTexts(row: Record<string, unknown>) {
  const reference = String(row.reference ?? '').toLowerCase();
  return Object.fromEntries(
    Object.entries(row).filter(
      ([key, value]) =>
        !KEPT.has(key) && typeof value === 'string' && value.replace(reference, '').trim() !== '',
    ),
  );
}

const ageGroupsOf = async (eventId: string) =>
  (await db.select({ age: registrations.age }).from(registrations).where(eq(registrations.eventId, eventId)))
    .map((row) => ageGroup(row.age))
    .sort();

/** An old event (the current one, its day long past) with entries, a waitlist row and what they left. */
async function oldEventWithEntries() {
  const [event] = await db
    .update(events)
    .set({ eventDate: EVENT_DAY, updatedAt: new Date('2026-01-01T00:00:00Z') })
    .returning();
  if (!event) throw new Error('no event');
  const paid = await registeredRunner(app, 'paid', { age: 37, gender: 'Female' });
  const young = await registeredRunner(app, 'young', {
    age: 16,
    tshirtSize: 'Small',
    guardianName: 'Rudo Moyo',
    guardianMobile: '+263771111111',
    guardianConsent: true,
  });
  const older = await registeredRunner(app, 'older', { age: 64 });
  const payment = await asAdmin.put(`/api/participants/${paid.row.id}/payment`, {
    status: 'paid',
    method: 'usd_bank',
    amount: '10.00',
    currency: 'USD',
    paidOn: '2026-01-05',
    payerReference: 'Tendai Moyo paid',
  });
  expect(payment.statusCode).toBe(200);
  await db
    .update(registrations)
    .set({
      checkedInAt: new Date('2026-01-10T05:00:00Z'),
      checkedInBy: 'Volunteer Vimbai',
    })
    .where(eq(registrations.id, young.row.id));
  const [attempt] = await db
    .insert(onlinePayments)
    .values({
      registrationId: older.row.id,
      method: 'ecocash',
      phone: '+263772222222',
      amount: '10.00',
      currency: 'USD',
      merchantTrace: `trace-${older.row.id}`,
      instructions: 'Dial *151# on 0772222222',
    })
    .returning();
  // A Paynow message kept for review: it names the entry (its reference) and may carry what its sender put in.
  await db.insert(paymentNotices).values({
    source: 'result-url',
    problem: 'amount is not the fee',
    payload: { reference: older.row.reference, amount: '1.00', status: 'Paid', phone: '0772222222' },
    onlinePaymentId: attempt?.id ?? null,
  });
  const [statement] = await db
    .insert(statementImports)
    .values({ eventId: event.id, account: 'usd_bank', fileName: 'statement.csv' })
    .returning();
  await db.insert(statementLines).values({
    importId: statement?.id ?? '',
    eventId: event.id,
    lineKey: 'line-1',
    narrative: 'TENDAI MOYO OLDER CFR',
    amount: '10.00',
    currency: 'USD',
    outcome: 'matched',
    registrationId: older.row.id,
  });
  // A mobile-money line matched by the payer's number names its entries among its candidates, and keeps the number.
  await db.insert(statementLines).values({
    importId: statement?.id ?? '',
    eventId: event.id,
    lineKey: 'line-2',
    narrative: 'MP261101.0900.A1 from TENDAI MOYO',
    amount: '10.00',
    currency: 'USD',
    outcome: 'matched',
    candidates: [older.row.id],
    payerPhone: '+263771234567',
    matchedBy: 'payer',
  });
  const { id: _id, nameText: _n, searchText: _s, checkInCode: _c, ...copy } = paid.row;
  const [waiting] = await db
    .insert(waitlistEntries)
    .values({
      ...copy,
      reference: 'CFR-W0001',
      firstName: 'Farai',
      lastName: 'Waiting',
      email: 'farai.waiting@example.com',
      idempotencyKey: null,
      status: 'offered',
      offerTokenDigest: 'digest-of-an-offer',
      age: 45,
    })
    .returning();
  return { event, entries: [paid, young, older], waiting };
}

/** An entry of another edition whose day was recent: nothing of it is due. */
async function recentEntry(template: typeof registrations.$inferSelect) {
  const [current] = await db.select().from(events).where(eq(events.isCurrent, true));
  if (!current) throw new Error('no event');
  const { id: _id, revision: _r, ...eventCopy } = current;
  const [recent] = await db
    .insert(events)
    .values({
      ...eventCopy,
      slug: 'recent-edition',
      isCurrent: false,
      eventDate: '2026-06-20',
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    })
    .returning();
  const { id: _e, nameText: _n, searchText: _s, checkInCode: _c, ...copy } = template;
  const [row] = await db
    .insert(registrations)
    .values({
      ...copy,
      eventId: recent?.id ?? '',
      reference: 'RECENT-0001',
      email: 'recent@example.com',
      idempotencyKey: null,
      bib: null,
    })
    .returning();
  if (!row) throw new Error('no entry');
  return row;
}

describe('retention: entries', () => {
  it('empties every personal field of an old entry, keeps the statistics, and leaves a recent event alone', async () => {
    const { event, entries, waiting } = await oldEventWithEntries();
    const [paid, young, older] = entries;
    if (!paid || !young || !older || !waiting) throw new Error('setup');
    const recent = await recentEntry(paid.row);
    // A place that was being given to someone: the address typed for it is the person's too.
    await db.insert(entryTransfers).values({
      registrationId: paid.row.id,
      tokenDigest: 'a-transfer-link-digest',
      sentTo: 'given.to@example.com',
      expiresAt: new Date('2026-01-08T00:00:00Z'),
    });
    const dashboardBefore = (await asAdmin.get('/api/dashboard/fun-run')).json();
    const groupsBefore = await ageGroupsOf(event.id);
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, paid.row.email ?? '')),
    ).not.toHaveLength(0);

    // The day before it is due, nothing happens (but the run is recorded).
    expect(await runRetention(app.context, LAST_KEPT)).toEqual(NOTHING_DONE);
    const [kept] = await db.select().from(registrations).where(eq(registrations.id, paid.row.id));
    expect(kept?.firstName).toBe('Tendai');

    expect(await runRetention(app.context, DUE)).toEqual({ ...NOTHING_DONE, entries: 3, waitlist: 1 });

    for (const { row } of entries) {
      const [after] = await db.select().from(registrations).where(eq(registrations.id, row.id));
      if (!after) throw new Error('the entry is gone');
      expect(personalTexts(after)).toEqual({});
      expect(after.anonymisedAt).not.toBeNull();
      expect(after.reference).toBe(row.reference);
      expect(after.guardianConsentedAt).toBeNull();
      expect(after.listedInSearch).toBe(false);
    }
    const [paidAfter] = await db.select().from(registrations).where(eq(registrations.id, paid.row.id));
    expect(paidAfter).toMatchObject({
      age: 30,
      gender: 'Female',
      tshirtSize: 'Medium',
      paymentStatus: 'paid',
      paymentAmount: '10.00',
      paymentCurrency: 'USD',
      paymentMethod: 'usd_bank',
      paidOn: '2026-01-05',
      status: 'active',
    });
    const [youngAfter] = await db.select().from(registrations).where(eq(registrations.id, young.row.id));
    expect(youngAfter?.checkedInAt).toEqual(new Date('2026-01-10T05:00:00Z'));
    const [waitingAfter] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, waiting.id));
    expect(personalTexts(waitingAfter ?? {})).toEqual({});
    expect(waitingAfter?.offerTokenDigest).toBeNull();

    // What served only the person is gone.
    const ids = entries.map(({ row }) => row.id);
    expect(await db.select().from(entryLinks).where(sql`${entryLinks.registrationId} in ${ids}`)).toEqual([]);
    expect(
      await db.select().from(entryTransfers).where(sql`${entryTransfers.registrationId} in ${ids}`),
    ).toEqual([]);
    for (const { row } of entries) {
      expect(
        await db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, row.email ?? '')),
      ).toEqual([]);
    }
    const [payment] = await db
      .select()
      .from(onlinePayments)
      .where(eq(onlinePayments.registrationId, older.row.id));
    expect(payment).toMatchObject({ phone: null, instructions: null, amount: '10.00' });
    const [notice] = await db
      .select()
      .from(paymentNotices)
      .where(eq(paymentNotices.onlinePaymentId, payment?.id ?? ''));
    expect(notice).toMatchObject({ problem: 'amount is not the fee', source: 'result-url' });
    expect(notice?.payload).toEqual({});
    const [line] = await db
      .select()
      .from(statementLines)
      .where(eq(statementLines.registrationId, older.row.id));
    expect(line).toMatchObject({ narrative: '', amount: '10.00' });
    const [byNumber] = await db.select().from(statementLines).where(eq(statementLines.lineKey, 'line-2'));
    expect(byNumber).toMatchObject({ narrative: '', payerPhone: null, amount: '10.00' });
    const history = await db
      .select({ summary: registrationHistory.summary })
      .from(registrationHistory)
      .where(eq(registrationHistory.registrationId, paid.row.id));
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((entry) => entry.summary === '')).toBe(true);
    expect((await visitor.get(`/api/my/${paid.token}`)).statusCode).toBe(404);

    // The statistics are what they were.
    expect((await asAdmin.get('/api/dashboard/fun-run')).json()).toEqual(dashboardBefore);
    expect(await ageGroupsOf(event.id)).toEqual(groupsBefore);

    // The recent event's entry is untouched.
    const [recentAfter] = await db.select().from(registrations).where(eq(registrations.id, recent.id));
    expect(recentAfter).toEqual(recent);

    const [audit] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      action: 'retention.run',
      actorId: null,
      rowCount: 4,
      details: { ...NOTHING_DONE, entries: 3, waitlist: 1 },
    });
  });

  it('waits a day after the event was changed (a wrong date is not acted on at once)', async () => {
    await oldEventWithEntries();
    await db.update(events).set({ updatedAt: new Date(DUE.getTime() - 3600_000) });
    expect(await runRetention(app.context, DUE)).toMatchObject({ entries: 0, waitlist: 0 });
    expect(await runRetention(app.context, new Date(DUE.getTime() + 24 * 3600_000))).toMatchObject({
      entries: 3,
      waitlist: 1,
    });
  });

  it('runs once a Harare day: a second run the same day does nothing, the next day runs again', async () => {
    await oldEventWithEntries();
    expect(await runRetention(app.context, DUE)).toMatchObject({ entries: 3 });
    const runsBefore = await db.select().from(auditLog).where(eq(auditLog.action, 'retention.run'));
    expect(await runRetention(app.context, new Date(DUE.getTime() + 20 * 3600_000))).toBeNull();
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'retention.run'))).toHaveLength(
      runsBefore.length,
    );
    // The next day there is nothing left to do, and the trail shows that it ran.
    expect(await runRetention(app.context, new Date(DUE.getTime() + 24 * 3600_000))).toEqual(NOTHING_DONE);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'retention.run'))).toHaveLength(
      runsBefore.length + 1,
    );
  });

  it('deletes audit rows and decided erasure requests older than two years, and keeps younger ones', async () => {
    const longAgo = new Date('2020-01-01T08:00:00Z');
    await db.insert(auditLog).values([
      { action: 'participants.export-csv', at: longAgo },
      { action: 'participants.export-csv', at: new Date() },
    ]);
    await db.insert(erasureRequests).values(
      [longAgo, new Date()].map((decidedAt) => ({
        subjectType: 'registration' as const,
        subjectId: 'x',
        subjectLabel: 'CFR20-0001',
        reason: 'Asked by phone',
        source: 'admin' as const,
        status: 'done' as const,
        decidedAt,
      })),
    );
    expect(await runRetention(app.context, DUE)).toMatchObject({ auditRows: 1, erasureRequests: 1 });
    const exports = await db.select().from(auditLog).where(eq(auditLog.action, 'participants.export-csv'));
    expect(exports.map((row) => row.at.getTime() > longAgo.getTime())).toEqual([true]);
    expect(await db.select().from(erasureRequests)).toHaveLength(1);
  });

  it('a lease another server holds keeps this one from running; a lapsed lease does not', async () => {
    await oldEventWithEntries();
    await db
      .insert(jobRuns)
      .values({ name: 'retention', leaseUntil: new Date(DUE.getTime() + 60_000) })
      .onConflictDoUpdate({
        target: jobRuns.name,
        set: { leaseUntil: new Date(DUE.getTime() + 60_000), lastRunOn: null },
      });
    expect(await runRetention(app.context, DUE)).toBeNull();
    expect(await runRetention(app.context, new Date(DUE.getTime() + 120_000))).toMatchObject({ entries: 3 });
  });

  it('two servers running at once: it runs once (PostgreSQL: two connections)', async () => {
    await db.delete(jobRuns);
    await oldEventWithEntries();
    const [lastBefore] = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    const outcomes = await Promise.all([runRetention(app.context, DUE), runRetention(app.context, DUE)]);
    expect(outcomes.filter((outcome) => outcome !== null)).toEqual([
      { ...NOTHING_DONE, entries: 3, waitlist: 1 },
    ]);
    const runs = await db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'retention.run' and ${auditLog.id} > ${lastBefore?.id ?? 0}`);
    expect(runs).toHaveLength(1);
  });

  it('the admin dashboard tells when the next entries will be anonymised', async () => {
    const empty = (await asAdmin.get('/api/dashboard/privacy')).json();
    expect(empty).toEqual({ anonymiseSoon: null, erasureRequestsWaiting: 0 });
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await db.update(events).set({ eventDate: day, entryRetentionDays: 30 });
    await registeredRunner(app, 'soon');
    await registeredRunner(app, 'later');
    const expected = new Date(`${day}T12:00:00Z`);
    expected.setUTCDate(expected.getUTCDate() + 31);
    expect((await asAdmin.get('/api/dashboard/privacy')).json()).toEqual({
      anonymiseSoon: { count: 2, on: expected.toISOString().slice(0, 10) },
      erasureRequestsWaiting: 0,
    });
    const participant = await signedInAs(app, 'participant');
    expect((await injectAs(app, participant).get('/api/dashboard/privacy')).statusCode).toBe(403);
  });

  it('names the day the run will really act: not today once today ran, nor within a day of a change', async () => {
    const longAgo = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    await registeredRunner(app, 'overdue');
    const today = harareToday();
    const tomorrow = harareToday(new Date(Date.now() + 86_400_000));
    const afterTomorrow = harareToday(new Date(Date.now() + 2 * 86_400_000));
    const announced = async () => (await asAdmin.get('/api/dashboard/privacy')).json().anonymiseSoon;

    // Changed now: tomorrow's run (early in the day) comes before the change has settled.
    await db.update(events).set({ eventDate: longAgo, entryRetentionDays: 30, updatedAt: new Date() });
    expect(await announced()).toEqual({ count: 1, on: afterTomorrow });

    await db.update(events).set({ updatedAt: new Date(Date.now() - 3 * 86_400_000) });
    expect(await announced()).toEqual({ count: 1, on: today });
    await db.insert(jobRuns).values({ name: 'retention', lastRunOn: today });
    expect(await announced()).toEqual({ count: 1, on: tomorrow });
  });
});

describe('retention: the programme', () => {
  it('deletes a man who ended longer ago than the programme days, with his uploads on disk', async () => {
    const gone = await manWithUpload(app, dataDir, 'Ended', 'Longago');
    const stays = await manWithUpload(app, dataDir, 'Ended', 'Lately');

    await db.update(events).set({ programmeRetentionDays: 730 });
    await db
      .update(men)
      .set({ endedAt: new Date('2024-07-01T10:00:00Z'), endedAs: 'graduated' })
      .where(eq(men.id, gone.manId));
    await db
      .update(men)
      .set({ endedAt: new Date('2024-07-15T10:00:00Z'), endedAs: 'left' })
      .where(eq(men.id, stays.manId));

    // 2024-07-01 + 730 days = 2026-07-01: due from 2 July (Harare).
    expect(await runRetention(app.context, new Date('2026-07-02T08:00:00Z'))).toEqual({
      ...NOTHING_DONE,
      men: 1,
      files: 1,
    });
    expect(await db.select().from(men).where(eq(men.id, gone.manId))).toEqual([]);
    expect(await db.select().from(submissions).where(eq(submissions.manId, gone.manId))).toEqual([]);
    const files = await storedUploadKeys(dataDir);
    expect(files).not.toContain(gone.storageKey);
    expect(files).toContain(stays.storageKey);
    expect(await db.select().from(men).where(eq(men.id, stays.manId))).toHaveLength(1);
  });

  it('an admin marks a man as left or graduated, and back in the programme', async () => {
    const him = await signedInMan(app, 'Marked', 'Man');
    const mark = (endedAs: string | null, by = asAdmin) => by.put(`/api/men/${him.manId}/ended`, { endedAs });
    expect((await mark('left', injectAs(app, him))).statusCode).toBe(403);
    const left = await mark('graduated');
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ endedAs: 'graduated', endedAt: expect.any(String) });
    const listed = (await asAdmin.get('/api/men?q=Marked')).json();
    expect(listed.items ?? listed.rows ?? listed).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: him.manId, endedAs: 'graduated' })]),
    );
    const back = await mark(null);
    expect(back.json()).toMatchObject({ endedAs: null, endedAt: null });
    expect((await mark('retired')).statusCode).toBe(400);
  });
});

describe('retention settings', () => {
  const url = '/api/admin/event/retention';
  beforeEach(async () => {
    await db.update(events).set({ entryRetentionDays: 180, programmeRetentionDays: 730 });
  });

  it('are saved, checked by the shared rule, and recorded in the audit trail', async () => {
    expect((await asAdmin.get(url)).json()).toEqual({ entryRetentionDays: 180, programmeRetentionDays: 730 });
    const refused = await asAdmin.put(url, { entryRetentionDays: 29, programmeRetentionDays: 4000 });
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['entryRetentionDays', 'programmeRetentionDays']);
    const saved = await asAdmin.put(url, { entryRetentionDays: 90, programmeRetentionDays: 365 });
    expect(saved.json()).toEqual({ entryRetentionDays: 90, programmeRetentionDays: 365 });
    const [audit] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      action: 'event-settings.retention',
      actorId: admin.id,
      details: { to: { entryRetentionDays: 90, programmeRetentionDays: 365 } },
    });
    const participant = await signedInAs(app, 'participant');
    expect(
      (await injectAs(app, participant).put(url, { entryRetentionDays: 90, programmeRetentionDays: 365 }))
        .statusCode,
    ).toBe(403);
  });
});
