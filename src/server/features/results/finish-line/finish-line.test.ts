import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../../tests/support/entries.ts';
import { expectProblem } from '../../../../../tests/support/registrations.ts';
import {
  injectAs,
  type SignedIn,
  setUpTestApp,
  signedInAs,
  testDatabaseKind,
} from '../../../../../tests/support/test-app.ts';
import type { FinishLineMerge, FinishRaces } from '../../../../shared/results/finish-line.ts';
import type { AdminResults } from '../../../../shared/results/results.ts';
import { finishBibs, finishTaps, registrationHistory, registrations } from '../../../db/schema/index.ts';

const { app, db, visitor, asAdmin } = setUpTestApp();
const runner = runnerSeries();

const TIMING_PHONE = 'a'.repeat(32);
const BIB_PHONE = 'b'.repeat(32);
const START = Date.parse('2026-11-28T05:00:00Z');
const at = (minutes: number, seconds: number) =>
  new Date(START + (minutes * 60 + seconds) * 1000).toISOString();

let volunteer: SignedIn;
let asVolunteer: ReturnType<typeof injectAs>;
let tenK: string;
let fiveK: string;

/** Runners with these bibs in the race named (10km unless said). */
async function runners(bibs: number[], raceType = '10km') {
  for (const bib of bibs) {
    const response = await visitor.post('/api/registrations', runner({ raceType }));
    expect(response.statusCode, response.body).toBe(201);
    await db.update(registrations).set({ bib }).where(eq(registrations.reference, response.json().reference));
  }
}

const merge = async () => {
  const response = await asAdmin.get(`/api/admin/finish-line/${tenK}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as FinishLineMerge;
};
const lines = (answer: FinishLineMerge) =>
  answer.rows.map((row) => [row.position, row.tap?.time ?? null, row.bib?.bib ?? null]);

beforeEach(async () => {
  volunteer = await signedInAs(app, 'volunteer');
  asVolunteer = injectAs(app, volunteer);
  const response = await asVolunteer.get('/api/finish-line/races');
  expect(response.statusCode, response.body).toBe(200);
  const { races } = response.json() as FinishRaces;
  tenK = races.find((race) => race.label === '10km')?.id ?? '';
  fiveK = races.find((race) => race.label === '5km')?.id ?? '';
  expect(tenK).not.toBe('');
});

describe(`the finish line on two phones (${testDatabaseKind})`, () => {
  it('merges a missed tap and a missed bib, fixed on the merge screen, then saves them as results', async () => {
    await runners([101, 102, 103, 104]);
    // 102 crosses at 41:07, 101 at 52:14, 103 at 55:00, 104 at 58:30. The timing phone misses 101's
    // crossing and taps one by mistake (undone at once); the bib phone misses 103.
    const taps = [
      { seq: 1, raceId: tenK, kind: 'start', at: at(0, 0) },
      { seq: 2, raceId: tenK, kind: 'finish', at: at(41, 7) },
      { seq: 3, raceId: tenK, kind: 'finish', at: at(43, 0) },
      { seq: 4, undoes: 3 },
      { seq: 5, raceId: tenK, kind: 'finish', at: at(55, 0) },
      { seq: 6, raceId: tenK, kind: 'finish', at: at(58, 30) },
    ];
    const bibs = [
      { seq: 1, raceId: tenK, bib: 102, at: at(41, 15) },
      { seq: 2, raceId: tenK, bib: 101, at: at(52, 20) },
      { seq: 3, raceId: tenK, bib: 104, at: at(58, 41) },
    ];
    // Sent in two parts (signal came and went), then the whole queue again: nothing is added twice.
    for (const items of [taps.slice(0, 3), taps, taps.slice(2)]) {
      const sent = await asVolunteer.post('/api/finish-line/taps', { phoneId: TIMING_PHONE, items });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    for (const items of [bibs, bibs]) {
      const sent = await asAdmin.post('/api/finish-line/bibs', { phoneId: BIB_PHONE, items });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    expect(await db.select().from(finishTaps)).toHaveLength(5);
    expect(await db.select().from(finishBibs)).toHaveLength(3);

    // Three taps, three bibs: the counts agree, but the typed times show 101 paired with 55:00.
    let answer = await merge();
    expect(answer.startedAt).toBe(at(0, 0));
    expect(lines(answer)).toEqual([
      [1, '41:07', 102],
      [2, '55:00', 101],
      [3, '58:30', 104],
    ]);
    expect(answer.rows[1]?.bib?.at).toBe(at(52, 20));
    expect(answer.rows[0]?.bib?.name).toMatch(/Moyo/);
    expect(answer.problems).toEqual([]);

    // The missed tap, by the time read off a watch: a gap at the end shows until the missed bib is in.
    answer = (await asAdmin.post(`/api/admin/finish-line/${tenK}/taps`, { time: '52:14' })).json();
    expect(lines(answer)).toEqual([
      [1, '41:07', 102],
      [2, '52:14', 101],
      [3, '55:00', 104],
      [4, '58:30', null],
    ]);
    expect(answer.problems).toEqual(['4 taps and 3 bibs: insert the missing ones or delete the extra ones.']);
    const refused = await asAdmin.post(`/api/admin/finish-line/${tenK}/results`, {});
    expectProblem(refused, 422, 'Fix the list first: nothing was saved.');
    expect(
      (await asAdmin.get('/api/admin/results')).json().races.flatMap((race: { results: [] }) => race.results),
    ).toEqual([]);

    // A wrong bib put in by mistake, then deleted; then the missed one after 101.
    answer = (await asAdmin.post(`/api/admin/finish-line/${tenK}/bibs`, { bib: 999, after: null })).json();
    expect(answer.rows[0]?.bib).toMatchObject({ bib: 999, name: null, problem: 'No entry has bib 999' });
    expect(answer.problems).toContain('Line 1: No entry has bib 999.');
    const wrongId = answer.rows[0]?.bib?.id;
    answer = (await asAdmin.delete(`/api/admin/finish-line/${tenK}/bibs/${wrongId}`)).json();
    const after101 = answer.rows.find((row) => row.bib?.bib === 101)?.bib?.id;
    const inserted = await asAdmin.post(`/api/admin/finish-line/${tenK}/bibs`, { bib: 103, after: after101 });
    expect(inserted.statusCode, inserted.body).toBe(200);
    answer = inserted.json();
    expect(lines(answer)).toEqual([
      [1, '41:07', 102],
      [2, '52:14', 101],
      [3, '55:00', 103],
      [4, '58:30', 104],
    ]);
    expect(answer.problems).toEqual([]);

    const saved = await asAdmin.post(`/api/admin/finish-line/${tenK}/results`, {});
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ saved: 4 });
    const results = (await asAdmin.get('/api/admin/results')).json() as AdminResults;
    expect(results.publishedAt).toBeNull();
    expect(
      results.races.find((race) => race.id === tenK)?.results.map((row) => [row.place, row.bib, row.time]),
    ).toEqual([
      [1, 102, '41:07'],
      [2, 101, '52:14'],
      [3, 103, '55:00'],
      [4, 104, '58:30'],
    ]);
  });

  it('saves over an earlier result with a note in the entry’s history, and again changes nothing', async () => {
    await runners([101]);
    const before = (await asAdmin.get('/api/admin/results')).json() as AdminResults;
    expect(before.races.flatMap((race) => race.results)).toEqual([]);
    const [entry] = await db.select({ id: registrations.id }).from(registrations);
    const corrected = await asAdmin.put(`/api/admin/results/${entry?.id}`, { status: 'dnf' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await asVolunteer.post('/api/finish-line/taps', {
      phoneId: TIMING_PHONE,
      items: [
        { seq: 1, raceId: tenK, kind: 'start', at: at(0, 0) },
        { seq: 2, raceId: tenK, kind: 'finish', at: at(47, 3) },
      ],
    });
    await asVolunteer.post('/api/finish-line/bibs', {
      phoneId: BIB_PHONE,
      items: [{ seq: 1, raceId: tenK, bib: 101, at: at(47, 9) }],
    });
    for (let save = 0; save < 2; save++) {
      const saved = await asAdmin.post(`/api/admin/finish-line/${tenK}/results`, {});
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const notes = await db
      .select({ summary: registrationHistory.summary })
      .from(registrationHistory)
      .where(eq(registrationHistory.action, 'result'));
    expect(notes.map((note) => note.summary).filter((summary) => summary.endsWith('(finish line)'))).toEqual([
      'Result DNF → 47:03 (finish line)',
    ]);
  });

  it('names a bib of another race, one typed twice, a tap before the start and a missing start', async () => {
    await runners([101]);
    await runners([201], '5km');
    const noStart = await asVolunteer.post('/api/finish-line/taps', {
      phoneId: TIMING_PHONE,
      items: [{ seq: 1, raceId: tenK, kind: 'finish', at: at(40, 0) }],
    });
    expect(noStart.statusCode).toBe(200);
    expect((await merge()).problems).toContain(
      'No start was tapped for this race: the timing phone taps “Start” as the race starts.',
    );
    await asVolunteer.post('/api/finish-line/taps', {
      phoneId: TIMING_PHONE,
      items: [
        { seq: 2, raceId: tenK, kind: 'start', at: at(45, 0) },
        { seq: 3, raceId: tenK, kind: 'finish', at: at(50, 0) },
        { seq: 4, raceId: tenK, kind: 'finish', at: at(51, 0) },
      ],
    });
    await asVolunteer.post('/api/finish-line/bibs', {
      phoneId: BIB_PHONE,
      items: [
        { seq: 1, raceId: tenK, bib: 101, at: at(40, 1) },
        { seq: 2, raceId: tenK, bib: 201, at: at(50, 1) },
        { seq: 3, raceId: tenK, bib: 101, at: at(51, 1) },
      ],
    });
    const answer = await merge();
    expect(answer.problems).toEqual([
      'Line 2: Bib 201 is in the 5km.',
      'Line 3: Typed twice: also line 1.',
      'Line 1: the tap is before the start.',
    ]);
    expect(answer.rows[0]?.tap?.time).toBeNull();
    expectProblem(await asAdmin.post(`/api/admin/finish-line/${tenK}/results`, {}), 422);
  });

  it('takes taps from volunteers and admins only, for this edition’s races; the merge is the admin’s', async () => {
    const items = [{ seq: 1, raceId: tenK, kind: 'start', at: at(0, 0) }];
    expect((await visitor.post('/api/finish-line/taps', { phoneId: TIMING_PHONE, items })).statusCode).toBe(
      401,
    );
    const participant = injectAs(app, await signedInAs(app, 'participant'));
    expect(
      (await participant.post('/api/finish-line/taps', { phoneId: TIMING_PHONE, items })).statusCode,
    ).toBe(403);
    expect((await participant.get('/api/finish-line/races')).statusCode).toBe(403);
    expect((await asVolunteer.get(`/api/admin/finish-line/${tenK}`)).statusCode).toBe(403);
    expect((await asVolunteer.post(`/api/admin/finish-line/${tenK}/results`, {})).statusCode).toBe(403);
    const otherRace = [
      { seq: 1, raceId: '00000000-0000-4000-8000-000000000000', kind: 'start', at: at(0, 0) },
    ];
    const refused = await asVolunteer.post('/api/finish-line/taps', {
      phoneId: TIMING_PHONE,
      items: otherRace,
    });
    expectProblem(refused, 400, 'That race is not one of this edition’s.');
    expect(await db.select().from(finishTaps)).toHaveLength(0);
    expect(fiveK).not.toBe('');
  });
});
