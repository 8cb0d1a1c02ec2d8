import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import {
  changeRaces,
  injectAs,
  multipartFile,
  type SignedIn,
  setUpTestApp,
  signedInAs,
} from '../../../../tests/support/test-app.ts';
import type { TeamImportPreview } from '../../../shared/registrations/team-import.ts';
import { mailOutbox, registrations } from '../../db/schema/index.ts';

const { app, db, asAdmin } = setUpTestApp();

let serial = 0;
/** A staff row as a manager types it, in the template's columns; a distinct person each time. */
function staffRow(change: Partial<Record<string, string>> = {}) {
  serial += 1;
  return {
    first: 'Tendai',
    last: `Moyo${String.fromCharCode(97 + (serial % 26))}${serial}`,
    email: `tendai.${serial}.${Date.now()}@example.com`,
    mobile: '0771234567',
    age: '34',
    gender: 'Female',
    as: 'Runner',
    race: '10km',
    kin: '0772345678',
    size: 'Large',
    ...change,
  };
}
type Row = ReturnType<typeof staffRow>;

/** A CSV as a manager's own spreadsheet saves it: headings spelled his way, in his order. */
const csvOf = (rows: Row[]) =>
  [
    'First Name,Surname,E-mail,Mobile number,AGE,Sex,Registering as,Race,Next of kin,T-Shirt Size,Department',
    ...rows.map((r) =>
      [r.first, r.last, r.email, r.mobile, r.age, r.gender, r.as, r.race, r.kin, r.size, 'Accounts'].join(
        ',',
      ),
    ),
  ].join('\r\n');

const upload = (company: SignedIn, url: string, fileName: string, body: Buffer) => {
  const form = multipartFile(fileName, body, 'application/octet-stream');
  return injectAs(app, company).post(url, form.payload, { 'content-type': form.contentType });
};
const preview = (company: SignedIn, body: Buffer, fileName = 'staff.csv') =>
  upload(company, '/api/team/import/preview', fileName, body);
const importList = (company: SignedIn, body: Buffer, fileName = 'staff.csv') =>
  upload(company, '/api/team/import?consent=true', fileName, body);

const teamEntries = (company: SignedIn) =>
  db
    .select()
    .from(registrations)
    .where(and(eq(registrations.companyAccountId, company.id), isNotNull(registrations.reference)));

describe('a company adds its staff from a spreadsheet: a preview, then all rows or none', () => {
  it('previews good rows as ready, whatever the headings are called, and saves nothing', async () => {
    const company = await signedInAs(app, 'company');
    const rows = [staffRow(), staffRow({ as: 'cyclist', race: '15KM', size: 'medium', gender: 'M' })];
    const response = await preview(company, Buffer.from(csvOf(rows)));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as TeamImportPreview;
    expect(body.ready).toBe(2);
    expect(body.ignoredColumns).toEqual(['Department']);
    expect(body.rows).toEqual([
      expect.objectContaining({
        row: 2,
        firstName: 'Tendai',
        lastName: rows[0]?.last,
        discipline: 'run',
        errors: [],
      }),
      expect.objectContaining({ row: 3, discipline: 'cycle', raceType: '15km', errors: [] }),
    ]);
    expect(await teamEntries(company)).toEqual([]);
  });

  it('names each error by row and column: a landline, a race, a size, a minor, the same person twice', async () => {
    const company = await signedInAs(app, 'company');
    const twin = staffRow();
    const rows = [
      staffRow(),
      staffRow({ mobile: '+44 20 7946 0958' }),
      staffRow({ race: '99km', size: 'Huge' }),
      staffRow({ age: '15' }),
      twin,
      { ...twin },
      staffRow({ as: 'Swimmer', first: '' }),
    ];
    const response = await preview(company, Buffer.from(csvOf(rows)));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as TeamImportPreview;
    expect(body.ready).toBe(2);
    const errorsOf = (row: number) => body.rows.find((r) => r.row === row)?.errors;
    expect(errorsOf(2)).toEqual([]);
    expect(errorsOf(3)).toEqual([{ column: 'Mobile number', message: expect.stringMatching(/landline/) }]);
    expect(errorsOf(4)).toEqual([
      { column: 'Race', message: 'Choose a race type of the runners: 5km, 10km, 21km, Other' },
      {
        column: 'T-Shirt Size',
        message: expect.stringMatching(/^Choose a T-shirt size from the list: Child 6-8/),
      },
    ]);
    expect(errorsOf(5)).toEqual([
      { column: 'AGE', message: expect.stringMatching(/^Under 18: register this person with the form/) },
    ]);
    expect(errorsOf(6)).toEqual([]);
    expect(errorsOf(7)).toEqual([
      { column: 'First Name', message: 'This person is on the list twice (row 6)' },
    ]);
    expect(errorsOf(8)).toEqual(
      expect.arrayContaining([
        { column: 'Registering as', message: 'Write Runner or Cyclist' },
        { column: 'First Name', message: 'Enter your first name' },
      ]),
    );
  });

  it('registers every row in one go, or none when one row is wrong', async () => {
    const company = await signedInAs(app, 'company');
    const good = [staffRow(), staffRow(), staffRow({ as: 'Cyclist', race: '30km' })];
    const oneBad = [...good, staffRow({ mobile: '12' })];
    const refused = await importList(company, Buffer.from(csvOf(oneBad)));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().detail).toBe(
      'Nobody was registered: 1 row has errors. Correct the list and choose it again.',
    );
    expect(refused.json().errors).toEqual([
      { path: 'rows.5', message: expect.stringMatching(/^Row 5, Mobile number: /) },
    ]);
    expect(await teamEntries(company)).toEqual([]);

    // The consent is recorded by the manager, as on the form.
    const form = multipartFile('staff.csv', Buffer.from(csvOf(good)));
    const noConsent = await injectAs(app, company).post('/api/team/import', form.payload, {
      'content-type': form.contentType,
    });
    expect(noConsent.statusCode).toBe(400);

    const saved = await importList(company, Buffer.from(csvOf(good)));
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().registered).toHaveLength(3);
    const team = (await injectAs(app, company).get('/api/team/registrations')).json();
    expect(team.entries.map((e: { lastName: string }) => e.lastName).sort()).toEqual(
      good.map((r) => r.last).sort(),
    );
    // Each is confirmed to its own address, as one entry of the team's form is.
    for (const row of good) {
      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, row.email));
      expect(mails, row.email).toHaveLength(1);
    }
    // The same list again: all are registered already, nobody twice.
    const again = await importList(company, Buffer.from(csvOf(good)));
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].message).toMatch(/Already registered as a runner with this name and email/);
    expect(await teamEntries(company)).toHaveLength(3);
  });

  it('saves nothing when the database refuses a row while they are saved', async () => {
    const company = await signedInAs(app, 'company');
    const rows = [staffRow(), staffRow(), staffRow({ last: 'Refused' })];
    // A failure after the first rows were written, which no check before the save foresees.
    await db.execute(sql`create or replace function test_refuse_row() returns trigger language plpgsql as $$
      begin if new.last_name = 'Refused' then raise exception 'refused by the test'; end if; return new; end $$`);
    await db.execute(sql`create trigger test_refuse_row before insert on registrations
      for each row execute function test_refuse_row()`);
    try {
      expect((await preview(company, Buffer.from(csvOf(rows)))).json().ready).toBe(3);
      expect((await importList(company, Buffer.from(csvOf(rows)))).statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger test_refuse_row on registrations`);
      await db.execute(sql`drop function test_refuse_row()`);
    }
    expect(await teamEntries(company)).toEqual([]);
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, rows[0]?.email ?? '')),
    ).toEqual([]);
  });

  it('refuses the whole list when a race has fewer places left than the rows that want it', async () => {
    const company = await signedInAs(app, 'company');
    await changeRaces(asAdmin, (race) => (race.label === '5km' ? { capacity: 2 } : {}));
    const rows = [staffRow({ race: '5km' }), staffRow({ race: '5km' }), staffRow({ race: '5km' })];
    const body = (await preview(company, Buffer.from(csvOf(rows)))).json() as TeamImportPreview;
    expect(body.rows.map((row) => row.errors)).toEqual([
      [],
      [],
      [{ column: 'Race', message: 'This race has only 2 places left' }],
    ]);
    expect((await importList(company, Buffer.from(csvOf(rows)))).statusCode).toBe(400);
    expect(await teamEntries(company)).toEqual([]);
  });

  it('reads an Excel workbook (.xlsx) as it reads a CSV, numbers typed as numbers', async () => {
    const company = await signedInAs(app, 'company');
    const row = staffRow();
    const xlsx = await writeExcelFile([
      [
        'First name',
        'Last name',
        'Email',
        'Mobile',
        'Age',
        'Gender',
        'Registering as (Runner/Cyclist)',
        'Race type',
        'Next of kin mobile',
        'T-shirt size',
      ],
      [row.first, row.last, row.email, 771234567, 34, 'Male', 'Runner', '21km', '0772345678', 'X-Large'],
    ]).toBuffer();
    const previewed = await preview(company, xlsx, 'staff.xlsx');
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect((previewed.json() as TeamImportPreview).rows).toEqual([
      expect.objectContaining({ row: 2, lastName: row.last, raceType: '21km', errors: [] }),
    ]);
    expect((await importList(company, xlsx, 'staff.xlsx')).statusCode).toBe(201);
    const [entry] = await teamEntries(company);
    expect(entry).toMatchObject({ mobile: '+263771234567', age: 34, tshirtSize: 'X-Large' });
  });

  it('reads a CSV as Excel saves it elsewhere: semicolons, a byte order mark, or Windows-1252', async () => {
    const company = await signedInAs(app, 'company');
    const row = staffRow({ first: 'Zoë' });
    const semicolons = csvOf([row]).replaceAll(',', ';');
    const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(semicolons)]);
    const latin = Buffer.from(csvOf([row]), 'latin1');
    for (const file of [marked, latin]) {
      const body = (await preview(company, file)).json() as TeamImportPreview;
      expect(body.rows).toEqual([expect.objectContaining({ firstName: 'Zoë', errors: [] })]);
    }
  });

  it('refuses a file that is neither, one without the columns, and one over the size limit', async () => {
    const company = await signedInAs(app, 'company');
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);
    expect((await preview(company, broken, 'staff.xlsx')).json().detail).toMatch(/could not be read/);
    const noColumns = await preview(company, Buffer.from('Name,Phone\r\nTendai,0771234567'));
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().detail).toMatch(/^This list has no column for First name, Last name, Age,/);
    const tooLarge = await preview(company, Buffer.alloc(300 * 1024, 'a'));
    expect(tooLarge.statusCode).toBe(413);
  });

  it('serves its template, whose headings the import reads', async () => {
    const company = await signedInAs(app, 'company');
    const template = await injectAs(app, company).get('/api/team/import/template.csv');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-disposition']).toBe('attachment; filename="staff-list.csv"');
    const row = staffRow();
    const filled = `${template.body}${[row.first, row.last, '', row.mobile, row.age, '', 'Runner', '5km', row.kin, 'Small'].join(',')}\r\n`;
    const body = (await preview(company, Buffer.from(filled))).json() as TeamImportPreview;
    expect(body.rows).toEqual([expect.objectContaining({ errors: [], usesManagerEmail: true })]);
  });

  it('is for company accounts only', async () => {
    const csv = Buffer.from(csvOf([staffRow()]));
    for (const role of ['participant', 'volunteer', 'admin'] as const) {
      const someone = await signedInAs(app, role);
      expect((await preview(someone, csv)).statusCode, role).toBe(403);
      expect((await importList(someone, csv)).statusCode, role).toBe(403);
    }
    const form = multipartFile('staff.csv', csv);
    const visitor = await injectAs(app).post('/api/team/import/preview', form.payload, {
      'content-type': form.contentType,
    });
    expect(visitor.statusCode).toBe(401);
  });
});

/** A 5km runner, Rudo <lastName>, as the single form sends him with Email left empty. */
const withoutEmail = (lastName: string) => ({
  discipline: 'run',
  firstName: 'Rudo',
  lastName,
  email: '',
  mobile: '0771234567',
  age: 40,
  raceType: '5km',
  nextOfKinMobile: '0772345678',
  tshirtSize: 'Medium',
  consent: true,
});

describe("a staff member's email may be left empty: the entry takes the manager's", () => {
  it('on the single form and in the import; two such staff differ by name', async () => {
    const company = await signedInAs(app, 'company');
    const asCompany = injectAs(app, company);
    const single = await asCompany.post('/api/team/registrations', withoutEmail('Chikore'));
    expect(single.statusCode, single.body).toBe(201);
    const csv = csvOf([staffRow({ email: '' }), staffRow({ email: '' })]);
    expect((await importList(company, Buffer.from(csv))).statusCode).toBe(201);
    const entries = await teamEntries(company);
    expect(entries.map((entry) => entry.email)).toEqual([company.email, company.email, company.email]);
    // The public form still asks for one.
    const publicForm = await injectAs(app).post('/api/registrations', withoutEmail('Other'));
    expect(publicForm.statusCode).toBe(400);
  });

  it("mails every confirmation to the manager's own address: his staff are not strangers flooding an inbox", async () => {
    const company = await signedInAs(app, 'company');
    const rows = Array.from({ length: 7 }, () => staffRow({ email: '' }));
    expect((await importList(company, Buffer.from(csvOf(rows)))).statusCode).toBe(201);
    const single = await injectAs(app, company).post('/api/team/registrations', withoutEmail('Chikore'));
    expect(single.statusCode).toBe(201);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, company.email));
    expect(mails.filter((mail) => mail.kind === 'registration-confirmation')).toHaveLength(8);
  });
});
