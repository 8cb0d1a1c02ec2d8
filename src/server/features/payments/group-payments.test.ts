import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { importStatementLine } from '../../../../tests/support/gift-tests.ts';
import {
  changeRaces,
  injectAs,
  paidByHand,
  setUpTestApp,
  signedInAs,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { mailOutbox, receipts, registrations } from '../../db/schema/index.ts';

// Paying a group form's entries by its one reference (issue 36): statements, the admin's search and "Mark paid".

const { app, db, visitor, asAdmin } = setUpTestApp();
const runner = runnerSeries();

/** 10 km: USD 20; 5 km: USD 15. */
const setFees = () =>
  changeRaces(asAdmin, (race) =>
    race.label === '10km' ? { feeUsd: '20.00', feeZwg: '520.00' } : { feeUsd: '15.00', feeZwg: '390.00' },
  );

/** A mother (10 km) and her two children (5 km) sharing her contact, registered in one request. */
async function family() {
  const mother = runner({ firstName: 'Rudo', email: 'rudo.pays@example.com' });
  const child = (firstName: string, age: number) =>
    runner({
      firstName,
      email: mother.email,
      mobile: mother.mobile,
      age,
      raceType: '5km',
      guardianName: 'Rudo Moyo',
      guardianMobile: mother.mobile,
      guardianConsent: true,
    });
  const response = await visitor.post('/api/registrations/group', {
    people: [mother, child('Tanaka', 12), child('Nyasha', 9)],
  });
  expect(response.statusCode, response.body).toBe(201);
  const receipt = response.json() as { groupReference: string; members: { reference: string }[] };
  const rows = await db.select().from(registrations).orderBy(asc(registrations.reference));
  return { ...receipt, ids: rows.map((row) => row.id), references: receipt.members.map((m) => m.reference) };
}

async function statementPaying(narrative: string, amount: string) {
  const review = await importStatementLine(asAdmin, narrative, amount);
  const lines = await asAdmin.get(`/api/statements/${review.id}/lines?outcome=matched&page=1`);
  return { review, matched: lines.json().lines as { entries: { reference: string }[]; team: boolean }[] };
}

const paymentsOf = async () =>
  (await db.select().from(registrations).orderBy(asc(registrations.reference))).map((row) => [
    row.paymentStatus,
    row.paymentAmount,
  ]);
const receiptMails = () => db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payment-receipt'));

describe(`paying a group by its reference (${testDatabaseKind})`, () => {
  it('marks all three paid from one statement line quoting the group reference, with one receipt listing them', async () => {
    await setFees();
    const group = await family();
    const loose = group.groupReference.toLowerCase().replace('-', ' ');
    const { review, matched } = await statementPaying(`MOYO FAMILY ${loose}`, '50.00');
    expect(matched).toHaveLength(1);
    expect(matched[0]?.team).toBe(true);
    expect(matched[0]?.entries.map((entry) => entry.reference)).toEqual(group.references);

    const done = await asAdmin.post(`/api/statements/${review.id}/confirm`, { skip: [], choose: [] });
    expect(done.statusCode, done.body).toBe(200);
    expect(await paymentsOf()).toEqual([
      ['paid', '20.00'],
      ['paid', '15.00'],
      ['paid', '15.00'],
    ]);
    const issued = await db.select().from(receipts);
    expect(issued).toHaveLength(3);
    expect(new Set(issued.map((receipt) => receipt.number)).size).toBe(1);
    const mails = await receiptMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('rudo.pays@example.com');
    for (const reference of group.references) expect(mails[0]?.text).toContain(reference);
    expect(mails[0]?.text).toContain('Amount: USD 50.00');
  });

  it('pays a part-paid group’s rest, and a short payment whole fees in form order, the rest a part payment', async () => {
    await setFees();
    const group = await family();
    // Tanaka was paid on his own: the group owes the rest, 20 + 15.
    await paidByHand(asAdmin, group.ids[1], { method: 'cash', amount: '15.00', paidOn: '2026-11-01' });
    const rest = await statementPaying(group.groupReference, '35.00');
    expect(rest.matched[0]?.entries.map((entry) => entry.reference)).toEqual([
      group.references[0],
      group.references[2],
    ]);

    const other = await family();
    const short = await statementPaying(other.groupReference, '30.00');
    expect(short.matched).toHaveLength(0);
    const differs = await asAdmin.get(
      `/api/statements/${short.review.id}/lines?outcome=amount-differs&page=1`,
    );
    const [line] = differs.json().lines as { id: number; entries: { id: string }[] }[];
    expect(line?.entries).toHaveLength(3);
    const done = await asAdmin.post(`/api/statements/${short.review.id}/confirm`, {
      skip: [],
      choose: [{ line: line?.id, registrationId: line?.entries[0]?.id }],
    });
    expect(done.statusCode, done.body).toBe(200);
    // 30 pays the mother's 20 whole, then 10 of Tanaka's 15; Nyasha is not reached.
    expect((await paymentsOf()).slice(3)).toEqual([
      ['paid', '20.00'],
      ['part_paid', '10.00'],
      ['unpaid', null],
    ]);
    // What the group owes now is the rest: Tanaka's 5 and Nyasha's 15.
    const again = await statementPaying(other.groupReference, '20.00');
    expect(again.matched[0]?.entries.map((entry) => entry.reference)).toEqual(other.references.slice(1));
  });

  it('finds the group by its reference in the participants list, and "Mark paid" gives it one receipt', async () => {
    await setFees();
    const group = await family();
    await family();
    const found = await asAdmin.get(
      `/api/participants?q=${encodeURIComponent(group.groupReference.toLowerCase())}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    const listed = found.json().rows as { id: string; reference: string }[];
    expect(listed.map((row) => row.reference).sort()).toEqual([...group.references].sort());

    const marked = await asAdmin.post('/api/participants/mark-paid', {
      ids: listed.map((row) => row.id),
      method: 'cash',
      currency: 'USD',
      paidOn: '2026-11-20',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().marked).toHaveLength(3);
    const issued = await db.select().from(receipts);
    expect(issued).toHaveLength(3);
    expect(new Set(issued.map((receipt) => receipt.number)).size).toBe(1);
    expect(await receiptMails()).toHaveLength(1);
  });

  it('shows each entry’s group in the participants list; an entry that leaves its group pays alone', async () => {
    await setFees();
    const group = await family();
    const single = await visitor.post('/api/registrations', runner());
    expect(single.statusCode).toBe(201);
    const list = (await asAdmin.get('/api/participants?sort=createdAt&dir=asc')).json().rows as {
      id: string;
      reference: string;
      group: string | null;
    }[];
    expect(list.map((row) => row.group)).toEqual([
      group.groupReference,
      group.groupReference,
      group.groupReference,
      null,
    ]);

    const left = await asAdmin.post(`/api/participants/${group.ids[2]}/leave-group`);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toMatchObject({ group: null });
    expect(left.json().history[0]).toMatchObject({
      action: 'edited',
      summary: `Left the group ${group.groupReference}: pays alone`,
    });
    const found = await asAdmin.get(`/api/participants?q=${group.groupReference}`);
    expect(found.json().rows).toHaveLength(2);
    // The group reference now pays the two who stayed: 20 + 15.
    const { matched } = await statementPaying(group.groupReference, '35.00');
    expect(matched[0]?.entries.map((entry) => entry.reference)).toEqual(group.references.slice(0, 2));
    expect((await asAdmin.post(`/api/participants/${group.ids[2]}/leave-group`)).statusCode).toBe(200);
    expect((await visitor.post(`/api/participants/${group.ids[0]}/leave-group`)).statusCode).toBe(401);
  });

  it('gives a company team’s payment, by its team reference or Mark paid, one receipt mailed to the company', async () => {
    await setFees();
    const company = await signedInAs(app, 'company');
    const asCompany = injectAs(app, company);
    for (const raceType of ['10km', '5km', '10km']) {
      const staff = runner({ raceType });
      expect((await asCompany.post('/api/team/registrations', staff)).statusCode).toBe(201);
    }
    const team = (await asCompany.get('/api/team/registrations')).json();
    const { review } = await statementPaying(`ACME STAFF RUN ${team.reference}`, '55.00');
    const done = await asAdmin.post(`/api/statements/${review.id}/confirm`, { skip: [], choose: [] });
    expect(done.statusCode, done.body).toBe(200);
    expect((await paymentsOf()).map(([status]) => status)).toEqual(['paid', 'paid', 'paid']);
    const issued = await db.select().from(receipts);
    expect(issued).toHaveLength(3);
    expect(new Set(issued.map((receipt) => receipt.number)).size).toBe(1);
    const mails = await receiptMails();
    expect(mails.map((mail) => mail.to)).toEqual([company.email]);
    for (const entry of team.entries) expect(mails[0]?.text).toContain(entry.reference);

    // Mark paid: the team's chosen entries are one payment too.
    for (const raceType of ['10km', '5km']) {
      expect((await asCompany.post('/api/team/registrations', runner({ raceType }))).statusCode).toBe(201);
    }
    const found = (await asAdmin.get(`/api/participants?q=${team.reference}&payment=unpaid`)).json().rows as {
      id: string;
    }[];
    expect(found).toHaveLength(2);
    const marked = await asAdmin.post('/api/participants/mark-paid', {
      ids: found.map((row) => row.id),
      method: 'cash',
      currency: 'USD',
      paidOn: '2026-11-20',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(new Set((await db.select().from(receipts)).map((receipt) => receipt.number))).toEqual(
      new Set([1, 2]),
    );
    expect(await receiptMails()).toHaveLength(2);
  });
});
