import { describe, expect, it } from 'vitest';
import { entry, setUpRegistrationTests } from '../../../../tests/support/registrations.ts';
import { testDatabase, testDatabaseKind } from '../../../../tests/support/test-app.ts';

const { app, post, allRegistrations, allMail } = setUpRegistrationTests();

type Receipt = { reference: string; myLink: string };

/** Entries posted at the same moment, as when registration opens. */
const atOnce = (bodies: Record<string, unknown>[], headers: Record<string, string>[] = []) =>
  Promise.all(bodies.map((body, at) => post(body, headers[at])));

/** How many transactions wrote the entries: the entries of one statement share its transaction's id. */
async function transactionsThatWrote() {
  const [row] = await (await testDatabase()).run<{ n: number }>(
    {
      name: 'insert-batch-transactions',
      text: 'select count(distinct xmin::text)::int as n from registrations',
    },
    [],
  );
  return Number(row?.n);
}

const crowd = (size: number, tag: string) =>
  Array.from({ length: size }, (_, at) => entry({ email: `${tag}.${at}@example.com` }));

/** The entries of a crowd on PostgreSQL go to the database together (PGlite writes one statement at a time). */
describe.runIf(testDatabaseKind === 'postgres')('entries arriving at the same moment', () => {
  it('are written together, each with its own reference, private link and confirmation mail', async () => {
    const bodies = crowd(30, 'crowd');
    const responses = await atOnce(bodies);
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const receipts = responses.map((response) => response.json() as Receipt);
    expect(new Set(receipts.map((receipt) => receipt.reference)).size).toBe(30);
    expect(await transactionsThatWrote()).toBeLessThan(30);

    const stored = await allRegistrations();
    const mails = await allMail();
    expect(stored).toHaveLength(30);
    expect(mails).toHaveLength(30);
    for (const [at, body] of bodies.entries()) {
      const { reference, myLink } = receipts[at] as Receipt;
      expect(stored.find((each) => each.row.reference === reference)?.row).toMatchObject({
        email: body.email,
        lastName: body.lastName,
      });
      const mail = mails.find((each) => each.to === body.email);
      expect(mail?.subject).toContain(reference);
      expect(mail?.text).toContain(reference);
      const mine = await app.inject({ method: 'GET', url: `/api/my/${myLink.split('/').pop()}` });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json()).toMatchObject({ reference, lastName: body.lastName });
    }
  });

  it('answers each entry as if alone when one of them is a person already entered', async () => {
    const person = { firstName: 'Rudo', lastName: 'Gumbo', email: 'rudo.gumbo@example.com' };
    const first = await post(entry(person));
    expect(first.statusCode).toBe(201);

    const responses = await atOnce([...crowd(12, 'with-rudo'), entry(person), ...crowd(12, 'after-rudo')]);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(24);
    const again = responses[12];
    expect(again?.statusCode, again?.body).toBe(200);
    expect(again?.json().reference).toBe(first.json().reference);
    expect(await allRegistrations()).toHaveLength(25);
  });

  it('makes one entry of a request sent twice at once, and answers both with it', async () => {
    const body = entry();
    const key = { 'idempotency-key': 'crowd-retry-0001' };
    const responses = await atOnce(
      [...crowd(8, 'before'), body, body, ...crowd(8, 'after')],
      [...Array(8).fill({}), key, key],
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    expect(responses[8]?.json().reference).toBe(responses[9]?.json().reference);
    expect(await allRegistrations()).toHaveLength(17);
  });

  it("keeps an address's limit of 5 confirmations an hour when its entries arrive together", async () => {
    const bodies = Array.from({ length: 8 }, () => entry({ email: 'family@example.com' }));
    const responses = await atOnce([...crowd(10, 'others'), ...bodies]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const mails = await allMail();
    expect(mails.filter((mail) => mail.to === 'family@example.com')).toHaveLength(5);
    expect(mails).toHaveLength(15);
  });
});
