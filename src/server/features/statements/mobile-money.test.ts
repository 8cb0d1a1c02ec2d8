import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { letters, runnerEntry } from '../../../../tests/support/entries.ts';
import { changeRaces, injectAs, multipartFile, setUpTestApp } from '../../../../tests/support/test-app.ts';
import {
  STATEMENT_OUTCOMES,
  type StatementLine,
  type StatementLinesPage,
  type StatementPreview,
  type StatementReview,
} from '../../../shared/statements/statements.ts';
import { registrations } from '../../db/schema/index.ts';

const { app, db, visitor, asAdmin, admin } = setUpTestApp();

/** 10 km: USD 20; 5 km: USD 15. */
const setFees = () =>
  changeRaces(asAdmin, (race) =>
    race.label === '10km' ? { feeUsd: '20.00', feeZwg: '520.00' } : { feeUsd: '15.00', feeZwg: '390.00' },
  );

let serial = 0;
/** Registers a 10 km runner with this mobile; answers the reference. */
async function registered(mobile: string) {
  serial += 1;
  const response = await visitor.post('/api/registrations', runnerEntry(letters(serial), { mobile }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().reference as string;
}

function post(url: string, csv: string) {
  const form = multipartFile('ecocash.csv', Buffer.from(csv), 'text/csv');
  return injectAs(app, admin).post(url, form.payload, { 'content-type': form.contentType });
}

async function linesOf(id: string) {
  const lines: StatementLine[] = [];
  for (const outcome of STATEMENT_OUTCOMES) {
    const response = await asAdmin.get(`/api/statements/${id}/lines?outcome=${outcome}`);
    expect(response.statusCode, response.body).toBe(200);
    lines.push(...(response.json() as StatementLinesPage).lines);
  }
  return lines.sort((a, b) => a.id - b.id);
}

const statusOf = async (reference: string) => {
  const [row] = await db.select().from(registrations).where(eq(registrations.reference, reference));
  return [row?.paymentStatus, row?.paymentMethod, row?.paymentAmount];
};
const refs = (line: StatementLine | undefined) => line?.entries.map((entry) => entry.reference);

const ecocash = (rows: string[][]) =>
  [
    'Date,Transaction ID,Type,Sender MSISDN,Sender Name,Amount,Currency,Balance',
    ...rows.map((row) => row.join(',')),
  ].join('\r\n');

describe('a mobile-money merchant export (EcoCash), which carries no reference', () => {
  it("matches lines by the payer's number and the entries' total due, offers a number-only match unticked, and pays a line the admin assigns by hand", async () => {
    await setFees();
    const [a1, a2, a3] = [
      await registered('0771110001'),
      await registered('0771110001'),
      await registered('+263 77 111 0001'),
    ];
    const b = await registered('0771110002');
    const c = await registered('0771110003');
    const [d, e] = [await registered('0771110004'), await registered('0771110004')];
    const stranger = await registered('0771110009');
    const csv = ecocash([
      [
        '01/11/2026 09:00',
        'MP261101.0900.A1',
        'Merchant Payment',
        '263771110001',
        'TENDAI MOYO',
        '60.00',
        'USD',
        '60.00',
      ],
      [
        '01/11/2026 10:00',
        'MP261101.1000.B2',
        'Merchant Payment',
        '0771110002',
        'R CHIRWA',
        '20.00',
        'USD',
        '80.00',
      ],
      [
        '01/11/2026 11:00',
        'MP261101.1100.C3',
        'Merchant Payment',
        '263771110003',
        'F DUBE',
        '15.00',
        'USD',
        '95.00',
      ],
      [
        '01/11/2026 12:00',
        'MP261101.1200.D4',
        'Merchant Payment',
        '263771110004',
        'S NCUBE',
        '20.00',
        'USD',
        '115.00',
      ],
      [
        '01/11/2026 13:00',
        'MP261101.1300.E5',
        'Merchant Payment',
        '263785550000',
        'GRANDMA',
        '20.00',
        'USD',
        '135.00',
      ],
    ]);

    const preview = await post('/api/statements/preview?account=mobile_money', csv);
    expect(preview.statusCode, preview.body).toBe(200);
    const mapping = (preview.json() as StatementPreview).mapping;
    expect(mapping).toEqual({
      date: 'Date',
      narrative: 'Transaction ID',
      amount: 'Amount',
      currency: 'Currency',
      payer: 'Sender MSISDN',
      payerName: 'Sender Name',
    });

    const upload = await post(
      `/api/statements?${new URLSearchParams({ account: 'mobile_money', ...mapping })}`,
      csv,
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const review = upload.json().review as StatementReview;
    expect(review.counts).toEqual({ matched: 2, ambiguous: 0, 'amount-differs': 2, unmatched: 1 });
    expect(review.toMark).toBe(4);
    const [three, one, short, shared, unknown] = await linesOf(review.id);
    expect(three).toMatchObject({ outcome: 'matched', matchedBy: 'payer', team: true });
    expect(refs(three)).toEqual([a1, a2, a3]);
    expect(three?.narrative).toBe('MP261101.0900.A1 from TENDAI MOYO');
    expect(one).toMatchObject({ outcome: 'matched', matchedBy: 'payer' });
    expect(refs(one)).toEqual([b]);
    // The amount differs from what the number's entries owe: offered, not applied by default.
    expect(short).toMatchObject({ outcome: 'amount-differs', matchedBy: 'payer' });
    expect(refs(short)).toEqual([c]);
    expect(shared).toMatchObject({ outcome: 'amount-differs', matchedBy: 'payer' });
    expect(refs(shared)).toEqual([d, e]);
    expect(unknown).toMatchObject({ outcome: 'unmatched', matchedBy: null, entries: [] });

    // The admin pays the shared number's line to its second entry only, and the stranger's line by hand.
    const confirm = await asAdmin.post(`/api/statements/${review.id}/confirm`, {
      skip: [],
      choose: [],
      assign: [
        { line: shared?.id, registrationIds: [await idOf(e)] },
        { line: unknown?.id, registrationIds: [await idOf(stranger)] },
      ],
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((confirm.json().marked as string[]).sort()).toEqual([a1, a2, a3, b, e, stranger].sort());
    for (const reference of [a1, a2, a3, b, e, stranger]) {
      expect(await statusOf(reference)).toEqual(['paid', 'mobile_money', '20.00']);
    }
    expect(await statusOf(c)).toEqual(['unpaid', null, null]);
    expect(await statusOf(d)).toEqual(['unpaid', null, null]);
    const after = await linesOf(review.id);
    const assigned = after.find((line) => line.id === unknown?.id);
    expect(assigned).toMatchObject({ matchedBy: 'hand', entries: [{ reference: stranger }] });
    expect(assigned?.appliedAt).not.toBeNull();
  });

  it("pays a line naming two references both, by the one rule, when the admin assigns it to both; refuses another event's or unknown entry", async () => {
    await setFees();
    const [x, y] = [await registered('0771110005'), await registered('0771110006')];
    const teamless = ecocash([
      // Two references, with a third number that matches nothing: the line names an entry that does not exist too.
      [
        '02/11/2026 09:00',
        `Pay ${x} and ${y}`,
        'Merchant Payment',
        '263771110005',
        'T MOYO',
        '40.00',
        'USD',
        '40.00',
      ],
      [
        '02/11/2026 10:00',
        'MP261102.1000.Q9',
        'Merchant Payment',
        '263785550001',
        'UNKNOWN',
        '25.00',
        'USD',
        '65.00',
      ],
    ]);
    const mapping = {
      date: 'Date',
      narrative: 'Transaction ID',
      amount: 'Amount',
      currency: 'Currency',
      payer: 'Sender MSISDN',
    };
    const upload = await post(
      `/api/statements?${new URLSearchParams({ account: 'mobile_money', ...mapping })}`,
      teamless,
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const review = upload.json().review as StatementReview;
    const [both, stray] = await linesOf(review.id);
    // A reference wins over the payer's number.
    expect(both).toMatchObject({ outcome: 'matched', matchedBy: 'reference', team: true });
    expect(refs(both)).toEqual([x, y]);

    const refused = await asAdmin.post(`/api/statements/${review.id}/confirm`, {
      skip: [],
      choose: [],
      assign: [{ line: stray?.id, registrationIds: ['00000000-0000-4000-8000-000000000000'] }],
    });
    expect(refused.statusCode).toBe(400);
    expect(await statusOf(x)).toEqual(['unpaid', null, null]);

    // The stray line (25.00) paid by hand to y then x: y's whole fee, the rest a part payment on x.
    const confirm = await asAdmin.post(`/api/statements/${review.id}/confirm`, {
      skip: [both?.id],
      choose: [],
      assign: [{ line: stray?.id, registrationIds: [await idOf(y), await idOf(x)] }],
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await statusOf(y)).toEqual(['paid', 'mobile_money', '20.00']);
    expect((await statusOf(x))[0]).toBe('part_paid');
  });
});

async function idOf(reference: string) {
  const [row] = await db.select().from(registrations).where(eq(registrations.reference, reference));
  if (!row) throw new Error(`no entry ${reference}`);
  return row.id;
}
