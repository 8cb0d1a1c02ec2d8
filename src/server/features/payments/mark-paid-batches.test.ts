import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseWaitsMeanwhile, median } from '../../../../tests/support/database-meanwhile.ts';
import { changeRaces, setUpTestApp } from '../../../../tests/support/test-app.ts';
import { receipts, registrations } from '../../db/schema/index.ts';
import { seedDemoRegistrations } from '../../db/seed/demo.ts';

const { app, db, asAdmin } = setUpTestApp();

/**
 * Each entry marked paid is made to take longer than a transaction of long admin work may run (as on a slow
 * machine), and marking the entry `failing` fails, as a server stopping mid-way would.
 */
async function slowPayments(failing = '') {
  await db.execute(
    sql.raw(`create or replace function test_slow_mark() returns trigger language plpgsql as $$
      declare started timestamptz := clock_timestamp();
      begin
        if new.id::text = '${failing}' then raise exception 'the server stopped'; end if;
        while clock_timestamp() < started + interval '45 milliseconds' loop end loop;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`create or replace trigger test_slow_mark before update of payment_status on registrations
      for each row when (new.payment_status = 'paid') execute function test_slow_mark()`),
  );
}
afterEach(async () => {
  await db.execute(sql.raw('drop trigger if exists test_slow_mark on registrations'));
  await db.execute(sql.raw('drop function if exists test_slow_mark()'));
});

/** The ids of 40 unpaid demo entries, in a race with a USD 20 fee. */
async function unpaidEntries() {
  await changeRaces(asAdmin, () => ({ feeUsd: '20.00', feeZwg: '520.00' }));
  await seedDemoRegistrations(db, 100);
  const rows = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.paymentStatus, 'unpaid'))
    .orderBy(asc(registrations.reference))
    .limit(40);
  expect(rows).toHaveLength(40);
  return rows.map((row) => row.id);
}

const markPaid = (ids: string[]) =>
  asAdmin.post('/api/participants/mark-paid', { ids, method: 'cash', currency: 'USD', paidOn: '2026-11-20' });
const paidAmong = (ids: string[]) =>
  db.$count(registrations, and(inArray(registrations.id, ids), eq(registrations.paymentStatus, 'paid')));

describe('"Mark paid" on a selection, in short transactions', () => {
  it('lets the database answer others between its payments', async () => {
    const ids = await unpaidEntries();
    await slowPayments();
    const marking = markPaid(ids);
    const waits = await databaseWaitsMeanwhile(app, marking);
    const response = await marking;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().marked).toHaveLength(40);
    // Forty payments of 45 ms each in one transaction held the embedded database 1.8 s.
    expect(waits.length).toBeGreaterThan(5);
    // Most answers come between two short transactions: on a busy machine one may wait for a long one.
    expect(median(waits)).toBeLessThan(300);
  });

  it('a selection cut short keeps what it marked; marking it again marks the rest, each entry once', async () => {
    const ids = await unpaidEntries();
    await slowPayments(ids.at(-1));
    expect((await markPaid(ids)).statusCode).toBe(500);
    const marked = await paidAmong(ids);
    expect(marked).toBeGreaterThan(0);
    expect(marked).toBeLessThan(40);

    await slowPayments();
    const again = await markPaid(ids);
    expect(again.statusCode, again.body).toBe(200);
    const body = again.json() as { marked: { id: string }[]; skipped: { id: string; reason: string }[] };
    expect(body.marked.map((entry) => entry.id)).toEqual(ids.slice(marked));
    expect(body.skipped).toEqual(
      ids.slice(0, marked).map((id) => expect.objectContaining({ id, reason: 'paid' })),
    );
    const perEntry = await db
      .select({ receipts: count() })
      .from(receipts)
      .where(inArray(receipts.registrationId, ids))
      .groupBy(receipts.registrationId);
    expect(perEntry.map((row) => row.receipts)).toEqual(ids.map(() => 1));
  });
});
