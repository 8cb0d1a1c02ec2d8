import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { expectProblem } from '../../../../tests/support/registrations.ts';
import {
  injectAs,
  multipartFile,
  type SignedIn,
  setUpTestApp,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import type { AdminResults } from '../../../shared/results/results.ts';
import { auditLog, registrationHistory, registrations } from '../../db/schema/index.ts';

const { app, db, admin, visitor, asAdmin } = setUpTestApp();
const runner = runnerSeries();

const MAPPING = { bib: 'Bib', time: 'Chip Time', place: 'Pos', status: 'Status' };

function upload(
  who: SignedIn | undefined,
  url: string,
  csv: string,
  query: Record<string, string> = MAPPING,
) {
  const form = multipartFile('results.csv', Buffer.from(csv), 'text/csv');
  return injectAs(app, who).post(`${url}?${new URLSearchParams(query)}`, form.payload, {
    'content-type': form.contentType,
  });
}

/** Three 10 km runners with bibs 101, 102 and 103, in that order. */
async function threeRunners() {
  const ids: string[] = [];
  for (const bib of [101, 102, 103]) {
    const response = await visitor.post('/api/registrations', runner());
    expect(response.statusCode).toBe(201);
    const [row] = await db
      .update(registrations)
      .set({ bib })
      .where(eq(registrations.reference, response.json().reference))
      .returning({ id: registrations.id });
    ids.push(row?.id ?? '');
  }
  return ids;
}

const tenK = async () => {
  const answer = (await asAdmin.get('/api/admin/results')).json() as AdminResults;
  return answer.races.find((race) => race.discipline === 'run' && race.label === '10km')?.results ?? [];
};

const FILE = [
  'Pos,Bib,Name,Chip Time,Status',
  '1,102,Someone,41:07,',
  '2,101,Else,0:52:14,',
  ',103,Third,,DNF',
].join('\n');

describe(`results from the timer's file (${testDatabaseKind})`, () => {
  it('previews the headings and guesses the columns', async () => {
    const response = await upload(admin, '/api/admin/results/preview', FILE, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      columns: ['Pos', 'Bib', 'Name', 'Chip Time', 'Status'],
      sample: [
        ['1', '102', 'Someone', '41:07', ''],
        ['2', '101', 'Else', '0:52:14', ''],
        ['', '103', 'Third', '', 'DNF'],
      ],
      rows: 3,
      mapping: { bib: 'Bib', time: 'Chip Time', place: 'Pos', status: 'Status' },
    });
  });

  it('lists what to fix by row and column: an unknown bib, a duplicate, impossible times; imports nothing', async () => {
    await threeRunners();
    const wrong = [
      'Pos,Bib,Name,Chip Time,Status',
      '1,102,A,41:07,',
      '2,999,B,45:00,',
      '3,102,C,46:00,',
      '4,101,D,1:75:00,',
      '5,103,E,,',
      ',x1,F,50:00,',
      '7,101,G,50:00,WALKED',
    ].join('\n');
    const checked = await upload(admin, '/api/admin/results/check', wrong);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual({
      ready: 1,
      errors: [
        { row: 3, column: 'Bib', message: 'No entry has bib 999' },
        { row: 4, column: 'Bib', message: 'Bib 102 is also on row 2' },
        {
          row: 5,
          column: 'Chip Time',
          message: '“1:75:00” is not a possible time (h:mm:ss, mm:ss or seconds)',
        },
        { row: 6, column: 'Chip Time', message: 'No time' },
        { row: 7, column: 'Bib', message: '“x1” is not a bib number' },
        { row: 8, column: 'Bib', message: 'Bib 101 is also on row 5' },
        {
          row: 8,
          column: 'Status',
          message: '“WALKED” is not a status: use DNF, DNS or DQ, or leave it empty',
        },
      ],
    });
    const refused = await upload(admin, '/api/admin/results', wrong);
    expect(expectProblem(refused, 422).errors).toHaveLength(7);
    expect(await tenK()).toEqual([]);
  });

  it('imports every row, places finishers by the timer’s place, and is preliminary until published', async () => {
    await threeRunners();
    const response = await upload(admin, '/api/admin/results', FILE);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ imported: 3, unchanged: 0 });
    expect((await tenK()).map((row) => [row.bib, row.status, row.time, row.place])).toEqual([
      [102, 'finished', '41:07', 1],
      [101, 'finished', '52:14', 2],
      [103, 'dnf', null, null],
    ]);
    expect((await asAdmin.get('/api/admin/results')).json().publishedAt).toBeNull();
    // The same file again changes nothing.
    expect((await upload(admin, '/api/admin/results', FILE)).json()).toEqual({ imported: 0, unchanged: 3 });
  });

  it('is the admin’s alone', async () => {
    expect((await upload(undefined, '/api/admin/results', FILE)).statusCode).toBe(401);
    expect((await visitor.get('/api/admin/results')).statusCode).toBe(401);
    expect((await visitor.post('/api/admin/results/published', { published: true })).statusCode).toBe(401);
  });

  it('publishes, and keeps a correction after in the entry’s history and the audit trail', async () => {
    const [first] = await threeRunners();
    await upload(admin, '/api/admin/results', FILE);
    const published = await asAdmin.post('/api/admin/results/published', { published: true });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().publishedAt).toEqual(expect.any(String));

    const refused = await asAdmin.put(`/api/admin/results/${first}`, { status: 'finished', time: '61:00' });
    expect(expectProblem(refused, 400).errors).toEqual([
      { path: 'time', message: 'Enter the time as h:mm:ss, mm:ss or seconds' },
    ]);
    const corrected = await asAdmin.put(`/api/admin/results/${first}`, { status: 'finished', time: '40:59' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await tenK()).map((row) => [row.bib, row.time, row.place])).toEqual([
      [101, '40:59', 1],
      [102, '41:07', 2],
      [103, null, null],
    ]);
    const history = await db
      .select()
      .from(registrationHistory)
      .where(eq(registrationHistory.registrationId, first ?? ''));
    expect(history.map((note) => [note.action, note.summary])).toEqual([['result', 'Result 52:14 → 40:59']]);
    const audits = (await db.select().from(auditLog)).map((entry) => entry.action);
    expect(audits).toEqual(expect.arrayContaining(['results.import', 'results.publish', 'results.correct']));

    // A timer's file imported again puts its time back, and says so in the history too.
    await upload(admin, '/api/admin/results', FILE);
    const again = await db
      .select()
      .from(registrationHistory)
      .where(eq(registrationHistory.registrationId, first ?? ''));
    expect(again.map((note) => note.summary)).toContain('Result 40:59 → 52:14 (timer’s file)');

    const back = await asAdmin.post('/api/admin/results/published', { published: false });
    expect(back.json().publishedAt).toBeNull();
  });
});
