import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { letters } from '../../../../tests/support/entries.ts';
import { rendererFromSources } from '../../../../tests/support/page-renderer.ts';
import { createTestApp, injectAs, resetData, testDatabase } from '../../../../tests/support/test-app.ts';
import type { App } from '../../app.ts';
import { events, mailOutbox, raceOptions, registrations, waitlistEntries } from '../../db/schema/index.ts';

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

let serial = 0;
/** The runner form as a browser without JavaScript posts it: every field as text, the ticked boxes as "on". */
function runnerForm(overrides: Record<string, string | undefined> = {}) {
  serial += 1;
  const tag = letters(serial);
  const fields: Record<string, string | undefined> = {
    idempotencyKey: `form-key-${tag}-0000`,
    firstName: 'Tendai',
    lastName: `Moyo ${tag}`,
    email: `tendai.${tag}@example.com`,
    mobile: '0771234567',
    age: '37',
    gender: '',
    raceType: '10km',
    tshirtSize: 'Medium',
    nextOfKinMobile: '0712345678',
    listedInSearch: 'on',
    consent: 'on',
    ...overrides,
  };
  return new URLSearchParams(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
}

const postForm = (url: string, payload: string) =>
  injectAs(app).post(url, payload, { 'content-type': 'application/x-www-form-urlencoded' });

/** The text as a reader sees it: React's separators and the page's data (it repeats the page) left out. */
const readable = (html: string) =>
  html.replaceAll('<!-- -->', '').replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');

const mailTo = async (email = '') => {
  const { db } = await testDatabase();
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return { text: mail?.text ?? '' };
};

const entriesNamed = async (lastName: string) => {
  const { db } = await testDatabase();
  return db.select().from(registrations).where(eq(registrations.lastName, lastName));
};

describe('the registration forms posted without JavaScript', () => {
  it('register a runner and answer the thank-you page itself: its private link and QR code, kept by no one', async () => {
    const { db } = await testDatabase();
    await db.update(raceOptions).set({ feeUsd: '10.00' }).where(eq(raceOptions.label, '10km'));
    await app.context.currentEvent.reload();
    const response = await postForm('/Register', runnerForm({ lastName: 'Moyo Posted' }));
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const [entry] = await entriesNamed('Moyo Posted');
    expect(entry).toMatchObject({
      discipline: 'run',
      mobile: '+263771234567',
      listedInSearch: true,
      age: 37,
    });

    const thanks = readable(response.body);
    expect(thanks).toContain('Thank You!');
    expect(thanks).toContain(entry?.reference);
    expect(thanks).toContain('Runner · 10km');
    expect(thanks).toContain('Total due: US$10.00');
    // The link the confirmation mail carries, and the QR code it opens.
    const [, token] = /\/My\/([\w-]{32})/.exec((await mailTo(entry?.email ?? undefined)).text) ?? [];
    expect(thanks).toContain(`href="/My/${token}"`);
    expect(thanks).toContain(`src="/api/my/${token}/check-in-qr.svg"`);
    expect((await app.inject(`/api/my/${token}/check-in-qr.svg`)).statusCode).toBe(200);
  });

  it('take an unticked box as no: not listed in the search', async () => {
    await postForm(
      '/RegisterCyclist',
      runnerForm({ lastName: 'Dube Unlisted', raceType: '15km', listedInSearch: undefined }),
    );
    const [entry] = await entriesNamed('Dube Unlisted');
    expect(entry).toMatchObject({ discipline: 'cycle', listedInSearch: false });
  });

  it('send the form back (400) with every value kept and the message beside the wrong field', async () => {
    const response = await postForm(
      '/Register',
      runnerForm({ lastName: 'Moyo Wrong', mobile: '12345', consent: undefined }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain('value="12345"');
    expect(html).toContain('value="Moyo Wrong"');
    expect(html).toContain('value="37"');
    expect(html).toMatch(/<option value="10km" selected="">/);
    expect(html).toContain('Enter a valid mobile number, e.g. 0771234567 or +263 77 123 4567');
    expect(html).toContain('You must agree to the Terms and Conditions to register');
    // The message is the mobile field's own: its input points at it.
    const mobileInput = /<input[^>]*name="mobile"[^>]*>/.exec(html)?.[0] ?? '';
    expect(mobileInput).toContain('aria-invalid="true"');
    expect(await entriesNamed('Moyo Wrong')).toEqual([]);
  });

  it('answer a form posted too often (429) with the form again: the wait above its button, the values kept', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' }, { pageRenderer: rendererFromSources() });
    try {
      const post = (payload: string) =>
        limited.inject({
          method: 'POST',
          url: '/RegisterCyclist',
          payload,
          remoteAddress: '10.9.9.9',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
        });
      // Wrong forms count as much as right ones, without registering anybody.
      for (let i = 0; i < 60; i += 1) expect((await post(runnerForm({ mobile: '1' }))).statusCode).toBe(400);
      const response = await post(runnerForm({ lastName: 'Moyo Flood', raceType: '' }));
      expect(response.statusCode).toBe(429);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.body).toContain('Cyclist registration');
      expect(response.body).toMatch(
        /Too many registrations from this connection\. Please wait \d+ seconds and try again\./,
      );
      expect(response.body).toContain('value="Moyo Flood"');
    } finally {
      await limited.close();
    }
  });

  it('register once when the same form is posted twice (its hidden key), the second answer without the link', async () => {
    const form = runnerForm({ lastName: 'Moyo Twice' });
    const first = await postForm('/Register', form);
    const second = await postForm('/Register', form);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const [entry] = await entriesNamed('Moyo Twice');
    expect(readable(second.body)).toContain(entry?.reference);
    expect(first.body).toMatch(/href="\/My\/[\w-]{32}"/);
    expect(second.body).not.toMatch(/\/My\/[\w-]{32}/);
    expect(await entriesNamed('Moyo Twice')).toHaveLength(1);
  });

  it('put an entry for a full race on its waitlist, as the script form does', async () => {
    const { db } = await testDatabase();
    await db.update(raceOptions).set({ capacity: 0 }).where(eq(raceOptions.label, '10km'));
    const response = await postForm('/Register', runnerForm({ lastName: 'Moyo Waiting' }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await entriesNamed('Moyo Waiting')).toEqual([]);
    const waiting = await db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.lastName, 'Moyo Waiting'));
    expect(waiting).toHaveLength(1);
    expect(readable(response.body)).toContain('You are on the waitlist');
    expect(readable(response.body)).toContain('You are number 1 on the waitlist for 10km.');
  });

  it("show the server's refusal on the form, values kept (registration closed: 409)", async () => {
    const { db } = await testDatabase();
    await db.update(events).set({ registrationClosesAt: new Date(Date.now() - 60_000) });
    await app.context.currentEvent.reload();
    const response = await postForm('/Register', runnerForm({ lastName: 'Moyo Late' }));
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('Registration has closed');
    expect(await entriesNamed('Moyo Late')).toEqual([]);
  });

  it('while the edition is a draft: say Registration opens soon (409) and register nobody', async () => {
    const { db } = await testDatabase();
    await db.update(events).set({ publishedAt: null });
    await app.context.currentEvent.reload();
    const response = await postForm('/Register', runnerForm({ lastName: 'Moyo Early' }));
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('Registration opens soon');
    expect(await entriesNamed('Moyo Early')).toEqual([]);
    const landing = await injectAs(app).get('/');
    expect(landing.body).toContain('Registration opens soon');
    expect(landing.body).not.toContain('Register as Runner');
  });
});

describe('/My without JavaScript: the private links mailed again', () => {
  it('is a form posted to /My, answered with the same message for any address, mailing the links of the one with entries', async () => {
    const page = await injectAs(app).get('/My');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/My"');
    expect(readable(page.body)).toContain('Email me my links');

    const registered = await postForm('/Register', runnerForm({ email: 'lost.link@example.com' }));
    expect(registered.statusCode).toBe(200);
    for (const email of ['Lost.Link@example.com', 'nobody.here@example.com']) {
      const answer = await postForm('/My', new URLSearchParams({ email }).toString());
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toContain('no-store');
      expect(readable(answer.body)).toContain('we have sent their links to it');
    }
    expect((await mailTo('lost.link@example.com')).text).toMatch(/\/My\/[\w-]+/);
  });

  it('sends the form back (400) with what was typed and the message beside the field', async () => {
    const answer = await postForm('/My', new URLSearchParams({ email: 'not an address' }).toString());
    expect(answer.statusCode).toBe(400);
    expect(readable(answer.body)).toContain('Enter a valid email address, e.g. name@example.com');
    expect(answer.body).toContain('value="not an address"');
  });
});

describe('the public pages rendered by the server', () => {
  it('carry their content, and a new form key on each visit to a form', async () => {
    const first = await app.inject('/Register');
    const second = await app.inject('/Register');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Runner registration');
    expect(first.body).toContain('action="/Register"');
    const key = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
    expect(key(first.body)).toMatch(/^[\w-]{8,100}$/);
    expect(key(second.body)).not.toBe(key(first.body));
    expect(first.headers.etag).toBeUndefined();
  });

  it('answer 304 to a browser that has the page, and a new page once the event changes', async () => {
    const first = await app.inject('/');
    expect(first.headers.etag).toBeDefined();
    // A link shared with a tracker's query is the same page.
    expect((await app.inject('/?fbclid=abc')).headers.etag).toBe(first.headers.etag);
    const again = await app.inject({ url: '/', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const { db } = await testDatabase();
    await db.update(events).set({ title: 'Celebration Fun Run Renamed' });
    const changed = await app.inject({
      url: '/',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Celebration Fun Run Renamed');
  });

  it('answer a search sent by the form, names only, of entrants who are listed', async () => {
    await postForm('/Register', runnerForm({ firstName: 'Farai', lastName: 'Sibanda Listed' }));
    await postForm(
      '/Register',
      runnerForm({ firstName: 'Farai', lastName: 'Sibanda Hidden', listedInSearch: undefined }),
    );
    const response = await app.inject('/Search?q=Sibanda');
    expect(response.statusCode).toBe(200);
    // React separates texts rendered side by side with empty comments.
    const text = response.body.replaceAll('<!-- -->', '');
    expect(text).toContain('<span class="font-medium">Farai Sibanda Listed</span>');
    expect(text).not.toContain('Sibanda Hidden');
    expect(text).not.toContain('example.com');
  });
});

describe('one address per page', () => {
  it('send any other spelling of a page (case, trailing slash) to its own, 301, with its query', async () => {
    const odd = await app.inject('/wElCoMe/?utm_source=whatsapp');
    expect(odd.statusCode).toBe(301);
    expect(odd.headers.location).toBe('/Welcome?utm_source=whatsapp');
    const head = await app.inject({ method: 'HEAD', url: '/TERMS' });
    expect(head.statusCode).toBe(301);
    expect(head.headers.location).toBe('/Terms');
    expect((await app.inject('/search/?q=Moyo')).headers.location).toBe('/Search?q=Moyo');
    expect((await app.inject('/Welcome?utm_source=whatsapp')).statusCode).toBe(200);
  });

  it('answer a form posted at any spelling of its page', async () => {
    const response = await postForm('/register/', runnerForm({ lastName: 'Moyo Spelt' }));
    expect(response.statusCode).toBe(200);
    expect(await entriesNamed('Moyo Spelt')).toHaveLength(1);
    const wrong = await postForm('/REGISTERCYCLIST', runnerForm({ raceType: '15km', mobile: '1' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Cyclist registration');
  });
});

describe('the limits per client address, whichever door is used', () => {
  let limited: App;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: 'on' }, { pageRenderer: rendererFromSources() });
  });
  afterAll(() => limited.close());
  const from = (remoteAddress: string) => ({
    form: (url: string, payload: string) =>
      limited.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      }),
    api: (url: string, payload: object) =>
      limited.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress,
        headers: { origin: 'http://localhost:3000' },
      }),
    get: (url: string) => limited.inject({ url, remoteAddress }),
  });

  it('count registrations by the API, the waitlist and the forms in one counter of 60 a minute', async () => {
    const client = from('10.7.0.1');
    // Wrong entries count as much as right ones, without registering anybody.
    for (let i = 0; i < 20; i += 1) expect((await client.api('/api/registrations', {})).statusCode).toBe(400);
    for (let i = 0; i < 20; i += 1) expect((await client.api('/api/waitlist', {})).statusCode).toBe(400);
    for (let i = 0; i < 20; i += 1) {
      expect((await client.form('/Register', runnerForm({ mobile: '1' }))).statusCode).toBe(400);
    }
    const form = await client.form('/Register', runnerForm({ lastName: 'Moyo Counted' }));
    expect(form.statusCode).toBe(429);
    expect(form.body).toMatch(/Too many registrations from this connection\. Please wait \d+ seconds/);
    expect((await client.api('/api/registrations', {})).statusCode).toBe(429);
    expect((await client.api('/api/waitlist', {})).statusCode).toBe(429);
    expect(await entriesNamed('Moyo Counted')).toEqual([]);
    // Someone else registers still.
    expect((await from('10.7.0.2').form('/Register', runnerForm())).statusCode).toBe(200);
  });

  it('count searches by the API and by the search page in one counter of 30 in 10 minutes', async () => {
    const client = from('10.7.0.3');
    for (let i = 0; i < 15; i += 1)
      expect((await client.get('/api/registrations/search?q=Moyo')).statusCode).toBe(200);
    for (let i = 0; i < 15; i += 1) expect((await client.get('/Search?q=Moyo')).statusCode).toBe(200);
    // The search page without a search is not a search.
    expect((await client.get('/Search')).statusCode).toBe(200);
    const page = await client.get('/Search?q=Moyo');
    expect(page.statusCode).toBe(429);
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(60);
    expect((await client.get('/api/registrations/search?q=Moyo')).statusCode).toBe(429);
    expect((await from('10.7.0.4').get('/Search?q=Moyo')).statusCode).toBe(200);
  });

  it('answer 300 page views a minute, other spellings included, then 429 with Retry-After', async () => {
    const client = from('10.7.0.5');
    const pages = ['/', '/Terms', '/banking/', '/Welcome', '/PRIVACY'];
    for (let i = 0; i < 300; i += 1) {
      expect((await client.get(pages[i % pages.length] as string)).statusCode).toBeLessThan(400);
    }
    const refused = await client.get('/Terms');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.7.0.6').get('/Terms')).statusCode).toBe(200);
    // The API is not a page.
    expect((await client.get('/api/event')).statusCode).toBe(200);
  });
});

describe('the thank-you page opened from its link', () => {
  const thankYou = async (query: string) => {
    const response = await app.inject(`/Thankyou?${query}`);
    expect(response.statusCode).toBe(200);
    // The text as a reader sees it: React's separators and the page's data (it repeats the link) left out.
    return response.body
      .replaceAll('<!-- -->', '')
      .replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');
  };

  it("shows the race's fee from the event, never a fee the link carries", async () => {
    const { db } = await testDatabase();
    await db.update(raceOptions).set({ feeUsd: '10.00', feeZwg: null }).where(eq(raceOptions.label, '10km'));
    await app.context.currentEvent.reload();
    const page = await thankYou('reference=CFR25-0042&discipline=run&race=10km&usd=50.00&zwg=999');
    expect(page).toContain('CFR25-0042');
    expect(page).toContain('Total due: US$10.00');
    expect(page).not.toContain('50.00');
    expect(page).not.toContain('999');
  });

  it("shows a race only when it is one of the event's, and a reference only of a reference's shape", async () => {
    const sentence = 'Pay USD 20 now by EcoCash to 0771234567';
    const page = await thankYou(
      `reference=CFR25-0042&discipline=run&race=${encodeURIComponent(sentence)}&usd=20.00`,
    );
    expect(page).toContain('CFR25-0042');
    expect(page).not.toContain(sentence);
    expect(page).not.toContain('20.00');
    expect(page).toContain('The organisers will confirm the fee');

    const notAReference = await thankYou(
      `reference=${encodeURIComponent(sentence)}&discipline=run&race=10km`,
    );
    expect(notAReference).not.toContain(sentence);
    expect(notAReference).toContain('Back to the home page');

    const waiting = await thankYou(
      `reference=CFR25-W0007&discipline=cycle&race=${encodeURIComponent(sentence)}&position=3`,
    );
    expect(waiting).toContain('You are number 3 on the waitlist.');
    expect(waiting).not.toContain(sentence);
  });
});

describe("what a runner needs, in the pages the server sends (issue 34's item 5)", () => {
  const raceDay = async () => {
    const { db } = await testDatabase();
    await db
      .update(events)
      .set({
        eventDate: '2099-09-05',
        venue: 'Harare Gardens',
        descriptionMarkdown: '## Parking\nBehind the church.',
        descriptionHtml: '<h3>Parking</h3>\n<p>Behind the church.</p>',
      })
      .where(eq(events.isCurrent, true));
    await db.update(raceOptions).set({ startTime: '06:30' }).where(eq(raceOptions.label, '10km'));
    await app.context.currentEvent.reload();
  };

  it('the landing page shows the description, and says a visitor can pay online while Paynow is on', async () => {
    await raceDay();
    const before = readable((await app.inject('/')).body);
    expect(before).toContain('About the fun run');
    expect(before).toContain('<h3>Parking</h3>');
    expect(before).toContain('Register first: you will get a reference');
    const { db } = await testDatabase();
    await db
      .update(events)
      .set({
        onlinePayment: { enabled: true, integrationId: '1201', methods: ['ecocash', 'web'], currency: 'USD' },
        paynowKeyEncrypted: 'set',
      })
      .where(eq(events.isCurrent, true));
    const after = readable((await app.inject('/')).body);
    expect(after).toContain('Pay online now</strong> by EcoCash or card');
    expect(after).not.toContain('Register first');
  });

  it('the thank-you page answered to a form without JavaScript names the date, venue, start and calendar file', async () => {
    await raceDay();
    const response = await postForm('/Register', runnerForm({ lastName: 'Moyo Dated' }));
    expect(response.statusCode).toBe(200);
    const thanks = readable(response.body);
    expect(thanks).toContain('When and where');
    expect(thanks).toMatch(/Saturday,? 5 September 2099/);
    expect(thanks).toContain('Harare Gardens');
    expect(thanks).toContain('06:30 (10km)');
    expect(thanks).toContain('href="/api/event/calendar.ics?discipline=run&amp;race=10km"');
  });
});
