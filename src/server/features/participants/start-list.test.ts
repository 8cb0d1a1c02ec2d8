import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerEntry } from '../../../../tests/support/entries.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import {
  injectAs,
  paidByHand,
  setUpTestApp,
  signedInAs,
  testDatabase,
} from '../../../../tests/support/test-app.ts';
import { raceOptions } from '../../db/schema/index.ts';
import { startListBatches } from './repository.ts';

const { app, asAdmin } = setUpTestApp();

let serial = 0;
async function register(firstName: string, lastName: string, overrides: Record<string, unknown> = {}) {
  serial += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/registrations',
    payload: runnerEntry(String(serial), { firstName, lastName, ...overrides }),
  });
  expect(response.statusCode).toBe(201);
  return response.json().reference as string;
}

async function raceId(discipline: 'run' | 'cycle', label: string) {
  const { db } = await testDatabase();
  const [race] = await db
    .select({ id: raceOptions.id })
    .from(raceOptions)
    .where(and(eq(raceOptions.discipline, discipline), eq(raceOptions.label, label)));
  if (!race) throw new Error(`No ${discipline} race ${label}`);
  return race.id;
}

async function idOf(reference: string) {
  return (await asAdmin.get(`/api/participants?q=${reference}`)).json().rows[0].id as string;
}

describe("a race's start list", () => {
  it('lists the entries of that race that are not cancelled, by surname then first name, with the race-day columns', async () => {
    const zulu = await register('Anesu', 'Zulu', { tshirtSize: 'XXL' });
    const bandaTendai = await register('Tendai', 'banda');
    const bandaAnesu = await register('anesu', 'Banda');
    const cancelled = await register('Chipo', 'Cancelled');
    const otherRace = await register('Farai', 'Fivekay', { raceType: '5km' });
    const cyclist = await register('Rudo', 'Cyclist', {
      discipline: 'cycle',
      raceType: '15km',
      tshirtSize: 'Large',
    });
    await asAdmin.post(`/api/participants/${await idOf(cancelled)}/cancel`);
    await paidByHand(asAdmin, await idOf(zulu), { method: 'cash', amount: '10', paidOn: '2026-11-20' });

    const response = await asAdmin.get(`/api/races/${await raceId('run', '10km')}/start-list.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="FunRun_StartList_Runners_10km.pdf"',
    );
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Celebration Fun Run — Start list: Runners 10km');
    expect(text).toContain('3 entries by surname (cancelled entries left out)');
    expect(text).toMatch(/Exported by Test admin \d+ on \d{4}-\d\d-\d\d \d\d:\d\d \(Harare\)/);
    expect(text).toMatch(
      /Bib\s+Surname\s+First name\s+Age group\s+Minor\s+T-shirt\s+Payment\s+Reference\s+Check/,
    );
    const rows = text
      .split('\n')
      .filter((line) => /CFR\d+-\d+/.test(line) && !line.includes('Start list'))
      .map((line) => line.trim().split(/\s{2,}/));
    expect(rows).toEqual([
      ['Banda', 'anesu', '30–39', 'Medium', 'Unpaid', bandaAnesu],
      ['banda', 'Tendai', '30–39', 'Medium', 'Unpaid', bandaTendai],
      ['Zulu', 'Anesu', '30–39', 'XXL', 'Paid', zulu],
    ]);
    for (const reference of [cancelled, otherRace, cyclist]) expect(text).not.toContain(reference);
    expect(text).toContain('Celebration Fun Run — Start list: Runners 10km · Page 1');

    const cyclists = pdfText(
      (await asAdmin.get(`/api/races/${await raceId('cycle', '15km')}/start-list.pdf`)).rawPayload,
    );
    expect(cyclists).toContain('Start list: Cyclists 15km');
    expect(cyclists).toContain(cyclist);
    expect(cyclists).not.toContain(zulu);
  });

  it('says a race has no entries yet, in a PDF rather than an error', async () => {
    const cancelled = await register('Chipo', 'Gone', { raceType: '21km' });
    await asAdmin.post(`/api/participants/${await idOf(cancelled)}/cancel`);
    const response = await asAdmin.get(`/api/races/${await raceId('run', '21km')}/start-list.pdf`);
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Start list: Runners 21km');
    expect(text).toContain('No entries yet');
    expect(text).toContain('No entries in this race yet.');
    expect(text).not.toContain(cancelled);
  });

  it('answers 404 for a race that does not exist and 400 for what is not a race id', async () => {
    const missing = await asAdmin.get('/api/races/00000000-0000-4000-8000-000000000000/start-list.pdf');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, detail: 'There is no such race.' });
    expect((await asAdmin.get('/api/races/10km/start-list.pdf')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const url = `/api/races/${await raceId('run', '10km')}/start-list.pdf`;
    expect((await app.inject({ url })).statusCode).toBe(401);
    for (const role of ['participant', 'facilitator', 'company'] as const) {
      expect((await injectAs(app, await signedInAs(app, role)).get(url)).statusCode).toBe(403);
    }
    const route = app.apiRoutes.find((r) => r.url === '/api/races/:id/start-list.pdf');
    expect(route?.access).toEqual(['admin']);
  });

  it('brings every entry once, in order, when batches end inside a run of equal names', async () => {
    const people: [string, string][] = [
      ['Tendai', 'Same'],
      ['tendai', 'same'],
      ['Tendai', 'SAME'],
      ['Anesu', 'Same'],
      ['Zanele', 'Other'],
      ['Tendai', 'Same'],
    ];
    for (const [first, last] of people) await register(first, last);
    const { db } = await testDatabase();
    const race = await raceId('run', '10km');
    const whole: string[] = [];
    const names: string[] = [];
    for await (const rows of startListBatches(db, race)) {
      whole.push(...rows.map((row) => row.reference));
      names.push(...rows.map((row) => `${row.lastName} ${row.firstName}`));
    }
    expect(names.slice(0, 2)).toEqual(['Other Zanele', 'Same Anesu']);
    expect(whole).toHaveLength(people.length);
    for (const batchSize of [1, 2, 4]) {
      const batched: string[] = [];
      for await (const rows of startListBatches(db, race, batchSize)) {
        batched.push(...rows.map((row) => row.reference));
        if (batched.length > people.length) break; // a wrong keyset can go round for ever
      }
      expect(batched, `in batches of ${batchSize}`).toEqual(whole);
    }
  });
});
