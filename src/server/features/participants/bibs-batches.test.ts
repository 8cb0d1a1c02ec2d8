import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseWaitsMeanwhile, median } from '../../../../tests/support/database-meanwhile.ts';
import { setUpTestApp } from '../../../../tests/support/test-app.ts';
import { raceOptions, registrations } from '../../db/schema/index.ts';
import { seedDemoRegistrations } from '../../db/seed/demo.ts';

const { app, db, asAdmin } = setUpTestApp();

/**
 * Each bib given is made to take longer (as on a slow machine), and giving one to the entry `failing` fails, as
 * a server stopping mid-way would.
 */
async function slowBibs(ms: number, failing = '') {
  await db.execute(
    sql.raw(`create or replace function test_slow_bib() returns trigger language plpgsql as $$
      declare started timestamptz := clock_timestamp();
      begin
        if new.id::text = '${failing}' then raise exception 'the server stopped'; end if;
        while clock_timestamp() < started + interval '${ms} milliseconds' loop end loop;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`create or replace trigger test_slow_bib before update of bib on registrations
      for each row when (new.bib is not null) execute function test_slow_bib()`),
  );
}
afterEach(async () => {
  await db.execute(sql.raw('drop trigger if exists test_slow_bib on registrations'));
  await db.execute(sql.raw('drop function if exists test_slow_bib()'));
});

/** Demo entries, the 10 km race numbered from 1001; its entries in surname order. */
async function tenKmRace() {
  await seedDemoRegistrations(db, 300);
  const [race] = await db.select().from(raceOptions).where(eq(raceOptions.label, '10km'));
  if (!race) throw new Error('no 10 km race');
  await db.update(raceOptions).set({ bibFrom: 1001, bibTo: 1999 }).where(eq(raceOptions.id, race.id));
  const entries = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.raceOptionId, race.id))
    .orderBy(
      sql`lower(${registrations.lastName})`,
      sql`lower(${registrations.firstName})`,
      registrations.reference,
    );
  expect(entries.length).toBeGreaterThan(20);
  return { id: race.id, entries: entries.map((row) => row.id) };
}

const assign = (raceId: string) => asAdmin.post(`/api/races/${raceId}/bibs`, { order: 'surname' });
const bibsOf = async (ids: string[]) => {
  const rows = await db.select({ id: registrations.id, bib: registrations.bib }).from(registrations);
  const byId = new Map(rows.map((row) => [row.id, row.bib]));
  return ids.map((id) => byId.get(id));
};

describe("a race's bibs given in short transactions", () => {
  it('lets the database answer others meanwhile, and gives the numbers one transaction would', async () => {
    const race = await tenKmRace();
    await slowBibs(10);
    const assigning = assign(race.id);
    const waits = await databaseWaitsMeanwhile(app, assigning);
    const response = await assigning;
    expect(response.statusCode, response.body).toBe(200);
    const count = race.entries.length;
    expect(response.json()).toEqual({ assigned: count, first: 1001, last: 1000 + count });
    expect(await bibsOf(race.entries)).toEqual(race.entries.map((_, index) => 1001 + index));
    // Every bib in one transaction held the embedded database 10 ms an entry, a second for a hundred.
    expect(waits.length).toBeGreaterThan(3);
    // Most answers come between two short transactions: on a busy machine one may wait for a long one.
    expect(median(waits)).toBeLessThan(300);
  });

  it('a run cut short keeps the bibs it gave; assigning again gives the rest the next numbers', async () => {
    const race = await tenKmRace();
    await slowBibs(10, race.entries.at(-1));
    expect((await assign(race.id)).statusCode).toBe(500);
    const given = (await bibsOf(race.entries)).filter((bib) => bib !== null).length;
    expect(given).toBeGreaterThan(0);
    expect(given).toBeLessThan(race.entries.length);

    await slowBibs(0);
    const again = await assign(race.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      assigned: race.entries.length - given,
      first: 1001 + given,
      last: 1000 + race.entries.length,
    });
    expect(await bibsOf(race.entries)).toEqual(race.entries.map((_, index) => 1001 + index));
    expect(
      await db.$count(registrations, and(eq(registrations.raceOptionId, race.id), isNull(registrations.bib))),
    ).toBe(0);
  });
});
