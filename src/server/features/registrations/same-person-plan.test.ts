import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { startPreparingDatabase } from '../../db/prepare.ts';

/**
 * A new event's entries on a new database: the same-person check (migration 0035) reads only the entries with the
 * new one's mobile and names. Its plan, kept from the first entries, once scanned every active entry of the race
 * index for each new one: 7,000 entries on one mobile read 26 million rows (issue 44's bench). A plan kept while
 * the table's statistics said it was tiny (analysed after three entries) would scan the whole table.
 */
const base = process.env.TEST_DATABASE_URL;
const name = `same_person_plan_${randomBytes(6).toString('hex')}`;

async function onServer<T>(database: string | undefined, work: (client: pg.Client) => Promise<T>) {
  const url = new URL(base ?? '');
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  if (base)
    await onServer(undefined, (client) => client.query(`drop database if exists ${name} with (force)`));
});

describe.runIf(testDatabaseKind === 'postgres')('the same-person check on a new database', () => {
  it('reads only the entries with the new one’s mobile and names, however many share the mobile', async () => {
    await onServer(undefined, (client) => client.query(`create database ${name}`));
    const url = new URL(base ?? '');
    url.pathname = `/${name}`;
    const { database, prepared } = await startPreparingDatabase({
      DATA_DIR: 'memory://',
      DATABASE_URL: url.toString(),
    });
    await prepared;
    await database.close();

    const readElsewhere = await onServer(name, async (client) => {
      await client.query('begin');
      // One session, as a pooled connection is: its plans are kept from one entry to the next.
      for (let n = 1; n <= 40; n += 1) {
        await client.query(
          `insert into registrations (event_id, discipline, race_option_id, reference, first_name, last_name, email,
             mobile, next_of_kin_mobile, age, tshirt_size, terms_version, consented_at)
           select e.id, 'run', r.id, 'PLAN-' || $1::text, 'Runner' || $1::text, 'Moyo', 'runner' || $1::text || '@example.com',
             '+263772000111', '+263772000222', 30, 'M', 1, now()
           from events e join race_options r on r.event_id = e.id and r.discipline = 'run'
           where e.is_current order by r.sort_order limit 1`,
          [n],
        );
        if (n === 3) await client.query('analyze registrations');
      }
      // Rows read by a scan of the table or of any of its indexes but the one of mobiles and names.
      const { rows } = await client.query<{ read: string }>(
        `select sum(pg_stat_get_xact_tuples_returned(relid))::integer as read
         from (select 'registrations'::regclass::oid as relid
               union all select indexrelid from pg_index
               where indrelid = 'registrations'::regclass
                 and indexrelid <> 'registrations_mobile_names'::regclass) as scanned`,
      );
      await client.query('rollback');
      return Number(rows[0]?.read);
    });
    expect(readElsewhere).toBe(0);
  });
});
