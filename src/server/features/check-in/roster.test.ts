import { createHash, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import {
  injectAs,
  paidByHand,
  type SignedIn,
  setUpTestApp,
  signedInAs,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { alreadyText } from '../../../shared/check-in/check-in-text.ts';
import { ROSTER_TOO_EARLY, type RosterRow } from '../../../shared/check-in/roster.ts';
import { harareToday } from '../../../shared/dates.ts';
import {
  auditLog,
  bibBlocks,
  checkInActions,
  events,
  raceOptions,
  receipts,
  registrations,
} from '../../db/schema/index.ts';
import { anonymiseEntries } from '../retention/service.ts';

const { app, db, visitor, asAdmin } = setUpTestApp();

const runner = runnerSeries();
async function registered(change: object = {}) {
  const entry = runner(change);
  const response = await visitor.post('/api/registrations', entry);
  expect(response.statusCode).toBe(201);
  const [row] = await db.select().from(registrations).where(eq(registrations.email, entry.email));
  if (!row) throw new Error('no entry');
  return row;
}

/** The Harare date `days` from today. */
function harareDay(days: number) {
  const day = new Date(`${harareToday()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
const eventOn = (eventDate: string | null) => db.update(events).set({ eventDate });

const DEVICE_A = 'phone-a-0123456789abcdef';
const DEVICE_B = 'phone-b-0123456789abcdef';
const prepare = (who: SignedIn, deviceId = DEVICE_A) =>
  injectAs(app, who).post('/api/check-in/roster', { deviceId });
const changes = (who: SignedIn, query: { since: string; eventId: string; deviceId?: string }) =>
  injectAs(app, who).get(
    `/api/check-in/roster/changes?${new URLSearchParams({ deviceId: DEVICE_A, ...query })}`,
  );
const digest = (code: string) => createHash('sha256').update(code).digest('hex').slice(0, 16);
const rowOf = (rows: RosterRow[], id: string) => rows.find((row) => row[0] === id);

async function raceRow(label: string) {
  const [race] = await db
    .select()
    .from(raceOptions)
    .where(and(eq(raceOptions.discipline, 'run'), eq(raceOptions.label, label)));
  if (!race) throw new Error(`no race ${label}`);
  return race;
}

describe(`the roster on a volunteer's phone (${testDatabaseKind})`, () => {
  let volunteer: SignedIn;
  beforeEach(async () => {
    volunteer = await signedInAs(app, 'volunteer');
    await db
      .update(raceOptions)
      .set({ feeUsd: '15', feeZwg: '400' })
      .where(and(eq(raceOptions.discipline, 'run'), eq(raceOptions.label, '10km')));
    await eventOn(harareToday());
  });

  it('carries each active entry without contacts: code digest, race, dues, minor marker; audited', async () => {
    const adult = await registered({ firstName: 'Rudo', lastName: 'Chikore' });
    const minor = await registered({ firstName: 'Tino', lastName: 'Dube' });
    await db.update(registrations).set({ age: 14 }).where(eq(registrations.id, minor.id));
    const cancelled = await registered();
    await db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.id, cancelled.id));

    const response = await prepare(volunteer);
    expect(response.statusCode).toBe(200);
    const roster = response.json();
    expect(roster).toMatchObject({ eventDate: harareToday(), bibBlocks: [] });
    expect(Date.parse(roster.asOf)).not.toBeNaN();
    expect(roster.entries).toHaveLength(2);
    const race = roster.races.findIndex((r: { label: string }) => r.label === '10km');
    expect(roster.races[race]).toMatchObject({ discipline: 'run', feeUsd: '15.00', feeZwg: '400.00' });
    expect(rowOf(roster.entries, adult.id)).toEqual([
      adult.id,
      adult.reference,
      'Rudo',
      'Chikore',
      race,
      null,
      'Large',
      'unpaid',
      '15.00',
      '400.00',
      digest(adult.checkInCode),
      null,
      null,
      false,
    ]);
    expect(rowOf(roster.entries, minor.id)?.[13]).toBe(true);
    expect(rowOf(roster.entries, cancelled.id)).toBeUndefined();

    const body = response.body;
    for (const entry of [adult, minor]) {
      for (const secret of [entry.email, entry.mobile, entry.nextOfKinMobile, entry.checkInCode]) {
        expect(body).not.toContain(secret);
      }
    }
    expect(body).not.toMatch(/"(email|mobile|nextOfKin\w*|age|gender)"/);

    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'check-in.roster'));
    expect(audit).toMatchObject({ actorId: volunteer.id, rowCount: 2 });
  });

  it('is allowed from the day before the event only, and refuses an event without a date', async () => {
    await eventOn(harareDay(2));
    const early = await prepare(volunteer);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: ROSTER_TOO_EARLY });
    expect(early.json().detail).toMatch(/day before/);

    await eventOn(null);
    const undated = await prepare(volunteer);
    expect(undated.statusCode).toBe(409);
    expect(undated.json().detail).toMatch(/no date/);

    await eventOn(harareDay(1));
    expect((await prepare(volunteer)).statusCode).toBe(200);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'check-in.roster'))).toHaveLength(1);
  });

  it('is refused to participants and visitors', async () => {
    const participant = await signedInAs(app, 'participant');
    expect((await prepare(participant)).statusCode).toBe(403);
    expect((await visitor.post('/api/check-in/roster', { deviceId: DEVICE_A })).statusCode).toBe(401);
    const since = new Date().toISOString();
    expect((await changes(participant, { since, eventId: randomUUID() })).statusCode).toBe(403);
  });

  it('answers 1,000 entrants in at most 60 KB compressed', async () => {
    const race = await raceRow('10km');
    await db.execute(sql`
      insert into registrations (event_id, discipline, race_option_id, reference, first_name, last_name, email,
        mobile, next_of_kin_mobile, age, tshirt_size, terms_version, consented_at, bib, payment_status)
      select ${race.eventId}, 'run', ${race.id}, 'CFR26-' || lpad(n::text, 4, '0'),
        (array['Tendai','Rudo','Farai','Chipo','Tatenda','Nyasha','Tinashe','Kudzai'])[1 + n % 8],
        (array['Moyo','Ncube','Dube','Chikore','Sibanda','Mutasa','Banda','Phiri'])[1 + (n / 8) % 8] || n,
        'bulk' || n || '@example.com', '+26377' || lpad(n::text, 7, '0'), '+263772345678', 20 + n % 40,
        (array['Small','Medium','Large','XL'])[1 + n % 4], 1, now(), 1000 + n,
        (case when n % 3 = 0 then 'unpaid' else 'paid' end)::payment_status
      from generate_series(1, 1000) as n`);
    const response = await prepare(volunteer);
    expect(response.statusCode).toBe(200);
    expect(response.json().entries).toHaveLength(1000);
    // As a phone gets it: compressed by the server (the bytes over the wire), not only compressible.
    const sent = await injectAs(app, volunteer).post(
      '/api/check-in/roster',
      { deviceId: DEVICE_A },
      { 'accept-encoding': 'gzip' },
    );
    expect(sent.headers['content-encoding']).toBe('gzip');
    expect(sent.rawPayload.length).toBeLessThanOrEqual(60 * 1000);
    expect(JSON.parse(gunzipSync(sent.rawPayload).toString()).entries).toHaveLength(1000);
  });

  it('tells the changes since its time: payment, check-in, transfer, cancellation, erasure, new entry', async () => {
    const [paid, checked, transferred, cancelled, erased, still] = [
      await registered(),
      await registered(),
      await registered(),
      await registered(),
      await registered(),
      await registered(),
    ];
    const roster = (await prepare(volunteer)).json();
    // Each change is older than the overlap a changes read allows, except those made after `since`.
    await db.execute(sql`update registrations set changed_at = now() - interval '1 minute'`);
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));

    await paidByHand(asAdmin, paid.id, { method: 'cash', amount: '15.00', paidOn: harareToday() });
    const tapped = await injectAs(app, volunteer).post('/api/check-in/taps', {
      idempotencyKey: randomUUID(),
      registrationId: checked.id,
      action: 'check-in',
      at: new Date().toISOString(),
    });
    expect(tapped.statusCode).toBe(200);
    // A transfer gives the place a new name and code (transfers.test.ts); any writer marks the row changed.
    const newCode = randomUUID().replaceAll('-', '');
    await db.execute(
      sql`update registrations set first_name = 'Chipo', last_name = 'Banda', check_in_code = ${newCode} where id = ${transferred.id}`,
    );
    await db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.id, cancelled.id));
    await db.transaction((tx) => anonymiseEntries(tx, { registrationIds: [erased.id], waitlistIds: [] }));
    const added = await registered();

    const response = await changes(volunteer, { since, eventId: roster.eventId });
    expect(response.statusCode).toBe(200);
    const changed = response.json();
    expect(changed.wipe).toBe(false);
    expect(Date.parse(changed.asOf)).toBeGreaterThanOrEqual(Date.parse(since));
    const ids = changed.entries.map((row: RosterRow) => row[0]);
    expect(ids.sort()).toEqual([paid.id, checked.id, transferred.id, added.id].sort());
    expect(rowOf(changed.entries, paid.id)?.slice(7, 10)).toEqual(['paid', null, null]);
    expect(rowOf(changed.entries, checked.id)?.[11]).toEqual([
      expect.any(String),
      expect.stringMatching(/^Test volunteer/),
    ]);
    expect(rowOf(changed.entries, transferred.id)?.slice(2, 4)).toEqual(['Chipo', 'Banda']);
    expect(rowOf(changed.entries, transferred.id)?.[10]).toBe(digest(newCode));
    expect(changed.removed.sort()).toEqual([cancelled.id, erased.id].sort());
    expect(ids).not.toContain(still.id);
    expect(changed.races.length).toBeGreaterThan(0);

    // Nothing changed since the answer's time (but the overlap): an empty answer.
    await db.execute(sql`update registrations set changed_at = now() - interval '1 minute'`);
    const later = (await changes(volunteer, { since: changed.asOf, eventId: roster.eventId })).json();
    expect(later).toMatchObject({ entries: [], removed: [], wipe: false });
  });

  it('tells the phone to wipe its roster for another edition, and after the event’s day', async () => {
    const roster = (await prepare(volunteer)).json();
    const since = roster.asOf;
    const other = await changes(volunteer, { since, eventId: randomUUID() });
    expect(other.json()).toMatchObject({ wipe: true, entries: [], removed: [] });
    expect((await changes(volunteer, { since, eventId: roster.eventId })).json().wipe).toBe(false);
    await eventOn(harareDay(-1));
    expect((await changes(volunteer, { since, eventId: roster.eventId })).json().wipe).toBe(true);
  });

  it('two phones checking in the same entrant offline: the second is told when and by whom, nothing doubled', async () => {
    const entry = await registered();
    await db
      .update(registrations)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(registrations.id, entry.id));
    const second = await signedInAs(app, 'volunteer');
    const offlineTap = (who: SignedIn, minutesAgo: number) =>
      injectAs(app, who).post('/api/check-in/taps', {
        idempotencyKey: randomUUID(),
        registrationId: entry.id,
        action: 'check-in',
        at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      });
    const first = await offlineTap(volunteer, 20);
    expect(first.json().outcome).toBe('done');
    const again = await offlineTap(second, 10);
    expect(again.json().outcome).toBe('already');
    const { checkedIn } = again.json().entry;
    expect(checkedIn).toEqual(first.json().entry.checkedIn);
    expect(alreadyText('check-in', again.json().entry)).toBe(
      `Already checked in at ${new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Harare', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(checkedIn.at))} by ${checkedIn.by}`,
    );
    const actions = await db.select().from(checkInActions).where(eq(checkInActions.registrationId, entry.id));
    expect(actions.map((action) => action.outcome)).toEqual(['done', 'already']);
  });

  it('a cash payment sent twice from the phone’s queue pays once', async () => {
    const entry = await registered();
    const payment = { registrationId: entry.id, currency: 'USD', idempotencyKey: randomUUID() };
    const first = await injectAs(app, volunteer).post('/api/check-in/cash-payments', payment);
    expect(first.statusCode).toBe(200);
    expect(first.json().paymentStatus).toBe('paid');
    const again = await injectAs(app, volunteer).post('/api/check-in/cash-payments', payment);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ paymentStatus: 'paid' });
    const [row] = await db.select().from(registrations).where(eq(registrations.id, entry.id));
    expect(row?.paymentAmount).toBe('15.00');
    expect(await db.select().from(receipts).where(eq(receipts.registrationId, entry.id))).toHaveLength(1);
  });

  describe('bib blocks for walk-ups', () => {
    beforeEach(async () => {
      await db
        .update(raceOptions)
        .set({ bibFrom: 1001, bibTo: 1100 })
        .where(and(eq(raceOptions.discipline, 'run'), eq(raceOptions.label, '10km')));
    });

    it('gives each phone its own block from the top, past given numbers; the same phone gets the same', async () => {
      const race = await raceRow('10km');
      const holder = await registered();
      await db.update(registrations).set({ bib: 1095 }).where(eq(registrations.id, holder.id));

      const a = (await prepare(volunteer, DEVICE_A)).json().bibBlocks;
      // 1095 is given: the highest 20 free numbers in a row are 1075–1094.
      expect(a).toEqual([{ raceId: race.id, from: 1075, to: 1094 }]);
      const second = await signedInAs(app, 'volunteer');
      const b = (await prepare(second, DEVICE_B)).json().bibBlocks;
      expect(b).toEqual([{ raceId: race.id, from: 1055, to: 1074 }]);
      expect((await prepare(volunteer, DEVICE_A)).json().bibBlocks).toEqual(a);
      expect(await db.select().from(bibBlocks)).toHaveLength(2);
    });

    it('follows the block size the admin sets in Event settings (0: none), and a race without a range gets none', async () => {
      const current = (await asAdmin.get('/api/admin/event')).json();
      expect(current.walkUpBibBlock).toBe(20);
      const fields = [
        'title',
        'subtitle',
        'greeting',
        'contactPhone',
        'backgroundAlt',
        'registrationClosesAt',
      ];
      const body = {
        ...Object.fromEntries(fields.map((field) => [field, current[field]])),
        payment: current.payment,
        tshirtSizes: current.tshirtSizes,
        termsText: current.termsText,
      };
      const saved = await asAdmin.put('/api/admin/event', { ...body, walkUpBibBlock: '5' });
      expect(saved.json().walkUpBibBlock).toBe(5);
      expect((await asAdmin.put('/api/admin/event', { ...body, walkUpBibBlock: 501 })).statusCode).toBe(400);
      const race = await raceRow('10km');
      const blocks = (await prepare(volunteer)).json().bibBlocks;
      expect(blocks).toEqual([{ raceId: race.id, from: 1096, to: 1100 }]);

      await asAdmin.put('/api/admin/event', { ...body, walkUpBibBlock: 0 });
      expect((await prepare(volunteer, DEVICE_B)).json().bibBlocks).toEqual([]);
    });

    it('the admin’s bib assignment never gives a number of a phone’s block', async () => {
      await db.update(raceOptions).set({ bibFrom: 1001, bibTo: 1030 }).where(eq(raceOptions.label, '10km'));
      await prepare(volunteer);
      const entries = await Promise.all([registered(), registered(), registered()]);
      const race = await raceRow('10km');
      expect((await asAdmin.post(`/api/races/${race.id}/bibs`, { order: 'registration' })).statusCode).toBe(
        200,
      );
      const bibs = (await db.select().from(registrations)).map((row) => row.bib).sort();
      expect(bibs).toEqual([1001, 1002, 1003]);
      // The admin's page counts the phone's numbers as not free: 30 - 3 given - 20 kept.
      const shown = (await asAdmin.get('/api/races/bibs')).json();
      expect(shown.find((r: { id: string }) => r.id === race.id)).toMatchObject({ free: 7 });
      // With 30 numbers and 20 kept for the phone, only 10 remain for the admin.
      await Promise.all(Array.from({ length: 8 }, () => registered()));
      const tooMany = await asAdmin.post(`/api/races/${race.id}/bibs`, { order: 'registration' });
      expect(tooMany.statusCode).toBe(409);
      expect(entries).toHaveLength(3);
    });

    it('returns the numbers of a phone’s block to the race when it syncs after the event', async () => {
      const roster = (await prepare(volunteer)).json();
      await changes(volunteer, { since: roster.asOf, eventId: roster.eventId });
      expect(await db.select().from(bibBlocks).where(isNull(bibBlocks.releasedAt))).toHaveLength(1);
      await eventOn(harareDay(-1));
      const answer = await changes(volunteer, { since: roster.asOf, eventId: roster.eventId });
      expect(answer.json().wipe).toBe(true);
      expect(await db.select().from(bibBlocks).where(isNull(bibBlocks.releasedAt))).toHaveLength(0);
    });
  });
});
