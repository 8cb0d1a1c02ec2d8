import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvExport, csvRecords } from '../../../../tests/support/csv-export.ts';
import { pdfText as textOf } from '../../../../tests/support/pdf-text.ts';
import {
  paidByHand,
  registeredRunner,
  setUpTestApp,
  testDatabase,
} from '../../../../tests/support/test-app.ts';
import { SORTABLE_COLUMNS } from '../../../shared/participants/participants.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { raceOptions, registrations } from '../../db/schema/index.ts';
import { seedDemoRegistrations } from '../../db/seed/demo.ts';
import { safeCell } from '../../http/csv.ts';
import { getCurrentEvent } from '../events/service.ts';
import { participantBatches } from './repository.ts';

const { app, asAdmin } = setUpTestApp();

let serial = 0;
async function register(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const { row } = await registeredRunner(app, String(serial), {
    lastName: `Moyo${serial}`,
    age: 30 + (serial % 40),
    nextOfKinMobile: '0772345678',
    ...overrides,
  });
  return row.reference;
}

/** The PDF export at this URL as text, laid out as on the page. */
async function pdfText(url: string) {
  const response = await asAdmin.get(url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return textOf(response.rawPayload);
}

async function idOf(reference: string) {
  const list = await asAdmin.get(`/api/participants?q=${reference}`);
  return list.json().rows[0].id as string;
}

describe('the participants list', () => {
  it('shows runners and cyclists together, newest first, with every column of the table (the next of kin only in the opened entry)', async () => {
    await register();
    await register({
      discipline: 'cycle',
      raceType: '30km',
      tshirtSize: 'Large',
      firstName: 'Chipo',
      gender: 'Female',
    });
    const response = await asAdmin.get('/api/participants');
    expect(response.statusCode).toBe(200);
    const { rows, total } = response.json();
    expect(total).toBe(2);
    expect(rows[0]).toMatchObject({
      discipline: 'cycle',
      firstName: 'Chipo',
      raceType: '30km',
      tshirtSize: 'Large',
      paymentStatus: 'unpaid',
      mobile: '+263771234567',
    });
    expect(rows[0]).not.toHaveProperty('nextOfKinMobile');
    expect((await asAdmin.get(`/api/participants/${rows[0].id}`)).json().nextOfKinMobile).toBe(
      '+263772345678',
    );
    expect(rows[1].discipline).toBe('run');
  });

  it('filters, searches (name, email, phone, reference), sorts and pages', async () => {
    const references = [];
    for (let i = 0; i < 5; i++) references.push(await register());
    await register({
      discipline: 'cycle',
      raceType: '15km',
      firstName: 'Rudo',
      gender: 'Female',
      tshirtSize: 'Small',
    });
    await register({ gender: '', mobile: '+27 82 123 4567' });

    expect((await asAdmin.get('/api/participants?discipline=cycle')).json().total).toBe(1);
    expect((await asAdmin.get('/api/participants?gender=Female')).json().total).toBe(1);
    expect((await asAdmin.get('/api/participants?gender=unknown')).json().total).toBe(1);
    expect((await asAdmin.get('/api/participants?race=15km')).json().total).toBe(1);
    expect((await asAdmin.get('/api/participants?tshirt=Small')).json().total).toBe(1);
    expect((await asAdmin.get('/api/participants?q=rudo')).json().total).toBe(1);
    expect((await asAdmin.get('/api/participants?q=RUDO')).json().total).toBe(1);
    expect((await asAdmin.get('/api/participants?q=%25')).json().total).toBe(0);
    expect((await asAdmin.get(`/api/participants?q=${references[2]}`)).json().rows[0].reference).toBe(
      references[2],
    );
    expect((await asAdmin.get('/api/participants?q=082 123 4567')).json().total).toBe(1);
    // A name with digits in it is a name: its digits are not searched for in phones.
    expect((await asAdmin.get('/api/participants?q=Moyo1234567')).json().total).toBe(0);
    expect((await asAdmin.get('/api/participants?q=tendai.3@')).json().total).toBe(1);

    const byAge = (await asAdmin.get('/api/participants?sort=age&dir=asc&pageSize=100'))
      .json()
      .rows.map((r: { age: number }) => r.age);
    expect(byAge).toEqual([...byAge].sort((a, b) => a - b));
    const page1 = (await asAdmin.get('/api/participants?sort=lastName&dir=asc&pageSize=3&page=1')).json();
    const page3 = (await asAdmin.get('/api/participants?sort=lastName&dir=asc&pageSize=3&page=3')).json();
    expect(page1.rows).toHaveLength(3);
    expect(page3.rows).toHaveLength(1);
    expect(page1.total).toBe(7);
  });

  it('rejects unknown sorts and filters with a 400', async () => {
    expect((await asAdmin.get('/api/participants?sort=password')).statusCode).toBe(400);
    expect((await asAdmin.get('/api/participants?payment=maybe')).statusCode).toBe(400);
  });
});

describe('payments, edits and cancellation', () => {
  it('records paid, waived and unpaid, keeping who and when', async () => {
    const id = await idOf(await register());
    const paid = await asAdmin.put(`/api/participants/${id}/payment`, {
      status: 'paid',
      method: 'mobile_money',
      amount: '10.00',
      currency: 'USD',
      payerReference: 'MP123',
      paidOn: '2026-11-20',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      paymentStatus: 'paid',
      payment: {
        method: 'mobile_money',
        amount: '10.00',
        currency: 'USD',
        payerReference: 'MP123',
        paidOn: '2026-11-20',
      },
    });
    const waived = await asAdmin.put(`/api/participants/${id}/payment`, {
      status: 'waived',
      reason: 'Church volunteer',
    });
    expect(waived.json()).toMatchObject({
      paymentStatus: 'waived',
      payment: { waiverReason: 'Church volunteer', method: null },
    });
    const unpaid = await asAdmin.put(`/api/participants/${id}/payment`, { status: 'unpaid' });
    const history = unpaid.json().history;
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'payment',
      'payment',
      'payment',
      'registered',
    ]);
    expect(history[2].summary).toBe('Marked paid: USD 10.00 by Mobile money on 20/11/26, reference MP123');
    expect(history[0].by).toMatch(/^Test admin/);
  });

  it('refuses a payment without its details', async () => {
    const id = await idOf(await register());
    const response = await asAdmin.put(`/api/participants/${id}/payment`, { status: 'paid', amount: 'ten' });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['method', 'amount', 'currency', 'paidOn']));
  });

  it('edits an entry with the public rules, and a new race must have room', async () => {
    const id = await idOf(await register());
    const edit = {
      firstName: 'Tendai',
      lastName: 'Corrected',
      email: 'fixed@example.com',
      mobile: '0712345678',
      age: 41,
      gender: 'Male',
      raceType: '5km',
      nextOfKinMobile: '0772345678',
      tshirtSize: 'Large',
    };
    const saved = await asAdmin.put(`/api/participants/${id}`, edit);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      lastName: 'Corrected',
      mobile: '+263712345678',
      raceType: '5km',
      age: 41,
    });
    expect(saved.json().history[0].summary).toBe('Changed surname, email, mobile, age, T-shirt, race');

    expect((await asAdmin.put(`/api/participants/${id}`, { ...edit, age: 3 })).statusCode).toBe(400);

    const { db } = await testDatabase();
    await db.update(raceOptions).set({ capacity: 0 }).where(eq(raceOptions.label, '21km'));
    const full = await asAdmin.put(`/api/participants/${id}`, { ...edit, raceType: '21km' });
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toBe('This race is full');
  });

  it('cancels an entry: it leaves the list, frees its place and keeps its history', async () => {
    const reference = await register({ raceType: '21km' });
    const id = await idOf(reference);
    const { db } = await testDatabase();
    await db.update(raceOptions).set({ capacity: 1 }).where(eq(raceOptions.label, '21km'));
    const cancelled = await asAdmin.post(`/api/participants/${id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(cancelled.json().history[0].action).toBe('cancelled');
    expect((await asAdmin.get('/api/participants')).json().total).toBe(0);
    await register({ raceType: '21km' });
    expect((await asAdmin.get(`/api/participants/${id}`)).json().status).toBe('cancelled');
  });
});

describe('marking paid', () => {
  /** Fees as an admin sets them: 10km in both currencies, 5km in USD only, 21km none. */
  async function setFees() {
    const { db } = await testDatabase();
    const fee = (label: string, feeUsd: string | null, feeZwg: string | null) =>
      db
        .update(raceOptions)
        .set({ feeUsd, feeZwg })
        .where(and(eq(raceOptions.discipline, 'run'), eq(raceOptions.label, label)));
    await fee('10km', '15', '400');
    await fee('5km', '10', null);
    await fee('21km', null, null);
  }
  const markPaid = (payload: object) => asAdmin.post('/api/participants/mark-paid', payload);
  const cash = { method: 'cash', currency: 'USD', paidOn: '2026-11-20' };

  it('marks a selection paid by one method, each entry with its own race’s fee, noted in its history', async () => {
    await setFees();
    const tenA = await idOf(await register());
    const tenB = await idOf(await register());
    const five = await idOf(await register({ raceType: '5km' }));
    const untouched = await idOf(await register());

    const response = await markPaid({ ...cash, ids: [tenA, five, tenB, tenA] });
    expect(response.statusCode).toBe(200);
    const { marked, skipped } = response.json();
    expect(marked).toEqual([
      { id: tenA, reference: expect.any(String), amount: '15.00', currency: 'USD' },
      { id: five, reference: expect.any(String), amount: '10.00', currency: 'USD' },
      { id: tenB, reference: expect.any(String), amount: '15.00', currency: 'USD' },
    ]);
    expect(skipped).toEqual([]);

    for (const [id, amount] of [
      [tenA, '15.00'],
      [five, '10.00'],
      [tenB, '15.00'],
    ] as const) {
      const entry = (await asAdmin.get(`/api/participants/${id}`)).json();
      expect(entry).toMatchObject({
        paymentStatus: 'paid',
        payment: { method: 'cash', amount, currency: 'USD', paidOn: '2026-11-20', payerReference: null },
      });
      expect(entry.history.filter((h: { action: string }) => h.action === 'payment')).toEqual([
        expect.objectContaining({
          summary: `Marked paid: USD ${amount} by Cash on 20/11/26`,
          by: expect.stringMatching(/^Test admin/),
        }),
      ]);
    }
    expect((await asAdmin.get(`/api/participants/${untouched}`)).json().paymentStatus).toBe('unpaid');
  });

  it('leaves paid, waived, cancelled and unknown entries and those without a fee in the currency alone, and says which', async () => {
    await setFees();
    const paidReference = await register();
    const paid = await idOf(paidReference);
    await paidByHand(asAdmin, paid, { method: 'mobile_money', amount: '12', paidOn: '2026-11-01' });
    const waivedReference = await register();
    const waived = await idOf(waivedReference);
    await asAdmin.put(`/api/participants/${waived}/payment`, { status: 'waived', reason: 'Volunteer' });
    const cancelledReference = await register();
    const cancelled = await idOf(cancelledReference);
    const noFeeReference = await register({ raceType: '21km' });
    const noFee = await idOf(noFeeReference);
    const noZwgFeeReference = await register({ raceType: '5km' });
    const noZwgFee = await idOf(noZwgFeeReference);
    const ten = await idOf(await register());
    await asAdmin.post(`/api/participants/${cancelled}/cancel`);
    const unknown = '00000000-0000-4000-8000-000000000000';

    const response = await markPaid({
      method: 'zwg_bank',
      currency: 'ZWG',
      paidOn: '2026-11-21',
      ids: [paid, waived, cancelled, noFee, noZwgFee, unknown, ten],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      marked: [{ id: ten, reference: expect.any(String), amount: '400.00', currency: 'ZWG' }],
      skipped: [
        { id: paid, reference: paidReference, reason: 'paid' },
        { id: waived, reference: waivedReference, reason: 'waived' },
        { id: cancelled, reference: cancelledReference, reason: 'cancelled' },
        { id: noFee, reference: noFeeReference, reason: 'no_fee' },
        { id: noZwgFee, reference: noZwgFeeReference, reason: 'no_fee' },
        { id: unknown, reference: null, reason: 'not_found' },
      ],
    });
    const before = (await asAdmin.get(`/api/participants/${paid}`)).json();
    expect(before.payment).toMatchObject({ method: 'mobile_money', amount: '12.00', paidOn: '2026-11-01' });
    expect(before.history.filter((h: { action: string }) => h.action === 'payment')).toHaveLength(1);
    expect((await asAdmin.get(`/api/participants/${waived}`)).json().paymentStatus).toBe('waived');
    expect((await asAdmin.get(`/api/participants/${noFee}`)).json().paymentStatus).toBe('unpaid');
    expect((await asAdmin.get(`/api/participants/${noZwgFee}`)).json().paymentStatus).toBe('unpaid');
    expect((await asAdmin.get(`/api/participants/${ten}`)).json().payment).toMatchObject({
      method: 'zwg_bank',
      amount: '400.00',
      currency: 'ZWG',
    });
  });

  it('refuses a selection without its method, currency or date, an empty one and one larger than a page', async () => {
    const id = await idOf(await register());
    const missing = await markPaid({ ids: [id] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['method', 'currency', 'paidOn']),
    );
    expect((await markPaid({ ...cash, ids: [] })).statusCode).toBe(400);
    expect((await markPaid({ ...cash, ids: ['not-an-id'] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 101 }, () => id);
    expect((await markPaid({ ...cash, ids: tooMany })).statusCode).toBe(400);
    expect((await asAdmin.get(`/api/participants/${id}`)).json().paymentStatus).toBe('unpaid');
  });

  it('lists each entry with what was paid and its race’s fees, so an amount that differs can be flagged', async () => {
    await setFees();
    const paidLess = await idOf(await register({ lastName: 'PaidLess' }));
    await paidByHand(asAdmin, paidLess, { method: 'cash', amount: '10', paidOn: '2026-11-20' });
    await register({ lastName: 'NotYet', raceType: '5km' });
    const rows = (await asAdmin.get('/api/participants?sort=lastName&dir=asc')).json().rows;
    for (const row of rows) {
      for (const column of ['feeUsd', 'feeZwg', 'paymentAmount', 'paymentCurrency']) {
        expect(row).not.toHaveProperty(column);
      }
    }
    expect(rows).toEqual([
      expect.objectContaining({
        lastName: 'NotYet',
        payment: { amount: null, currency: null },
        fees: { USD: '10.00', ZWG: null },
      }),
      expect.objectContaining({
        lastName: 'PaidLess',
        paymentStatus: 'paid',
        payment: { amount: '10.00', currency: 'USD' },
        fees: { USD: '15.00', ZWG: '400.00' },
      }),
    ]);
    expect((await asAdmin.get(`/api/participants/${paidLess}`)).json().fees).toEqual({
      USD: '15.00',
      ZWG: '400.00',
    });
  });
});

describe('exports', () => {
  it('writes the filtered rows as CSV with a BOM, every column, formulas defused', async () => {
    await register({ firstName: '=HYPERLINK("x")' });
    await register({ discipline: 'cycle', raceType: '15km', firstName: 'Zoë' });
    const response = await asAdmin.get('/api/participants/export.csv?discipline=cycle');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('FunRun_Participants.csv');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const { exportedBy, records } = csvExport(response.body);
    expect(exportedBy).toMatch(/^Test admin \d+$/);
    const header =
      'Name|Surname|Email|Mobile|Age|Gender|Race Type|Next of Kin|Discipline|T-shirt|Payment|Reference|Bib|Registered|Payment method|Amount|Currency|Payer reference|Paid on|Minor|Parent or guardian|Guardian mobile';
    expect(records[0]).toEqual(header.split('|'));
    expect(records).toHaveLength(2);
    expect(records[1]?.slice(0, 4)).toEqual([
      'Zoë',
      expect.stringMatching(/^Moyo/),
      expect.any(String),
      '077 123 4567',
    ]);

    const all = csvRecords((await asAdmin.get('/api/participants/export.csv')).body);
    expect(all.map((r) => r[0])).toContain(`'=HYPERLINK("x")`);
    expect(safeCell('-1+2')).toBe("'-1+2");
    expect(safeCell('+263 77 123 4567')).toBe("'+263 77 123 4567");
    expect(safeCell('Ann\n=2+5')).toBe("Ann\n'=2+5");
    expect(safeCell('Ann\r\n@SUM(1)\r+1')).toBe("Ann\r\n'@SUM(1)\r'+1");
    expect(safeCell('\r=1')).toBe("\r'=1");
    expect(safeCell('\t=1')).toBe("'\t=1");
  });

  it('exports every entry once in the order of the list, for every sort, when batches end inside a run of equal keys', async () => {
    const entries: Record<string, unknown>[] = [
      { lastName: 'Same', age: 30, gender: '' },
      { lastName: 'same', age: 30, gender: '' },
      { lastName: 'Same', age: 30, gender: 'Male', raceType: '5km' },
      { lastName: 'Other', age: 31, gender: '' },
      { lastName: 'Other', age: 30, gender: 'Female', raceType: '5km' },
      { lastName: 'Same', age: 31, gender: 'Male' },
      { discipline: 'cycle', raceType: '15km', lastName: 'Same', age: 30, gender: '' },
      { discipline: 'cycle', raceType: '30km', lastName: 'Other', age: 31, gender: 'Female' },
    ];
    for (const entry of entries) await register({ firstName: 'Tendai', tshirtSize: 'Medium', ...entry });
    const { db } = await testDatabase();
    // Registered within one millisecond, some at the same microsecond: JavaScript dates would lose the order.
    const microseconds = sql`substring(${registrations.reference} from '[0-9]+$')::int % 3`;
    await db.update(registrations).set({
      createdAt: sql`'2026-11-20 10:00:00.123Z'::timestamptz + ${microseconds} * interval '1 microsecond'`,
    });
    const event = await getCurrentEvent(db);

    for (const sort of SORTABLE_COLUMNS) {
      for (const dir of ['asc', 'desc'] as const) {
        const list = (await asAdmin.get(`/api/participants?sort=${sort}&dir=${dir}&pageSize=100`)).json();
        const listed = list.rows.map((row: { reference: string }) => row.reference);
        expect(listed).toHaveLength(entries.length);
        for (const batchSize of [1, 2, 3]) {
          const exported: string[] = [];
          for await (const rows of participantBatches(db, event.id, { sort, dir }, batchSize)) {
            expect(rows.length).toBeLessThanOrEqual(batchSize);
            exported.push(...rows.map((row) => row.reference));
            if (exported.length > entries.length) break; // a wrong keyset can go round for ever
          }
          expect(exported, `${sort} ${dir} in batches of ${batchSize}`).toEqual(listed);
        }
        const csv = csvRecords(
          (await asAdmin.get(`/api/participants/export.csv?sort=${sort}&dir=${dir}`)).body,
        );
        expect(csv.slice(1).map((record) => record[11])).toEqual(listed);
      }
    }
  });

  it('sorts a missing gender after the others, and first when the order is reversed', async () => {
    await register({ gender: '', lastName: 'Unknown1' });
    await register({ gender: 'Male', lastName: 'Male1' });
    await register({ gender: 'Female', lastName: 'Female1' });
    await register({ gender: '', lastName: 'Unknown2' });
    const surnames = async (dir: string) =>
      (await asAdmin.get(`/api/participants?sort=gender&dir=${dir}`))
        .json()
        .rows.map((row: { lastName: string; gender: string | null }) => `${row.lastName}:${row.gender}`);
    const ascending = await surnames('asc');
    expect(ascending.slice(0, 2)).toEqual(['Female1:Female', 'Male1:Male']);
    expect(ascending.slice(2).sort()).toEqual(['Unknown1:null', 'Unknown2:null']);
    expect((await surnames('desc')).slice(2)).toEqual(['Male1:Male', 'Female1:Female']);
  });

  it('formats stored phone numbers for reading and leaves what it cannot read as it is', () => {
    expect(formatPhone('+263771234567')).toBe('+263 77 123 4567');
    expect(formatPhone('+27821234567')).toBe('+27 82 123 4567');
    expect(formatPhone('+12133734253')).toBe('+1 213 373 4253');
    expect(formatPhone('0771234567')).toBe('0771234567');
    expect(formatPhone('')).toBe('');
  });

  it('writes a PDF with the title, the filters, the race-day columns and the filtered rows only, under a band per discipline', async () => {
    await register({ firstName: 'Runner', lastName: 'Only' });
    const reference = await register({
      discipline: 'cycle',
      raceType: '30km',
      firstName: 'Cyclist',
      lastName: 'Shown',
      tshirtSize: 'X-Large',
    });
    await asAdmin.put(`/api/participants/${await idOf(reference)}/payment`, {
      status: 'waived',
      reason: 'Volunteer',
    });
    const text = await pdfText('/api/participants/export.pdf?discipline=cycle');
    expect(text).toContain('Celebration Fun Run Participants');
    expect(text).toContain('Filters: Cyclists · 1 entry');
    expect(text).toMatch(
      /Name\s+Surname\s+Email\s+Mobile\s+Age\s+Minor\s+Gender\s+Race Type\s+Next of Kin\s+T-shirt\s+Payment\s+Reference\s+Bib/,
    );
    // The discipline is the band above its rows, not a column.
    expect(text).not.toContain('Discipline');
    expect(text).toMatch(/^\s*Cyclists · 1 entry\s*$/m);
    expect(text).not.toMatch(/^\s*Runners/m);
    expect(text).toMatch(
      new RegExp(`Cyclist\\s+Shown\\s.+\\s30km\\s.+\\sX-Large\\s+Waived\\s+${reference}\\s*$`, 'm'),
    );
    expect(text).not.toContain('Only');
    expect(text).toContain('Page 1');
  });

  it('repeats the column header and numbers every page, puts runners then cyclists under their bands, and says so when nothing matches', async () => {
    const { db } = await testDatabase();
    await seedDemoRegistrations(db, 70);
    const text = await pdfText('/api/participants/export.pdf');
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toMatch(
        /Name\s+Surname\s+Email\s+Mobile\s+Age\s+Minor\s+Gender\s+Race Type\s+Next of Kin\s+T-shirt\s+Payment\s+Reference/,
      );
      expect(page).toContain(`Page ${i + 1}`);
    });
    expect(text).toContain('70 entries');
    expect(new Set(text.match(/[\w.]+@example\.com/g)).size).toBe(70);

    const runners = (await asAdmin.get('/api/participants?discipline=run')).json().total;
    const cyclists = 70 - runners;
    expect(runners).toBeGreaterThan(35);
    expect(cyclists).toBeGreaterThan(0);
    const runnersBand = text.search(new RegExp(`^\\s*Runners · ${runners} entries$`, 'm'));
    const cyclistsBand = text.search(new RegExp(`^\\s*Cyclists · ${cyclists} entries$`, 'm'));
    expect(runnersBand).toBeGreaterThan(0);
    expect(cyclistsBand).toBeGreaterThan(runnersBand);
    expect(text.slice(0, cyclistsBand)).not.toMatch(/\b(15|30)km\b/);
    expect(text.slice(cyclistsBand)).not.toMatch(/\b(5|10|21)km\b|Other/);
    // More runners than fit a page: the next page says whose rows it continues.
    expect(pages[1]?.trimStart()).toMatch(/^Runners \(continued\)/);

    const none = await pdfText('/api/participants/export.pdf?q=nobody-at-all');
    expect(none).toContain('0 entries');
    expect(none).toContain('No entries match these filters.');
  });

  it('prints names in other scripts and cuts a long email with an ellipsis inside its column', async () => {
    const email = 'a.very.long.address.for.the.pdf.column@a-long-domain-name.example.com';
    await register({ firstName: 'Дмитрий', lastName: 'Παπαδόπουλος', email });
    await register({ firstName: 'Zoë', lastName: 'Œuvre' });
    const text = await pdfText('/api/participants/export.pdf');
    expect(text).toContain('Дмитрий');
    expect(text).toContain('Παπαδόπουλος');
    expect(text).toContain('Zoë');
    expect(text).toContain('Œuvre');
    expect(text).not.toContain(email);
    expect(text).toMatch(/a\.very\.long\.address\.for\S*…/);
    // Nothing of the email runs into the next column, the mobile number.
    expect(text).toMatch(/…\s+\+263 77 123 4567/);
  });
});

describe('the fun-run dashboard', () => {
  it('counts entrants, payments, money, days, races and T-shirts live', async () => {
    const first = await register({ tshirtSize: 'Large' });
    await register({ tshirtSize: 'Small' });
    await register({ discipline: 'cycle', raceType: '15km', tshirtSize: 'Medium' });
    await paidByHand(asAdmin, await idOf(first), { method: 'cash', amount: '10', paidOn: '2026-11-21' });
    const response = await asAdmin.get('/api/dashboard/fun-run');
    expect(response.statusCode).toBe(200);
    const dashboard = response.json();
    expect(dashboard.entrants).toEqual({ run: 2, cycle: 1 });
    expect(dashboard.payments).toEqual({ paid: 1, unpaid: 2, waived: 0 });
    expect(dashboard.money).toEqual({ usd: '10.00', zwg: '0.00', zwgInUsd: { usd: '0.00', unquoted: 0 } });
    expect(dashboard.perDay.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(3);
    expect(dashboard.perRace).toContainEqual({
      discipline: 'run',
      race: '10km',
      count: 2,
      capacity: null,
      waiting: 0,
    });
    expect(dashboard.tshirts.filter((t: { discipline: string }) => t.discipline === 'run')).toEqual([
      { discipline: 'run', size: 'Small', count: 1 },
      { discipline: 'run', size: 'Large', count: 1 },
    ]);
  });
});
