import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { setUpAppWithPages } from '../../../../tests/support/page-renderer.ts';
import { injectAs, signedInAs, testDatabase, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { gifts } from '../../db/schema/index.ts';

const { app, renderErrors } = setUpAppWithPages();
afterEach(() => expect(renderErrors).toEqual([]));

const CAUSE = {
  title: 'Borehole for Chitungwiza',
  text: 'Clean water for 400 families.',
  goalUsd: '1000',
  giftsOpen: true,
};
const postForm = (payload: string) =>
  injectAs(app).post('/Give', payload, { 'content-type': 'application/x-www-form-urlencoded' });
const asAdmin = async () => injectAs(app, await signedInAs(app, 'admin'));

describe(`the /Give page, rendered by the server (${testDatabaseKind})`, () => {
  it('says gifts are not taken while they are closed, and takes none posted', async () => {
    const page = await app.inject('/Give');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Gifts are not being taken at the moment');
    const posted = await postForm('preset=USD%3A10&name=Rudo&email=rudo%40example.com');
    expect(posted.statusCode).toBe(409);
    const { db } = await testDatabase();
    expect(await db.select().from(gifts)).toHaveLength(0);
  });

  it('shows the cause, the progress to its goal and the named givers; a gift posted without JavaScript gets its reference', async () => {
    const admin = await asAdmin();
    expect((await admin.put('/api/admin/cause', CAUSE)).statusCode).toBe(200);
    // A preset chosen, nothing typed: the preset's amount and currency.
    const posted = await postForm(
      'preset=USD%3A20&amount=&currency=USD&name=Rudo+Moyo&email=rudo%40example.com&mobile=&showName=on',
    );
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.headers['cache-control']).toContain('no-store');
    const { db } = await testDatabase();
    const [gift] = await db.select().from(gifts);
    expect(gift).toMatchObject({ amount: '20.00', currency: 'USD', giverName: 'Rudo Moyo', showName: true });
    expect(posted.body).toContain(`Your gift reference is ${gift?.reference}`);
    expect(posted.body).toContain('US$20.00');

    await admin.post(`/api/admin/gifts/${gift?.id}/paid`, { method: 'cash' });
    const page = await app.inject('/Give');
    expect(page.body).toContain(CAUSE.title);
    expect(page.body).toContain('aria-valuenow="2"');
    expect(page.body).toContain('1 gift so far');
    expect(page.body).toMatch(/Rudo<\/span>/);
    expect(page.body).not.toContain('Moyo');
    expect(page.body).not.toContain('rudo@example.com');
  });

  it('answers a wrong form again with what was typed and each message beside its field (400)', async () => {
    const admin = await asAdmin();
    await admin.put('/api/admin/cause', CAUSE);
    const posted = await postForm('preset=&amount=abc&currency=ZWG&name=&email=&mobile=');
    expect(posted.statusCode).toBe(400);
    expect(posted.body).toContain('Enter your name');
    expect(posted.body).toContain('Enter the amount as a number');
    expect(posted.body).toContain('value="abc"');
    const { db } = await testDatabase();
    expect(await db.select().from(gifts).where(eq(gifts.currency, 'ZWG'))).toHaveLength(0);
  });
});
