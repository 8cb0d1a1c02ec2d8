import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { setUpAppWithPages } from '../../../../tests/support/page-renderer.ts';
import { injectAs, testDatabase, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { events, gifts, raceOptions } from '../../db/schema/index.ts';

// "Add a gift to <cause>" on /My/<token> without JavaScript (issue 43): plain forms posted to the page.

const { app, renderErrors } = setUpAppWithPages();
afterEach(() => expect(renderErrors).toEqual([]));

const runner = runnerSeries();
const readable = (html: string) =>
  html.replaceAll('<!-- -->', '').replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');

async function giftsOpen(open: boolean) {
  const { db } = await testDatabase();
  await db
    .update(events)
    .set({ causeTitle: 'the Borehole', giftsOpen: open })
    .where(eq(events.isCurrent, true));
  await db.update(raceOptions).set({ feeUsd: '20.00', feeZwg: '520.00' });
  await app.context.currentEvent.reload();
}

async function registered() {
  const response = await injectAs(app).post('/api/registrations', runner({ raceType: '10km' }), {
    'idempotency-key': crypto.randomUUID(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { myLink: string }).myLink.replace('/My/', '');
}

const post = (token: string, fields: Record<string, string>) =>
  injectAs(app).post(`/My/${token}`, new URLSearchParams(fields).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  });
const page = async (token: string) => readable((await injectAs(app).get(`/My/${token}`)).body);
const giftRows = async () => (await testDatabase()).db.select().from(gifts);

describe(`a gift on /My without JavaScript (${testDatabaseKind})`, () => {
  it('adds a preset or typed gift, changes and removes it, the total due with it on the page', async () => {
    await giftsOpen(true);
    const token = await registered();
    const before = await page(token);
    expect(before).toContain('Add a gift to the Borehole');
    expect(before).toMatch(
      new RegExp(
        `<form[^>]*action="/My/${token}" method="post"><input type="hidden" name="gift" value="add"`,
      ),
    );
    expect(before).toContain('value="USD:10"');

    const added = await post(token, { gift: 'add', preset: 'USD:10', amount: '', currency: 'USD' });
    expect(added.statusCode, added.body).toBe(303);
    expect(added.headers.location).toBe(`/My/${token}`);
    expect(await giftRows()).toMatchObject([{ amount: '10.00', currency: 'USD', status: 'unpaid' }]);
    const after = await page(token);
    expect(after).toContain('Total due: US$30.00');
    expect(after).toContain('Your gift to the Borehole');
    expect(after).toContain('Remove the gift');

    // A typed amount wins over a preset; a second add changes the one gift.
    await post(token, { gift: 'add', preset: 'USD:5', amount: '250', currency: 'ZWG' });
    expect(await giftRows()).toMatchObject([{ amount: '250.00', currency: 'ZWG', status: 'unpaid' }]);
    expect(await page(token)).toContain('ZWG 770.00');

    expect((await post(token, { gift: 'remove' })).statusCode).toBe(303);
    expect(await giftRows()).toHaveLength(0);
    expect(await page(token)).toContain('Total due: US$20.00');
  });

  it('answers a wrong amount with the page and its message, what was typed kept, and adds nothing', async () => {
    await giftsOpen(true);
    const token = await registered();
    const response = await post(token, { gift: 'add', amount: 'ten', currency: 'USD' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = readable(response.body);
    expect(body).toContain('Add a gift to the Borehole');
    expect(body).toMatch(/value="ten"/);
    expect(body).toMatch(/aria-invalid="true"/);
    expect(await giftRows()).toHaveLength(0);
  });

  it('offers no gift while gifts are closed, and refuses one posted anyway', async () => {
    await giftsOpen(false);
    const token = await registered();
    expect(await page(token)).not.toContain('Add a gift');
    const response = await post(token, { gift: 'add', preset: 'USD:10', currency: 'USD' });
    expect(response.statusCode).toBe(409);
    expect(await giftRows()).toHaveLength(0);
  });

  it('does nothing for a link that opens no entry', async () => {
    await giftsOpen(true);
    const token = await registered();
    const other = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    const response = await post(other, { gift: 'add', preset: 'USD:10', currency: 'USD' });
    expect(response.statusCode).toBe(303);
    expect(await giftRows()).toHaveLength(0);
  });
});
