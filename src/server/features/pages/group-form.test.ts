import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rendererFromSources } from '../../../../tests/support/page-renderer.ts';
import {
  createTestApp,
  injectAs,
  resetData,
  testDatabase,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import type { App } from '../../app.ts';
import { events, gifts, raceOptions, registrations } from '../../db/schema/index.ts';

let app: App;
// Every page rendered whole on the server: a part that fails would quietly be left to the browser.
const renderErrors: unknown[] = [];
beforeAll(async () => {
  const pageRenderer = rendererFromSources();
  app = await createTestApp({ RATE_LIMITS: 'off' }, { pageRenderer });
  pageRenderer.onError = (error) => renderErrors.push(error);
});
afterAll(() => app.close());
beforeEach(() => resetData());
afterEach(() => expect(renderErrors).toEqual([]));

/** The form as a browser posts it: the fields left undefined (unticked boxes) are not sent. */
const postForm = (url: string, fields: Record<string, string | undefined>) =>
  injectAs(app).post(
    url,
    new URLSearchParams(
      Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ).toString(),
    { 'content-type': 'application/x-www-form-urlencoded' },
  );

/** The text as a reader sees it: React's separators and the page's data (it repeats the page) left out. */
const readable = (html: string) =>
  html.replaceAll('<!-- -->', '').replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');

const inputNamed = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name.replaceAll('.', '\\.')}"[^>]*>`).exec(html)?.[0] ?? '';

const entriesNamed = async (lastName: string) => {
  const { db } = await testDatabase();
  return db.select().from(registrations).where(eq(registrations.lastName, lastName));
};

/** A mother as the group's contact, and her son of 12 who shares her contact, as the form posts them. */
function family(lastName: string, overrides: Record<string, string | undefined> = {}) {
  return {
    idempotencyKey: `group-key-${lastName.replace(/\W/g, '')}-0000`,
    'people.0.discipline': 'run',
    'people.0.firstName': 'Rudo',
    'people.0.lastName': lastName,
    'people.0.email': `rudo.${lastName.replace(/\W/g, '').toLowerCase()}@example.com`,
    'people.0.mobile': '0771234567',
    'people.0.age': '38',
    'people.0.gender': '',
    'people.0.raceType': '10km',
    'people.0.tshirtSize': 'Large',
    'people.0.nextOfKinMobile': '0712345678',
    'people.0.guardianName': '',
    'people.0.guardianMobile': '',
    'people.1.discipline': 'run',
    'people.1.firstName': 'Tinashe',
    'people.1.lastName': lastName,
    'people.1.sameContact': 'on',
    'people.1.age': '12',
    'people.1.gender': '',
    'people.1.raceType': '5km',
    'people.1.tshirtSize': 'Small',
    'people.1.nextOfKinMobile': '0712345678',
    'people.1.guardianName': `Rudo ${lastName}`,
    'people.1.guardianMobile': '0771234567',
    'people.1.guardianConsent': 'on',
    consent: 'on',
    ...overrides,
  };
}

describe('the group form posted without JavaScript (issue 36)', () => {
  it('"Add another person" answers the form with a second person, every value of the first kept', async () => {
    const response = await postForm('/Register', {
      idempotencyKey: 'group-key-added-0000',
      firstName: 'Rudo',
      lastName: 'Ncube Added',
      email: 'rudo@example.com',
      mobile: '0771234567',
      age: '38',
      raceType: '10km',
      tshirtSize: 'Large',
      nextOfKinMobile: '0712345678',
      consent: 'on',
      addPerson: '1',
    });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(readable(html)).toContain('Person 2');
    expect(inputNamed(html, 'people.0.firstName')).toContain('value="Rudo"');
    expect(inputNamed(html, 'people.0.mobile')).toContain('value="0771234567"');
    expect(inputNamed(html, 'people.1.firstName')).toContain('value=""');
    expect(inputNamed(html, 'consent')).toContain('checked');
    expect(await entriesNamed('Ncube Added')).toEqual([]);
  });

  it('"Remove" takes the person out; the contact alone is the single form again', async () => {
    const third = { 'people.2.firstName': 'Chipo', 'people.2.lastName': 'Ncube', 'people.2.age': '9' };
    const fewer = await postForm('/Register', { ...family('Ncube Fewer'), ...third, removePerson: '1' });
    expect(fewer.statusCode).toBe(200);
    expect(inputNamed(fewer.body, 'people.1.firstName')).toContain('value="Chipo"');
    expect(readable(fewer.body)).not.toContain('Person 3');

    const single = await postForm('/Register', { ...family('Ncube Alone'), removePerson: '1' });
    expect(readable(single.body)).not.toContain('Person 2');
    expect(inputNamed(single.body, 'firstName')).toContain('value="Rudo"');
  });

  it('register everyone under one group reference, answered with the thank-you page; posted again, once', async () => {
    const { db } = await testDatabase();
    await db.update(raceOptions).set({ feeUsd: '10.00' }).where(eq(raceOptions.discipline, 'run'));
    await app.context.currentEvent.reload();
    const response = await postForm('/Register', family('Ncube Group'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const thanks = readable(response.body);
    expect(thanks).toMatch(/CFR\d+-G[0-9A-F]{6}/);
    expect(thanks).toContain('Total due: US$20.00');
    const entries = await entriesNamed('Ncube Group');
    expect(entries.map((entry) => [entry.firstName, entry.mobile, entry.guardianName])).toEqual(
      expect.arrayContaining([
        ['Rudo', '+263771234567', null],
        ['Tinashe', '+263771234567', 'Rudo Ncube Group'],
      ]),
    );
    for (const entry of entries) expect(thanks).toContain(entry.reference);

    await postForm('/Register', family('Ncube Group'));
    expect(await entriesNamed('Ncube Group')).toHaveLength(2);
  });

  it('send the form back (400) with the message beside the person whose field is wrong, his guardian the contact', async () => {
    const response = await postForm(
      '/Register',
      family('Ncube Wrong', {
        'people.1.guardianName': '',
        'people.1.guardianMobile': '',
        'people.1.guardianConsent': undefined,
        'people.1.raceType': '',
      }),
    );
    expect(response.statusCode).toBe(400);
    const html = response.body;
    expect(readable(html)).toContain('Enter a race type');
    expect(/<select[^>]*name="people\.1\.raceType"[^>]*>/.exec(html)?.[0]).toContain('aria-invalid="true"');
    expect(/<select[^>]*name="people\.0\.raceType"[^>]*>/.exec(html)?.[0]).toContain('aria-invalid="false"');
    expect(inputNamed(html, 'people.1.guardianName')).toContain('value="Rudo Ncube Wrong"');
    expect(inputNamed(html, 'people.1.guardianName')).toContain('aria-invalid="false"');
    expect(inputNamed(html, 'people.1.guardianConsent')).toContain('aria-invalid="true"');
    expect(await entriesNamed('Ncube Wrong')).toEqual([]);
  });

  it('a full race registers no one (409) and marks its person; with the box ticked, the others register', async () => {
    const { db } = await testDatabase();
    await db.update(raceOptions).set({ capacity: 0 }).where(eq(raceOptions.label, '5km'));
    await app.context.currentEvent.reload();
    const refused = await postForm('/Register', family('Ncube Full'));
    expect(refused.statusCode).toBe(409);
    expect(readable(refused.body)).toContain('This person&#x27;s race is full.');
    expect(readable(refused.body)).toContain('Register the others now and put Tinashe on the waitlist');
    expect(await entriesNamed('Ncube Full')).toEqual([]);

    const ticked = await postForm('/Register', {
      ...family('Ncube Full'),
      idempotencyKey: 'group-key-full-ticked-0000',
      waitlistFull: 'on',
    });
    expect(ticked.statusCode).toBe(200);
    expect(readable(ticked.body)).toContain('On the waitlist');
    expect((await entriesNamed('Ncube Full')).map((entry) => entry.firstName)).toEqual(['Rudo']);
  });
});

// "Add a gift to <cause>" once on the group form posted without JavaScript (issue 43).
async function giftsOpen() {
  const { db } = await testDatabase();
  await db
    .update(events)
    .set({ causeTitle: 'the Borehole', giftsOpen: true })
    .where(eq(events.isCurrent, true));
  await db.update(raceOptions).set({ feeUsd: '20.00' });
  await db.update(raceOptions).set({ feeUsd: '10.00' }).where(eq(raceOptions.label, '5km'));
  await app.context.currentEvent.reload();
}

describe(`a gift on the group form without JavaScript (${testDatabaseKind})`, () => {
  it('keeps the gift typed when a person is added, and registers the group with it, in the total due', async () => {
    await giftsOpen();
    const added = await postForm('/Register', {
      idempotencyKey: 'group-gift-added-0000',
      firstName: 'Rudo',
      lastName: 'Gift Added',
      giftAmount: '10',
      addPerson: '1',
    });
    expect(added.statusCode).toBe(200);
    const form = readable(added.body);
    expect(form).toContain('Add a gift to the Borehole');
    expect(form).toContain('once for the whole group');
    expect(inputNamed(form, 'giftAmount')).toContain('value="10"');
    expect(inputNamed(form, 'people.1.firstName')).not.toBe('');

    const response = await postForm('/Register', family('Gift Family', { giftAmount: '10' }));
    expect(response.statusCode, response.body).toBe(200);
    const thanks = readable(response.body);
    expect(thanks).toContain('Total due: US$40.00');
    expect(thanks).toContain('The fees and your gift US$10.00 to the cause');
    // The group's pay link says the entries and the gift, paid together.
    const myToken = /href="\/My\/([\w-]{32})"/.exec(thanks)?.[1] ?? '';
    const made = await injectAs(app).post(`/api/my/${myToken}/pay-links`, { group: true });
    expect(made.statusCode, made.body).toBe(201);
    const payFor = readable((await injectAs(app).get(made.json().path)).body);
    expect(payFor).toContain('Total due: US$40.00');
    expect(payFor).toContain('Entries US$30.00 and a gift of US$10.00 to the cause, paid together');

    const [contact] = (await entriesNamed('Gift Family')).filter((row) => row.firstName === 'Rudo');
    const { db } = await testDatabase();
    expect(await db.select().from(gifts)).toMatchObject([
      { registrationId: contact?.id, amount: '10.00', currency: 'USD', status: 'unpaid' },
    ]);
  });

  it('answers a wrong gift beside its box, nobody registered', async () => {
    await giftsOpen();
    const response = await postForm('/Register', family('Gift Wrong', { giftAmount: 'lots' }));
    expect(response.statusCode).toBe(400);
    const page = readable(response.body);
    expect(inputNamed(page, 'giftAmount')).toContain('value="lots"');
    expect(page).toContain('Enter the amount as a number, e.g. 10 or 10.50');
    expect(await entriesNamed('Gift Wrong')).toHaveLength(0);
    const { db } = await testDatabase();
    expect(await db.select().from(gifts)).toHaveLength(0);
  });
});
