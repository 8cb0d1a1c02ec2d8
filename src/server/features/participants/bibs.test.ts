import { describe, expect, it } from 'vitest';
import { csvRecords } from '../../../../tests/support/csv-export.ts';
import { GUARDIAN, runnerEntry } from '../../../../tests/support/entries.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { injectAs, registeredRunner, setUpTestApp, signedInAs } from '../../../../tests/support/test-app.ts';
import { ageGroup } from '../../../shared/participants/age-groups.ts';

const { app, asAdmin } = setUpTestApp();

let serial = 0;
async function register(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const { row } = await registeredRunner(app, `b${serial}`, overrides);
  return { reference: row.reference, id: row.id };
}

type RaceSetting = {
  id: string;
  label: string;
  discipline: string;
  bibFrom: number | null;
  bibTo: number | null;
};

async function races(): Promise<RaceSetting[]> {
  return (await asAdmin.get('/api/admin/event')).json().races;
}

/** Saves every race as it is, with these ranges by label (run races). */
function saveRanges(ranges: Record<string, [number, number] | null>, all: RaceSetting[]) {
  return asAdmin.put('/api/admin/event/races', {
    races: all.map(({ taken: _taken, ...race }: RaceSetting & { taken?: number }) => {
      const range = race.discipline === 'run' ? ranges[race.label] : undefined;
      return range === undefined ? race : { ...race, bibFrom: range?.[0] ?? null, bibTo: range?.[1] ?? null };
    }),
  });
}

async function raceId(label: string) {
  const race = (await races()).find((r) => r.discipline === 'run' && r.label === label);
  if (!race) throw new Error(`no run race ${label}`);
  return race.id;
}

const detail = async (id: string) => (await asAdmin.get(`/api/participants/${id}`)).json();
const assign = (label: string, order: 'surname' | 'registration') =>
  raceId(label).then((id) => asAdmin.post(`/api/races/${id}/bibs`, { order }));

describe('bib ranges in Event settings → Races', () => {
  it('saves a range per race, keeps it when left out, and refuses a half, reversed, out-of-bounds or overlapping one', async () => {
    const saved = await saveRanges({ '10km': [1001, 1999], '5km': [1, 999] }, await races());
    expect(saved.statusCode).toBe(200);
    const tenK = saved.json().races.find((r: RaceSetting) => r.label === '10km');
    expect(tenK).toMatchObject({ bibFrom: 1001, bibTo: 1999 });

    // A client that does not know about bibs leaves them as they are.
    const withoutBibs = (await races()).map(
      ({ bibFrom: _f, bibTo: _t, taken: _taken, ...race }: RaceSetting & { taken?: number }) => race,
    );
    expect((await asAdmin.put('/api/admin/event/races', { races: withoutBibs })).statusCode).toBe(200);
    expect((await races()).find((r) => r.label === '10km')).toMatchObject({ bibFrom: 1001, bibTo: 1999 });

    const all = await races();
    const tenKIndex = all.findIndex((r) => r.label === '10km');
    const wrong = async (range: [number | null, number | null], field: string, message: RegExp) => {
      const response = await asAdmin.put('/api/admin/event/races', {
        races: all.map(({ taken: _taken, ...race }: RaceSetting & { taken?: number }, index) =>
          index === tenKIndex ? { ...race, bibFrom: range[0], bibTo: range[1] } : race,
        ),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({
        path: `races.${tenKIndex}.${field}`,
        message: expect.stringMatching(message),
      });
    };
    await wrong([1001, null], 'bibTo', /last bib/);
    await wrong([null, 1999], 'bibFrom', /first bib/);
    await wrong([2000, 1999], 'bibTo', /must not be below/);
    await wrong([0, 10], 'bibFrom', /from 1 to 99999/);
    await wrong([1001, 100_000], 'bibTo', /from 1 to 99999/);
    const overlap = await saveRanges({ '21km': [1500, 2500] }, all);
    expect(overlap.statusCode).toBe(400);
    expect(JSON.stringify(overlap.json().errors)).toMatch(/overlap the (10km|21km) race/);
  });
});

describe('assigning bibs', () => {
  it('gives the lowest free numbers in surname order to entries without one, keeps given ones, and never reuses a cancelled entry’s', async () => {
    await saveRanges({ '10km': [1001, 1010] }, await races());
    const zulu = await register({ lastName: 'Zulu' });
    const banda = await register({ lastName: 'Banda' });
    const cancelled = await register({ lastName: 'Aardvark' });
    const moyo = await register({ lastName: 'Moyo' });
    const fiveK = await register({ lastName: 'Abel', raceType: '5km' });
    expect((await asAdmin.put(`/api/participants/${moyo.id}/bib`, { bib: 1001 })).statusCode).toBe(200);
    expect((await asAdmin.put(`/api/participants/${cancelled.id}/bib`, { bib: 1002 })).statusCode).toBe(200);
    await asAdmin.post(`/api/participants/${cancelled.id}/cancel`);

    const before = (await asAdmin.get('/api/races/bibs'))
      .json()
      .find((r: { label: string }) => r.label === '10km');
    expect(before).toMatchObject({ bibFrom: 1001, bibTo: 1010, active: 3, withoutBib: 2, free: 8 });

    const response = await assign('10km', 'surname');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ assigned: 2, first: 1003, last: 1004 });
    expect((await detail(banda.id)).bib).toBe(1003);
    expect((await detail(zulu.id)).bib).toBe(1004);
    expect((await detail(moyo.id)).bib).toBe(1001);
    expect((await detail(cancelled.id)).bib).toBe(1002);
    expect((await detail(fiveK.id)).bib).toBeNull();
    expect((await detail(zulu.id)).history[0]).toMatchObject({
      action: 'edited',
      summary: 'Bib 1004 given',
      by: expect.stringMatching(/admin/i),
    });

    // Again: nothing left to number.
    expect((await assign('10km', 'surname')).json()).toEqual({ assigned: 0, first: null, last: null });
    const list = (await asAdmin.get('/api/participants?sort=bib&dir=asc'))
      .json()
      .rows.map((r: { bib: number | null }) => r.bib);
    expect(list).toEqual([1001, 1003, 1004, null]);
  });

  it('numbers in registration order when asked', async () => {
    await saveRanges({ '10km': [1001, 1010] }, await races());
    const first = await register({ lastName: 'Zulu' });
    const second = await register({ lastName: 'Banda' });
    expect((await assign('10km', 'registration')).json()).toEqual({ assigned: 2, first: 1001, last: 1002 });
    expect((await detail(first.id)).bib).toBe(1001);
    expect((await detail(second.id)).bib).toBe(1002);
  });

  it('gives none and says how many are missing when the range is too small, or when the race has none', async () => {
    const a = await register();
    await register();
    await register();
    expect((await assign('10km', 'surname')).json()).toMatchObject({
      status: 409,
      detail: expect.stringMatching(/has no bib numbers yet/),
    });
    await saveRanges({ '10km': [1001, 1002] }, await races());
    const tooFew = await assign('10km', 'surname');
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json().detail).toMatch(
      /1001–1002 are too few: 3 entries need one, 2 numbers are free, so 1 are missing/,
    );
    expect((await detail(a.id)).bib).toBeNull();
  });

  it('never gives the same bib twice when admins assign and set bibs at the same moment', async () => {
    await saveRanges({ '10km': [1, 60], '5km': [61, 120] }, await races());
    const tenK = await Promise.all(Array.from({ length: 12 }, () => register()));
    const fiveK = await Promise.all(Array.from({ length: 6 }, () => register({ raceType: '5km' })));
    const second = await signedInAs(app, 'admin');
    const asSecond = injectAs(app, second);
    const tenKId = await raceId('10km');
    const answers = await Promise.all([
      asAdmin.post(`/api/races/${tenKId}/bibs`, { order: 'surname' }),
      asSecond.post(`/api/races/${tenKId}/bibs`, { order: 'registration' }),
      asSecond.put(`/api/participants/${tenK[0]?.id}/bib`, { bib: 1 }),
      asAdmin.post(`/api/races/${await raceId('5km')}/bibs`, { order: 'surname' }),
      asAdmin.put(`/api/participants/${tenK[1]?.id}/bib`, { bib: 1 }),
    ]);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const bibs = await Promise.all([...tenK, ...fiveK].map(async ({ id }) => (await detail(id)).bib));
    const given = bibs.filter((bib) => bib !== null);
    expect(new Set(given).size).toBe(given.length);
    expect(given.length).toBe(18);
    expect(
      answers.reduce(
        (sum, a) => sum + (a.statusCode === 200 && 'assigned' in a.json() ? a.json().assigned : 0),
        0,
      ),
    ).toBeGreaterThanOrEqual(16);
  });
});

describe("one entry's bib", () => {
  it('is set within its race’s range when free, cleared with null, and refused otherwise', async () => {
    await saveRanges({ '10km': [1001, 1999], '5km': [1, 999] }, await races());
    const one = await register();
    const two = await register();
    const set = await asAdmin.put(`/api/participants/${one.id}/bib`, { bib: 1500 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ bib: 1500, raceBibs: { bibFrom: 1001, bibTo: 1999 } });

    const taken = await asAdmin.put(`/api/participants/${two.id}/bib`, { bib: 1500 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('Bib 1500 is already taken in this event.');
    const outside = await asAdmin.put(`/api/participants/${two.id}/bib`, { bib: 5 });
    expect(outside.statusCode).toBe(409);
    expect(outside.json().detail).toBe("Bib 5 is not one of the 10km race's numbers (1001–1999).");
    expect((await asAdmin.put(`/api/participants/${two.id}/bib`, { bib: 'x' })).statusCode).toBe(400);

    const cleared = await asAdmin.put(`/api/participants/${one.id}/bib`, { bib: null });
    expect(cleared.json().bib).toBeNull();
    expect(cleared.json().history[0].summary).toBe('Bib 1500 cleared');
    expect((await asAdmin.put(`/api/participants/${two.id}/bib`, { bib: 1500 })).statusCode).toBe(200);

    await asAdmin.post(`/api/participants/${two.id}/cancel`);
    const afterCancel = await asAdmin.put(`/api/participants/${two.id}/bib`, { bib: null });
    expect(afterCancel.statusCode).toBe(409);
    expect(afterCancel.json().detail).toMatch(/cancelled: it keeps its bib/);
  });

  it('is cleared when the entry moves to another race, and the history says so', async () => {
    await saveRanges({ '10km': [1001, 1999], '5km': [1, 999] }, await races());
    const one = await register();
    await asAdmin.put(`/api/participants/${one.id}/bib`, { bib: 1001 });
    const { discipline: _d, consent: _c, ...edit } = runnerEntry('moved', { raceType: '5km' });
    const moved = await asAdmin.put(`/api/participants/${one.id}`, {
      ...edit,
      email: (await detail(one.id)).email,
      lastName: (await detail(one.id)).lastName,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().bib).toBeNull();
    expect(moved.json().history[0].summary).toMatch(/bib 1001 cleared \(it was the old race's\)/);
  });

  it('is for admins only, as are assigning and the counts', async () => {
    const company = await signedInAs(app, 'company');
    const asCompany = injectAs(app, company);
    const one = await register();
    expect((await asCompany.put(`/api/participants/${one.id}/bib`, { bib: 1 })).statusCode).toBe(403);
    expect(
      (await asCompany.post(`/api/races/${await raceId('10km')}/bibs`, { order: 'surname' })).statusCode,
    ).toBe(403);
    expect((await asCompany.get('/api/races/bibs')).statusCode).toBe(403);
  });
});

describe('bibs on the lists', () => {
  it('show in the CSV and PDF exports, the start list PDF and the timing CSV (formula-safe)', async () => {
    await saveRanges({ '10km': [1001, 1999] }, await races());
    const young = await register({ firstName: '=cmd', lastName: 'Banda', age: 17, gender: '', ...GUARDIAN });
    const old = await register({ firstName: 'Rudo', lastName: 'Zulu', age: 64, gender: 'Female' });
    await assign('10km', 'surname');

    const csv = csvRecords((await asAdmin.get('/api/participants/export.csv?sort=lastName&dir=asc')).body);
    const bibColumn = csv[0]?.indexOf('Bib') ?? -1;
    expect(csv.slice(1).map((row) => row[bibColumn])).toEqual(['1001', '1002']);
    expect(pdfText((await asAdmin.get('/api/participants/export.pdf')).rawPayload)).toMatch(
      new RegExp(`${young.reference}\\s+1001`),
    );

    const startList = pdfText(
      (await asAdmin.get(`/api/races/${await raceId('10km')}/start-list.pdf`)).rawPayload,
    );
    expect(startList).toMatch(/1001\s+Banda\s+'?=cmd\s+Under 18\s+Yes/);
    expect(startList).toMatch(/1002\s+Zulu\s+Rudo\s+60\+/);

    const timing = await asAdmin.get(`/api/races/${await raceId('10km')}/start-list.csv`);
    expect(timing.statusCode).toBe(200);
    expect(timing.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(timing.headers['content-disposition']).toBe(
      'attachment; filename="FunRun_StartList_Runners_10km.csv"',
    );
    expect(csvRecords(timing.body)).toEqual([
      ['Bib', 'First name', 'Last name', 'Gender', 'Age', 'Age group', 'Race', 'Reference'],
      ['1001', "'=cmd", 'Banda', '', '17', 'Under 18', 'Runners 10km', young.reference],
      ['1002', 'Rudo', 'Zulu', 'Female', '64', '60+', 'Runners 10km', old.reference],
    ]);
    expect(
      (await asAdmin.get('/api/races/00000000-0000-4000-8000-000000000000/start-list.csv')).statusCode,
    ).toBe(404);
  });

  it('give timing software a CSV whose first line is its header, and the audit trail who exported it', async () => {
    await saveRanges({ '10km': [1001, 1999] }, await races());
    const young = await register({ firstName: 'Tino', lastName: 'Banda', age: 17, gender: '', ...GUARDIAN });
    const old = await register({ firstName: 'Rudo', lastName: 'Zulu', age: 64, gender: 'Female' });
    await assign('10km', 'surname');

    const timing = await asAdmin.get(`/api/races/${await raceId('10km')}/timing.csv`);
    expect(timing.statusCode).toBe(200);
    expect(timing.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(timing.headers['content-disposition']).toBe(
      'attachment; filename="FunRun_Timing_Runners_10km.csv"',
    );
    expect(timing.body.split('\r\n')).toEqual([
      'Bib,First name,Last name,Gender,Age,Category,Race,Reference',
      `1001,Tino,Banda,,17,Under 18,Runners 10km,${young.reference}`,
      `1002,Rudo,Zulu,Female,64,60+,Runners 10km,${old.reference}`,
      '',
    ]);
    const trail = (await asAdmin.get('/api/audit-log?action=participants.timing-software-csv')).json();
    expect(trail.rows).toEqual([
      expect.objectContaining({ actorName: expect.stringMatching(/^Test admin/), rowCount: 2 }),
    ]);
    expect((await asAdmin.get('/api/races/00000000-0000-4000-8000-000000000000/timing.csv')).statusCode).toBe(
      404,
    );
    const company = await signedInAs(app, 'company');
    expect(
      (await injectAs(app, company).get(`/api/races/${await raceId('10km')}/timing.csv`)).statusCode,
    ).toBe(403);
  });

  it('age groups: under 18, then decades from 18, then 60 and over', () => {
    expect([5, 17, 18, 29, 30, 39, 40, 49, 50, 59, 60, 99].map(ageGroup)).toEqual([
      'Under 18',
      'Under 18',
      '18–29',
      '18–29',
      '30–39',
      '30–39',
      '40–49',
      '40–49',
      '50–59',
      '50–59',
      '60+',
      '60+',
    ]);
  });
});
