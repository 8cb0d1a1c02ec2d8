import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { setUpAppWithPages } from '../../../../tests/support/page-renderer.ts';
import { injectAs, testDatabase, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { events, gifts, raceOptions, registrations } from '../../db/schema/index.ts';

// "Add a gift to <cause>" on the registration form posted without JavaScript (issue 43).

const { app, renderErrors } = setUpAppWithPages();
afterEach(() => expect(renderErrors).toEqual([]));

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

const form = (lastName: string, giftAmount: string, giftCurrency = 'USD') =>
  new URLSearchParams({
    idempotencyKey: `gift-form-key-${lastName}-0000`,
    firstName: 'Rudo',
    lastName,
    email: `${lastName.toLowerCase()}@example.com`,
    mobile: '0774123456',
    age: '29',
    gender: '',
    raceType: '10km',
    tshirtSize: 'Medium',
    nextOfKinMobile: '0712345678',
    consent: 'on',
    giftAmount,
    giftCurrency,
  }).toString();
const postForm = (payload: string) =>
  injectAs(app).post('/Register', payload, { 'content-type': 'application/x-www-form-urlencoded' });

describe(`a gift on the form without JavaScript (${testDatabaseKind})`, () => {
  it('is offered only while gifts are open, and registers the entry with its gift, the total due on the page', async () => {
    await giftsOpen(false);
    expect(readable((await injectAs(app).get('/Register')).body)).not.toContain('Add a gift');
    await giftsOpen(true);
    const page = readable((await injectAs(app).get('/Register')).body);
    expect(page).toContain('Add a gift to the Borehole');
    expect(page).toMatch(/<input[^>]*name="giftAmount"/);
    expect(page).toMatch(/<input[^>]*name="giftCurrency"[^>]*value="ZWG"/);

    const response = await postForm(form('Giver', '10'));
    expect(response.statusCode, response.body).toBe(200);
    const thanks = readable(response.body);
    expect(thanks).toContain('Total due: US$30.00');
    expect(thanks).toContain('Entry US$20.00 and your gift US$10.00');
    expect(thanks).toContain('your gift US$10.00');
    const { db } = await testDatabase();
    const [entry] = await db.select().from(registrations).where(eq(registrations.lastName, 'Giver'));
    const [gift] = await db
      .select()
      .from(gifts)
      .where(eq(gifts.registrationId, entry?.id ?? ''));
    expect(gift).toMatchObject({ amount: '10.00', currency: 'USD', status: 'unpaid' });

    // Empty: no gift, the fee alone.
    const none = readable((await postForm(form('Nogift', ''))).body);
    expect(none).toContain('Total due: US$20.00 or ZWG 520.00');
    expect(await db.select().from(gifts)).toHaveLength(1);

    // In ZWG, "I will pay in" ZWG: the ZWG total.
    const zwg = readable((await postForm(form('Zwggiver', '250', 'ZWG'))).body);
    expect(zwg).toContain('Total due: ZWG 770.00');
    expect(zwg).toContain('Entry ZWG 520.00 and your gift ZWG 250.00');
    expect(await db.select().from(gifts).where(eq(gifts.currency, 'ZWG'))).toHaveLength(1);
  });
});
