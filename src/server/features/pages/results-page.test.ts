import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { setUpAppWithPages } from '../../../../tests/support/page-renderer.ts';
import {
  injectAs,
  multipartFile,
  signedInAs,
  testDatabase,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { registrations } from '../../db/schema/index.ts';

const { app, renderErrors } = setUpAppWithPages();
// Every page rendered whole on the server: a part that fails would quietly be left to the browser.
afterEach(() => expect(renderErrors).toEqual([]));

const runner = runnerSeries();

/** Runners with these bibs and names, timed in this order, and the results published or not. */
async function timed(people: [number, object][], publish: boolean) {
  const visitor = injectAs(app);
  const { db } = await testDatabase();
  for (const [bib, entry] of people) {
    const response = await visitor.post('/api/registrations', runner(entry));
    expect(response.statusCode, response.body).toBe(201);
    await db.update(registrations).set({ bib }).where(eq(registrations.reference, response.json().reference));
  }
  const admin = injectAs(app, await signedInAs(app, 'admin'));
  const csv = ['Bib,Time', ...people.map(([bib], i) => `${bib},${40 + i}:00`)].join('\n');
  const form = multipartFile('results.csv', Buffer.from(csv), 'text/csv');
  const imported = await admin.post('/api/admin/results?bib=Bib&time=Time', form.payload, {
    'content-type': form.contentType,
  });
  expect(imported.statusCode, imported.body).toBe(201);
  if (publish) await admin.post('/api/admin/results/published', { published: true });
}

describe(`the /Results page, rendered by the server (${testDatabaseKind})`, () => {
  it('says the results are not published yet, and names nobody', async () => {
    await timed([[101, { firstName: 'Rudo', lastName: 'Dube' }]], false);
    const page = await app.inject('/Results');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('The results are not published yet');
    expect(page.body).not.toContain('Dube');
  });

  it('lists the published results with their places, and finds a bib by the form sent without JavaScript', async () => {
    await timed(
      [
        [101, { firstName: 'Rudo', lastName: 'Dube', gender: 'Female' }],
        [102, { firstName: 'Chipo', lastName: 'Ncube', gender: 'Female' }],
      ],
      true,
    );
    const { db } = await testDatabase();
    await db.update(registrations).set({ showInResults: false }).where(eq(registrations.bib, 102));
    const page = await app.inject('/Results');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('Rudo Dube');
    expect(page.body).toContain('Runner 102');
    expect(page.body).not.toContain('Ncube');
    expect(page.body).toContain('2 finishers');
    // The certificate of the finisher shown by name only.
    expect(page.body).toContain('href="/api/results/bib/101/certificate.png"');
    expect(page.body).not.toContain('/api/results/bib/102/certificate');
    expect(page.body).toMatch(/<form[^>]*action="\/Results" method="get"/);
    const race = /name="race" value="([^"]+)"/.exec(page.body)?.[1];
    expect(race).toBeTruthy();
    const found = await app.inject(`/Results?race=${race}&q=102`);
    expect(found.body).toContain('One result');
    expect(found.body).toContain('Runner 102');
    expect(found.body).not.toContain('Rudo Dube');
  });

  it('the registration form asks "Show my name in published results", ticked, and keeps an unticked box without JavaScript', async () => {
    const form = await app.inject('/Register');
    expect(form.body).toMatch(/<input id="showInResults" type="checkbox"[^>]*checked=""/);
    expect(form.body).toContain('Show my name in published results');
    const { db } = await testDatabase();
    for (const [lastName, ticked] of [
      ['Ticked', true],
      ['Unticked', false],
    ] as const) {
      const fields = new URLSearchParams({
        idempotencyKey: `form-key-${lastName}-0000`,
        firstName: 'Tendai',
        lastName,
        email: `${lastName}@example.com`,
        mobile: '0771234567',
        age: '37',
        gender: '',
        raceType: '10km',
        tshirtSize: 'Medium',
        nextOfKinMobile: '0712345678',
        consent: 'on',
        ...(ticked ? { showInResults: 'on' } : {}),
      });
      const posted = await injectAs(app).post('/Register', fields.toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(posted.statusCode, posted.body.slice(0, 300)).toBe(200);
      const [row] = await db.select().from(registrations).where(eq(registrations.lastName, lastName));
      expect(row?.showInResults).toBe(ticked);
    }
  });
});
