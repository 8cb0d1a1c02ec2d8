import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvExport } from '../../../tests/support/csv-export.ts';
import { GUARDIAN, manForm, runnerEntry } from '../../../tests/support/entries.ts';
import { pdfText } from '../../../tests/support/pdf-text.ts';
import { injectAs, setUpTestApp, signedInAs, testDatabaseKind } from '../../../tests/support/test-app.ts';
import { raceOptions, user } from '../db/schema/index.ts';
import { exportedBy } from './exported-by.ts';

const { app, db, admin, asAdmin } = setUpTestApp();

const ADDRESS = '14 Jacaranda Close, Borrowdale';
const person = (lastName: string) =>
  manForm(lastName, { church: 'Celebration Borrowdale', address: ADDRESS });

/** Who the signed-in admin is called, as an export names him. */
async function adminName() {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, admin.id));
  return row?.name ?? '';
}

/** The stamp an export made now says; a minute may turn between the request and here. */
const stampsAround = (name: string, started: Date) => [exportedBy(name, started), exportedBy(name)];

describe(`minimal by default (${testDatabaseKind})`, () => {
  it('lists entries without the next of kin or a guardian; the opened entry has them', async () => {
    await asAdmin.post(
      '/api/registrations',
      runnerEntry('kin', { age: 15, ...GUARDIAN, nextOfKinMobile: '0719 876 543' }),
    );
    const list = await asAdmin.get('/api/participants');
    expect(list.statusCode).toBe(200);
    const [row] = list.json().rows;
    for (const field of ['nextOfKinMobile', 'guardianName', 'guardianMobile', 'guardianConsentedAt']) {
      expect(row).not.toHaveProperty(field);
    }
    expect(list.body).not.toContain('719876543');
    expect(list.body).not.toContain('Rudo');
    expect((await asAdmin.get(`/api/participants/${row.id}`)).json()).toMatchObject({
      nextOfKinMobile: '+263719876543',
      guardianName: 'Rudo Moyo',
      guardianMobile: '+263772345678',
    });
  });

  it("lists a company's team without contacts or a guardian; its own entry opened has them, another's is not found", async () => {
    const company = await signedInAs(app, 'company');
    const other = await signedInAs(app, 'company');
    const asCompany = injectAs(app, company);
    const staff = runnerEntry('team', { age: 16, ...GUARDIAN, nextOfKinMobile: '0719 876 543' });
    expect((await asCompany.post('/api/team/registrations', staff)).statusCode).toBe(201);

    const list = await asCompany.get('/api/team/registrations');
    expect(list.statusCode).toBe(200);
    const [row] = list.json().entries;
    expect(row).toMatchObject({ firstName: staff.firstName, minor: true });
    for (const field of ['email', 'mobile', 'age', 'nextOfKinMobile', 'guardianName', 'guardianMobile']) {
      expect(row).not.toHaveProperty(field);
    }
    expect(list.body).not.toContain('719876543');
    expect(list.body).not.toContain('Rudo');

    const opened = await asCompany.get(`/api/team/registrations/${row.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      id: row.id,
      email: staff.email,
      age: 16,
      nextOfKinMobile: '+263719876543',
      guardianName: 'Rudo Moyo',
      guardianMobile: '+263772345678',
    });
    expect((await injectAs(app, other).get(`/api/team/registrations/${row.id}`)).statusCode).toBe(404);
    expect((await asAdmin.get(`/api/team/registrations/${row.id}`)).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/team/registrations/${row.id}` })).statusCode).toBe(401);
  });

  it('lists men and facilitators without their address; one record opened on its own has it', async () => {
    expect((await asAdmin.post('/api/men', person('Addressed'))).statusCode).toBe(201);
    expect((await asAdmin.post('/api/facilitators', person('Leader'))).statusCode).toBe(201);
    for (const kind of ['men', 'facilitators']) {
      const list = await asAdmin.get(`/api/${kind}?pageSize=5000`);
      expect(list.statusCode).toBe(200);
      const [row] = list.json().rows;
      expect(row).not.toHaveProperty('address');
      expect(list.body).not.toContain('Jacaranda');
      const record = await asAdmin.get(`/api/${kind}/${row.id}`);
      expect(record.statusCode).toBe(200);
      expect(record.json()).toMatchObject({ id: row.id, address: ADDRESS, church: 'Celebration Borrowdale' });
      expect((await asAdmin.get(`/api/${kind}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
      // Sorting by a column the list does not show is no way to learn it either.
      expect((await asAdmin.get(`/api/${kind}?sort=address`)).statusCode).toBe(400);
    }
  });

  it('puts who exported it and when at the head of every CSV and under the title of every PDF', async () => {
    await asAdmin.post('/api/registrations', runnerEntry('stamp'));
    await asAdmin.post('/api/men', person('Stamped'));
    await asAdmin.post('/api/facilitators', person('Stamper'));
    const [race] = await db.select().from(raceOptions).where(eq(raceOptions.label, '10km'));
    const name = await adminName();
    expect(name).toMatch(/^Test admin \d+$/);

    for (const url of [
      '/api/participants/export.csv',
      `/api/races/${race?.id}/start-list.csv`,
      '/api/men/export.csv',
      '/api/facilitators/export.csv',
    ]) {
      const started = new Date();
      const response = await asAdmin.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.rawPayload.subarray(0, 3), url).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const { exportedBy: who, at, records } = csvExport(response.body);
      expect(stampsAround(name, started), url).toContain(`Exported by ${who} on ${at} (Harare)`);
      // The header row follows, then the rows.
      expect(records[0]?.length, url).toBeGreaterThan(5);
      expect(records.length, url).toBeGreaterThan(1);
    }

    for (const url of ['/api/participants/export.pdf', `/api/races/${race?.id}/start-list.pdf`]) {
      const started = new Date();
      const text = pdfText((await asAdmin.get(url)).rawPayload);
      const [title = '', subtitle = '', stamp = ''] = text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      expect(title, url).toMatch(/^Celebration Fun Run/);
      expect(subtitle, url).toMatch(/entr(y|ies)/);
      expect(stampsAround(name, started), url).toContain(stamp);
    }
  });

  it('says the time in Harare, as the organisers read it', () => {
    expect(exportedBy('Ana Admin', new Date('2026-11-24T08:42:30Z'))).toBe(
      'Exported by Ana Admin on 2026-11-24 10:42 (Harare)',
    );
    expect(exportedBy('Ana Admin', new Date('2026-12-31T22:05:00Z'))).toBe(
      'Exported by Ana Admin on 2027-01-01 00:05 (Harare)',
    );
  });
});
