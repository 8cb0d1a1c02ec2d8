import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { changeRaces, multipartFile, setUpTestApp } from '../../../../tests/support/test-app.ts';
import type { StatementImportResult, StatementReview } from '../../../shared/statements/statements.ts';
import { receipts, registrations, statementLines } from '../../db/schema/index.ts';
import { seedDemoRegistrations } from '../../db/seed/demo.ts';

const { db, asAdmin } = setUpTestApp();

const BANK = { account: 'usd_bank', date: 'Date', narrative: 'Narrative', amount: 'Amount' };

/**
 * Each entry marked paid is made to take longer than a confirmation's transaction may run, so every line is a
 * transaction of its own; and marking the entry `failing` fails, as a server stopping mid-way would.
 */
async function slowPayments(failing = '') {
  await db.execute(
    sql.raw(`create or replace function test_slow_payment() returns trigger language plpgsql as $$
      declare started timestamptz := clock_timestamp();
      begin
        if new.reference = '${failing}' then raise exception 'the server stopped'; end if;
        while clock_timestamp() < started + interval '45 milliseconds' loop end loop;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`create or replace trigger test_slow_payment before update of payment_status on registrations
      for each row when (new.payment_status = 'paid') execute function test_slow_payment()`),
  );
}
afterEach(async () => {
  await db.execute(sql.raw('drop trigger if exists test_slow_payment on registrations'));
  await db.execute(sql.raw('drop function if exists test_slow_payment()'));
});

/** Demo entries with USD 20 fees, and a statement paying each unpaid one, the first of them twice. */
async function statementForUnpaid() {
  await changeRaces(asAdmin, () => ({ feeUsd: '20.00', feeZwg: '520.00' }));
  await seedDemoRegistrations(db, 24);
  const unpaid = (
    await db
      .select({ reference: registrations.reference })
      .from(registrations)
      .where(eq(registrations.paymentStatus, 'unpaid'))
      .orderBy(asc(registrations.reference))
  ).map((row) => row.reference);
  expect(unpaid.length).toBeGreaterThan(6);
  const lines = [...unpaid, unpaid[0]].map(
    (reference, i) => `0${1 + (i % 9)}/11/2026,FT ${reference} FUN RUN ${i},20.00`,
  );
  const csv = ['Date,Narrative,Amount', ...lines].join('\n');
  const form = multipartFile('statement.csv', Buffer.from(csv), 'text/csv');
  const response = await asAdmin.post(`/api/statements?${new URLSearchParams(BANK)}`, form.payload, {
    'content-type': form.contentType,
  });
  expect(response.statusCode, response.body).toBe(201);
  const review = (response.json() as StatementImportResult).review as StatementReview;
  expect(review.counts.matched).toBe(unpaid.length + 1);
  return { unpaid, id: review.id };
}

const confirm = (id: string) => asAdmin.post(`/api/statements/${id}/confirm`, { skip: [], choose: [] });
const paidReferences = async () =>
  (await db.select().from(registrations).where(isNotNull(registrations.payerReference)))
    .map((row) => row.reference)
    .sort();
/** How many receipts each entry has, by reference, for those with any. */
const receiptsPerEntry = async () =>
  (
    await db
      .select({ reference: registrations.reference, receipts: count() })
      .from(receipts)
      .innerJoin(registrations, eq(registrations.id, receipts.registrationId))
      .groupBy(registrations.reference)
  ).map((row) => row.receipts);

describe('confirming a statement in short transactions', () => {
  it('pays line by line; a confirmation cut short leaves paid what it paid, and confirming again pays the rest once', async () => {
    const { unpaid, id } = await statementForUnpaid();
    await slowPayments(unpaid[4]);
    const cut = await confirm(id);
    expect(cut.statusCode).toBe(500);
    // The four lines before the failure were each a transaction of their own, and stay.
    expect(await paidReferences()).toEqual(unpaid.slice(0, 4));
    const review = (await asAdmin.get(`/api/statements/${id}`)).json() as StatementReview;
    expect(review.confirmedAt).toBeNull();
    expect(review.toMark).toBe(unpaid.length - 4);
    expect(
      await db.$count(statementLines, and(eq(statementLines.importId, id), isNull(statementLines.appliedAt))),
    ).toBe(unpaid.length + 1 - 4);

    await slowPayments();
    const finished = await confirm(id);
    expect(finished.statusCode, finished.body).toBe(200);
    const body = finished.json() as { review: StatementReview; marked: string[] };
    expect(body.marked).toEqual(unpaid.slice(4));
    expect(body.review.confirmedAt).not.toBeNull();
    expect(await paidReferences()).toEqual(unpaid);
    // Each entry paid once: one receipt each, though its line was read twice and the first is named twice.
    expect(await receiptsPerEntry()).toEqual(unpaid.map(() => 1));
    const again = await confirm(id);
    expect(again.json().marked).toEqual([]);
    expect(await receiptsPerEntry()).toHaveLength(unpaid.length);
  });

  it('lets two admins confirm at once: their transactions take turns, and each entry is paid once', async () => {
    const { unpaid, id } = await statementForUnpaid();
    await slowPayments();
    const [first, second] = await Promise.all([confirm(id), confirm(id)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const marked = [...first.json().marked, ...second.json().marked].sort();
    expect(marked).toEqual(unpaid);
    expect(await paidReferences()).toEqual(unpaid);
    expect(await receiptsPerEntry()).toEqual(unpaid.map(() => 1));
    expect(second.json().review.confirmedAt).not.toBeNull();
  });
});
