import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { letters, runnerEntry } from '../../../../tests/support/entries.ts';
import { bankStatementCsv } from '../../../../tests/support/statement-fixture.ts';
import {
  changeRaces,
  injectAs,
  multipartFile,
  paidByHand,
  type SignedIn,
  setUpTestApp,
  signedInAs,
} from '../../../../tests/support/test-app.ts';
import {
  STATEMENT_OUTCOMES,
  type StatementImportResult,
  type StatementLine,
  type StatementLinesPage,
  type StatementReview,
} from '../../../shared/statements/statements.ts';
import { receipts, registrations, statementImports, statementLines } from '../../db/schema/index.ts';

const { app, db, admin, visitor, asAdmin } = setUpTestApp();

const BANK = { account: 'usd_bank', date: 'Transaction Date', narrative: 'Narrative', amount: 'Amount' };

function upload(who: SignedIn | undefined, url: string, query: Record<string, string>, csv: string | Buffer) {
  const form = multipartFile('statement.csv', Buffer.isBuffer(csv) ? csv : Buffer.from(csv), 'text/csv');
  return injectAs(app, who).post(`${url}?${new URLSearchParams(query)}`, form.payload, {
    'content-type': form.contentType,
  });
}

async function imported(csv: string | Buffer, query: Record<string, string> = BANK) {
  const response = await upload(admin, '/api/statements', query, csv);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as StatementImportResult;
}

async function confirmed(id: string, choices: object = { skip: [], choose: [] }) {
  const response = await asAdmin.post(`/api/statements/${id}/confirm`, choices);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { review: StatementReview; marked: string[] };
}

/** 10 km: USD 20 or ZWG 520; 5 km: USD 15 or ZWG 390. */
const setFees = () =>
  changeRaces(asAdmin, (race) =>
    race.label === '10km' ? { feeUsd: '20.00', feeZwg: '520.00' } : { feeUsd: '15.00', feeZwg: '390.00' },
  );

let serial = 0;
/** Registers this many 10 km runners; answers their references in order. */
async function registered(count: number) {
  const references: string[] = [];
  for (let i = 0; i < count; i += 1) {
    serial += 1;
    const response = await visitor.post('/api/registrations', runnerEntry(letters(serial)));
    expect(response.statusCode).toBe(201);
    references.push(response.json().reference);
  }
  return references;
}

const entryOf = async (reference: string) => {
  const [row] = await db.select().from(registrations).where(eq(registrations.reference, reference));
  if (!row) throw new Error(`no entry ${reference}`);
  return row;
};
const paidReferences = async () =>
  (await db.select().from(registrations).where(eq(registrations.paymentStatus, 'paid')))
    .map((row) => row.reference)
    .sort();
/** Every line of an import in the file's order, read a page at a time as the review screen reads them. */
async function linesOf(review: StatementReview | null) {
  const lines: StatementLine[] = [];
  for (const outcome of STATEMENT_OUTCOMES) {
    for (let page = 1; ; page += 1) {
      const response = await asAdmin.get(
        `/api/statements/${review?.id}/lines?outcome=${outcome}&page=${page}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as StatementLinesPage;
      lines.push(...body.lines);
      if (page * body.pageSize >= body.total) break;
    }
  }
  return lines.sort((a, b) => a.id - b.id);
}
const byOutcome = (lines: StatementLine[], outcome: string) =>
  lines.filter((line) => line.outcome === outcome);

describe('a bank statement matched to entries by reference', () => {
  it('marks exactly the 60 lines that pay their fee, leaves the rest in review, and imports nothing twice', async () => {
    await setFees();
    const references = await registered(75);
    const statement = bankStatementCsv(references.map((reference) => ({ reference, fee: '20.00' })));

    const first = await imported(statement.csv);
    expect(first.alreadyImported).toBe(0);
    const review = first.review as StatementReview;
    const lines = await linesOf(review);
    expect(lines).toHaveLength(200);
    const matched = byOutcome(lines, 'matched');
    // A line naming two entries with both fees pays both, in the order named.
    const paying = [...statement.paying, ...statement.ambiguous.flat()].sort();
    expect(matched.flatMap((line) => line.entries.map((entry) => entry.reference)).sort()).toEqual(paying);
    expect(
      matched.filter((line) => line.entries.length === 2).map((line) => line.entries.map((e) => e.reference)),
    ).toEqual(expect.arrayContaining(statement.ambiguous));
    expect(byOutcome(lines, 'ambiguous')).toEqual([]);
    expect(
      byOutcome(lines, 'amount-differs')
        .flatMap((line) => line.entries.map((entry) => entry.reference))
        .sort(),
    ).toEqual([...statement.wrongAmount].sort());
    expect(byOutcome(lines, 'unmatched')).toHaveLength(130);
    expect(byOutcome(lines, 'unmatched').every((line) => line.entries.length === 0)).toBe(true);
    expect(await paidReferences()).toEqual([]);
    expect((await asAdmin.get('/api/statements')).json()).toEqual([
      expect.objectContaining({
        id: review.id,
        fileName: 'statement.csv',
        account: 'usd_bank',
        confirmedAt: null,
      }),
    ]);

    const done = await confirmed(review.id);
    expect(done.marked.sort()).toEqual(paying);
    expect(await paidReferences()).toEqual(paying);
    // Each entry paid by the statement gets its receipt, numbered 1…70, like any other payment.
    const issued = await db.select({ number: receipts.number, method: receipts.method }).from(receipts);
    expect(issued.map((receipt) => receipt.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 70 }, (_, index) => index + 1),
    );
    expect(issued.every((receipt) => receipt.method === 'usd_bank')).toBe(true);
    const line = matched[0];
    const entry = await entryOf(line?.entries[0]?.reference ?? '');
    expect(entry).toMatchObject({
      paymentMethod: 'usd_bank',
      paymentAmount: '20.00',
      paymentCurrency: 'USD',
      payerReference: line?.narrative,
      paidOn: line?.postedOn,
    });
    expect(done.review.confirmedAt).not.toBeNull();
    const after = await linesOf(done.review);
    expect(byOutcome(after, 'matched').every((each) => each.appliedAt !== null && each.alreadyPaid)).toBe(
      true,
    );
    expect([...byOutcome(after, 'ambiguous'), ...byOutcome(after, 'amount-differs')]).toSatisfy(
      (lines: StatementLine[]) => lines.every((each) => each.appliedAt === null && !each.alreadyPaid),
    );
    const history = (await asAdmin.get(`/api/participants/${entry.id}`)).json().history;
    expect(history[0]).toMatchObject({ by: expect.stringContaining('Test admin'), action: 'payment' });

    const listed = (await asAdmin.get('/api/statements')).json();
    expect(listed).toEqual([
      expect.objectContaining({
        id: review.id,
        lines: 200,
        matched: 65,
        confirmedAt: done.review.confirmedAt,
      }),
    ]);

    const again = await imported(statement.csv);
    expect(again).toEqual({ review: null, alreadyImported: 200, skippedRows: 0 });
    expect((await confirmed(review.id)).marked).toEqual([]);
    expect(await paidReferences()).toEqual(paying);
    expect(await db.select().from(receipts)).toHaveLength(70);
  });

  it('pays a line naming two entries by the one rule: the first named whole, the rest a part payment on the next; a short line is a part payment; an unticked line marks nothing', async () => {
    await setFees();
    const [a, b, c, d] = await registered(4);
    const csv = [
      'Transaction Date,Narrative,Amount',
      `03/11/2026,FT ${b} AND ${a},30.00`,
      `04/11/2026,FT ${c},18.00`,
      `05/11/2026,FT ${d},20.00`,
    ].join('\n');
    const review = (await imported(csv, { ...BANK })).review as StatementReview;
    const [both, short, matched] = await linesOf(review);
    expect([both?.outcome, short?.outcome, matched?.outcome]).toEqual([
      'amount-differs',
      'amount-differs',
      'matched',
    ]);
    expect(both?.entries.map((entry) => entry.reference)).toEqual([b, a]);
    const stranger = (await entryOf(d ?? '')).id;
    const refused = await asAdmin.post(`/api/statements/${review.id}/confirm`, {
      skip: [],
      choose: [{ line: both?.id, registrationId: stranger }],
    });
    expect(refused.statusCode).toBe(400);
    expect(await paidReferences()).toEqual([]);

    const done = await confirmed(review.id, {
      skip: [matched?.id],
      choose: [
        { line: both?.id, registrationId: both?.entries[0]?.id },
        { line: short?.id, registrationId: short?.entries[0]?.id },
      ],
    });
    expect(done.marked.sort()).toEqual([a, b, c].sort());
    expect(await entryOf(b ?? '')).toMatchObject({ paymentStatus: 'paid', paymentAmount: '20.00' });
    expect(await entryOf(a ?? '')).toMatchObject({ paymentStatus: 'part_paid', paymentAmount: '10.00' });
    expect(await entryOf(c ?? '')).toMatchObject({
      paymentStatus: 'part_paid',
      paymentAmount: '18.00',
      paidOn: '2026-11-04',
    });
    expect((await entryOf(d ?? '')).paymentStatus).toBe('unpaid');
    // The admin's list shows the balance, its filter finds them, and a notice says so.
    const listed = (await asAdmin.get('/api/participants?payment=part_paid')).json();
    expect(listed.rows.map((row: { reference: string }) => row.reference).sort()).toEqual([a, c].sort());
    const notices = (await asAdmin.get('/api/admin/payment-notices')).json().attempts.notices;
    expect(notices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source: 'payment',
          entryReference: a,
          problem: expect.stringContaining('USD 10.00 still due'),
        }),
        expect.objectContaining({
          source: 'payment',
          entryReference: c,
          problem: expect.stringContaining('USD 2.00 still due'),
        }),
      ]),
    );
    // A receipt for what was received, saying what is still due.
    const ofA = (await asAdmin.get(`/api/participants/${(await entryOf(a ?? '')).id}`)).json();
    expect(ofA.receipts).toEqual([expect.objectContaining({ amount: '10.00', currency: 'USD' })]);
    expect(ofA.history[0].summary).toMatch(/part payment: USD 10\.00 still due/);

    // The balance, on a later statement, pays the entry.
    const rest = (await imported(`Transaction Date,Narrative,Amount\n09/11/2026,${c},2.00\n`))
      .review as StatementReview;
    expect((await linesOf(rest))[0]?.outcome).toBe('matched');
    await confirmed(rest.id);
    expect(await entryOf(c ?? '')).toMatchObject({ paymentStatus: 'paid', paymentAmount: '20.00' });
  });

  it('records a line paying more than the fee in full, flagged for the admin', async () => {
    await setFees();
    const [reference] = await registered(1);
    const review = (await imported(`Transaction Date,Narrative,Amount\n02/11/2026,${reference},25.00\n`))
      .review as StatementReview;
    const [line] = await linesOf(review);
    expect(line?.outcome).toBe('amount-differs');
    await confirmed(review.id, {
      skip: [],
      choose: [{ line: line?.id, registrationId: line?.entries[0]?.id }],
    });
    expect(await entryOf(reference ?? '')).toMatchObject({ paymentStatus: 'paid', paymentAmount: '25.00' });
    const notices = (await asAdmin.get('/api/admin/payment-notices')).json().attempts.notices;
    expect(notices).toEqual([
      expect.objectContaining({
        source: 'payment',
        entryReference: reference,
        problem: 'paid USD 5.00 more than was due',
        fields: expect.objectContaining({ amount: '25.00', currency: 'USD' }),
      }),
    ]);
  });

  it('shows a line naming an entry already paid as such, and never marks it again', async () => {
    await setFees();
    const [reference] = await registered(1);
    const { id } = await entryOf(reference ?? '');
    await paidByHand(asAdmin, id, { method: 'cash', amount: '20.00', paidOn: '2026-11-01' });
    const review = (await imported(`Transaction Date,Narrative,Amount\n02/11/2026,${reference},20.00\n`))
      .review as StatementReview;
    expect((await linesOf(review))[0]).toMatchObject({ outcome: 'matched', alreadyPaid: true });
    expect((await confirmed(review.id)).marked).toEqual([]);
    expect(await entryOf(reference ?? '')).toMatchObject({ paymentMethod: 'cash', paidOn: '2026-11-01' });
  });

  it('answers an import with its counts and pages its lines, matched ones to act on before those paid already', async () => {
    await setFees();
    const [paidBefore, unpaid] = await registered(2);
    await paidByHand(asAdmin, (await entryOf(paidBefore ?? '')).id, {
      method: 'cash',
      amount: '20.00',
      paidOn: '2026-11-01',
    });
    const tithes = Array.from({ length: 120 }, (_, i) => `03/11/2026,TITHE ${i + 1},5.00`);
    const csv = [
      'Transaction Date,Narrative,Amount',
      `01/11/2026,FT ${paidBefore},20.00`,
      `02/11/2026,FT ${unpaid},20.00`,
      ...tithes,
    ].join('\n');
    const { review } = await imported(csv);
    expect(review).toEqual({
      id: expect.any(String),
      account: 'usd_bank',
      fileName: 'statement.csv',
      uploadedAt: expect.any(String),
      uploadedBy: expect.stringContaining('Test admin'),
      confirmedAt: null,
      counts: { matched: 2, ambiguous: 0, 'amount-differs': 0, unmatched: 120 },
      toMark: 1,
      alreadyPaid: 1,
    });
    const page = async (outcome: string, number: number) => {
      const url = `/api/statements/${review?.id}/lines?outcome=${outcome}&page=${number}`;
      const response = await asAdmin.get(url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as StatementLinesPage;
    };
    const matched = await page('matched', 1);
    expect(matched.lines.map((line) => [line.entries[0]?.reference, line.alreadyPaid])).toEqual([
      [unpaid, false],
      [paidBefore, true],
    ]);
    const [first, last] = [await page('unmatched', 1), await page('unmatched', 3)];
    expect(first).toMatchObject({ total: 120, page: 1, pageSize: 50 });
    expect(first.lines.map((line) => line.narrative)).toEqual(
      tithes.slice(0, 50).map((row) => row.slice(11, -5)),
    );
    expect(last.lines.map((line) => line.narrative)).toEqual(
      tithes.slice(100).map((row) => row.slice(11, -5)),
    );
    expect((await page('unmatched', 4)).lines).toEqual([]);
    const bad = await asAdmin.get(`/api/statements/${review?.id}/lines?outcome=paid`);
    expect(bad.statusCode).toBe(400);

    const done = await confirmed(review?.id ?? '');
    expect(done.marked).toEqual([unpaid]);
    expect(done.review).toMatchObject({ toMark: 0, alreadyPaid: 1 });
  });

  it("pays all of a company team's unpaid entries by the team reference", async () => {
    await setFees();
    const company = await signedInAs(app, 'company');
    const asCompany = injectAs(app, company);
    for (const raceType of ['10km', '5km', '10km']) {
      serial += 1;
      const body = runnerEntry(letters(serial), { raceType });
      expect((await asCompany.post('/api/team/registrations', body)).statusCode).toBe(201);
    }
    const team = (await asCompany.get('/api/team/registrations')).json();
    const [first, ...rest] = team.entries as { id: string; reference: string }[];
    await paidByHand(asAdmin, first?.id, { method: 'cash', amount: '20.00', paidOn: '2026-11-01' });
    const due = team.due.usd;
    const loose = String(team.reference).toLowerCase().replace('-', ' ');
    const review = (
      await imported(
        `Transaction Date,Narrative,Amount\n06/11/2026,"ACME LTD, STAFF RUN ${loose}",${Number(due) - 20}\n`,
      )
    ).review as StatementReview;
    const [line] = await linesOf(review);
    expect(line).toMatchObject({ outcome: 'matched', team: true, alreadyPaid: false });
    expect(line?.entries.map((entry) => entry.reference).sort()).toEqual(
      rest.map((entry) => entry.reference).sort(),
    );
    const done = await confirmed(review.id);
    expect(done.marked.sort()).toEqual(rest.map((entry) => entry.reference).sort());
    const rows = await db
      .select()
      .from(registrations)
      .where(
        inArray(
          registrations.id,
          rest.map((entry) => entry.id),
        ),
      );
    expect(rows.map((row) => [row.paymentStatus, row.paymentAmount]).sort()).toEqual([
      ['paid', '15.00'],
      ['paid', '20.00'],
    ]);
    expect((await entryOf(first?.reference ?? '')).paymentMethod).toBe('cash');
  });
});

describe('mobile-money statements and the column mapping', () => {
  it('matches a merchant statement in ZWG by its currency column, marked paid by mobile money', async () => {
    await setFees();
    const [a, b] = await registered(2);
    const number = (reference: string | undefined) => Number(reference?.split('-')[1]);
    const csv = [
      'Txn ID,Date & Time,Details,Amount,Currency',
      `MP261101.1200.A1,2026-11-01 12:00:01,Merchant Payment from 263771234567 - REF cfr25 ${number(a)},520.00,ZWG`,
      `MP261101.1300.B2,2026-11-01 13:00:00,Merchant Payment from 263772345678 - ${b},20.00,USD`,
      'MP261101.1400.C3,2026-11-01 14:00:00,Cash Out,-100.00,ZWG',
    ].join('\r\n');
    const query = { account: 'mobile_money', date: 'Date & Time', narrative: 'Details', amount: 'Amount' };
    const noCurrency = await upload(admin, '/api/statements', query, csv);
    expect(noCurrency.statusCode).toBe(400);
    const review = (await imported(csv, { ...query, currency: 'Currency' })).review as StatementReview;
    expect((await linesOf(review)).map((line) => [line.outcome, line.currency])).toEqual([
      ['matched', 'ZWG'],
      ['matched', 'USD'],
      ['unmatched', 'ZWG'],
    ]);
    await confirmed(review.id);
    expect(await entryOf(a ?? '')).toMatchObject({
      paymentMethod: 'mobile_money',
      paymentAmount: '520.00',
      paymentCurrency: 'ZWG',
      paidOn: '2026-11-01',
    });
    expect(await entryOf(b ?? '')).toMatchObject({ paymentMethod: 'mobile_money', paymentCurrency: 'USD' });
  });

  it("imports Excel's Unicode text (UTF-16 with its byte order mark, tab-separated), either byte order", async () => {
    await setFees();
    const [a, b] = await registered(2);
    const text = (reference: string | undefined) =>
      `\ufeffTransaction Date\tNarrative\tAmount\r\n03/11/2026\tFT ${reference} MUTASA ÉLODIE\t20.00\r\n`;
    const littleEndian = Buffer.from(text(a), 'utf16le');
    const bigEndian = Buffer.from(text(b), 'utf16le').swap16();
    for (const [file, reference] of [
      [littleEndian, a],
      [bigEndian, b],
    ] as const) {
      expect(await linesOf((await imported(file)).review)).toEqual([
        expect.objectContaining({
          outcome: 'matched',
          narrative: `FT ${reference} MUTASA ÉLODIE`,
          entries: [expect.objectContaining({ reference })],
        }),
      ]);
    }
  });

  it('offers a guess from the headings first, then the last mapping used for the same account only', async () => {
    const csv =
      'Posting Date,Value Date,Transaction Details,Debit,Credit,Balance\n01/11/2026,01/11/2026,x,,20.00,20\n';
    const preview = async (account: string) => {
      const response = await upload(admin, '/api/statements/preview', { account }, csv);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const guessed = await preview('usd_bank');
    expect(guessed).toMatchObject({
      columns: ['Posting Date', 'Value Date', 'Transaction Details', 'Debit', 'Credit', 'Balance'],
      rows: [['01/11/2026', '01/11/2026', 'x', '', '20.00', '20']],
      rowCount: 1,
      mapping: { date: 'Posting Date', narrative: 'Transaction Details', amount: 'Credit' },
      remembered: false,
    });
    const chosen = { date: 'Value Date', narrative: 'Transaction Details', amount: 'Credit' };
    await imported(csv, { account: 'usd_bank', ...chosen });
    expect(await preview('usd_bank')).toMatchObject({ mapping: chosen, remembered: true });
    expect(await preview('zwg_bank')).toMatchObject({ remembered: false, mapping: guessed.mapping });
  });
});

describe('a large statement', () => {
  const tithes = (count: number, day = '03') =>
    [
      'Transaction Date,Narrative,Amount',
      ...Array.from({ length: count }, (_, i) => `${day}/11/2026,TITHE ${i},5.00`),
    ].join('\n');
  const stagedLines = async () =>
    (
      await db
        .select({ lines: count() })
        .from(statementLines)
        .innerJoin(statementImports, eq(statementImports.id, statementLines.importId))
        .where(eq(statementImports.staging, true))
    )[0]?.lines ?? 0;

  it('is stored in short transactions, a hundred lines each, and shown only once all are stored', async () => {
    let done = false;
    const importing = imported(tithes(5000)).finally(() => {
      done = true;
    });
    const seen = new Set<number>();
    while (!done) {
      const listed = (await asAdmin.get('/api/statements')).json();
      const staged = await stagedLines();
      seen.add(staged);
      // Still staging after the list was read: it was hidden from it.
      if (staged > 0) expect(listed).toEqual([]);
    }
    const { review } = await importing;
    expect(review?.counts.unmatched).toBe(5000);
    expect([...seen].filter((lines) => lines > 0 && lines < 5000).length).toBeGreaterThan(2);
    expect(await stagedLines()).toBe(0);
  });

  it('forgets an import a stopped server left staging: hidden, then deleted by the next import', async () => {
    const first = await imported(tithes(300));
    const left = first.review?.id ?? '';
    // As if the server had stopped an hour ago while storing it.
    await db
      .update(statementImports)
      .set({ staging: true, uploadedAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(statementImports.id, left));
    expect((await asAdmin.get('/api/statements')).json()).toEqual([]);
    expect((await asAdmin.get(`/api/statements/${left}`)).statusCode).toBe(404);
    expect((await asAdmin.get(`/api/statements/${left}/lines?outcome=unmatched`)).statusCode).toBe(404);

    const again = await imported(tithes(300));
    expect(again).toMatchObject({ alreadyImported: 0, review: { counts: { unmatched: 300 } } });
    expect(await db.select().from(statementImports).where(eq(statementImports.id, left))).toEqual([]);
  });
});

describe('who may use statements', () => {
  it('lets only admins preview, import, review or confirm', async () => {
    const csv = 'Date,Narrative,Amount\n01/11/2026,x,20\n';
    const review = (
      await imported(csv, { account: 'usd_bank', date: 'Date', narrative: 'Narrative', amount: 'Amount' })
    ).review as StatementReview;
    for (const role of ['participant', 'company', 'facilitator', 'volunteer'] as const) {
      const who = await signedInAs(app, role);
      expect((await upload(who, '/api/statements/preview', { account: 'usd_bank' }, csv)).statusCode).toBe(
        403,
      );
      expect((await upload(who, '/api/statements', BANK, csv)).statusCode).toBe(403);
      expect((await injectAs(app, who).get(`/api/statements/${review.id}`)).statusCode).toBe(403);
      expect((await injectAs(app, who).get('/api/statements')).statusCode).toBe(403);
      const confirm = await injectAs(app, who).post(`/api/statements/${review.id}/confirm`, {
        skip: [],
        choose: [],
      });
      expect(confirm.statusCode).toBe(403);
    }
    expect((await visitor.get(`/api/statements/${review.id}`)).statusCode).toBe(401);
    expect((await asAdmin.get(`/api/statements/${review.id}`)).statusCode).toBe(200);
  });
});
