import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { rendererFromSources } from '../../../../tests/support/page-renderer.ts';
import { createTestApp, injectAs, setUpTestApp } from '../../../../tests/support/test-app.ts';
import { publishableSettings } from '../../../../tests/support/test-edition.ts';
import { harareToday } from '../../../shared/dates.ts';
import type { App } from '../../app.ts';
import { events, mailOutbox, nextEditionSignups, registrations } from '../../db/schema/index.ts';
import { runRetention } from '../retention/service.ts';

const { app, db, visitor, asAdmin } = setUpTestApp();
const runner = runnerSeries();

const DAY = 86_400_000;
const yesterday = () => harareToday(new Date(Date.now() - DAY));
const setEvent = (change: Partial<typeof events.$inferInsert>) =>
  db.update(events).set(change).where(eq(events.isCurrent, true));
const publicEvent = async () => (await visitor.get('/api/event')).json();
const signups = () => db.select().from(nextEditionSignups);
const NOTED = 'Thank you: we will email you once when next year’s fun run opens for registration.';

/** The settings as an admin sends them back, with these changes. */
async function saveSettings(change: Record<string, unknown>) {
  const current = (await asAdmin.get('/api/admin/event')).json();
  const { settings } = publishableSettings(current);
  return asAdmin.put('/api/admin/event', { ...settings, eventDate: current.eventDate, ...change });
}

describe('the landing after the race', () => {
  it('says the race is over from the day after its date (Harare), not on the day itself', async () => {
    await setEvent({ eventDate: harareToday() });
    expect(await publicEvent()).toMatchObject({ raceOver: false, registrationOpen: true });
    await setEvent({ eventDate: yesterday() });
    expect(await publicEvent()).toMatchObject({ raceOver: true, registrationOpen: false });
    // A draft is never over: its date may still be last year's.
    await setEvent({ publishedAt: null });
    expect(await publicEvent()).toMatchObject({ raceOver: false });
  });

  it('links the photos an admin sets: http or https only, checked, cleared with null', async () => {
    for (const photosUrl of ['javascript:alert(1)', 'ftp://photos.example.org/a', 'photos', 'https://']) {
      const refused = await saveSettings({ photosUrl });
      expect(refused.statusCode, photosUrl).toBe(400);
      expect(refused.json().errors).toEqual([
        expect.objectContaining({ path: 'photosUrl', message: expect.stringMatching(/https:\/\//) }),
      ]);
    }
    const saved = await saveSettings({ photosUrl: ' https://photos.example.org/fun-run-2025 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().photosUrl).toBe('https://photos.example.org/fun-run-2025');
    expect((await publicEvent()).photosUrl).toBe('https://photos.example.org/fun-run-2025');
    // Left out, it stays; null takes it away.
    expect((await saveSettings({})).json().photosUrl).toBe('https://photos.example.org/fun-run-2025');
    expect((await saveSettings({ photosUrl: null })).json().photosUrl).toBeNull();
  });
});

describe('"Tell me about next year"', () => {
  it('adds the address with its consent and edition, insert-only: the same answer for a repeat, nothing personal back', async () => {
    const first = await visitor.post('/api/next-year', { email: 'Rudo@Example.com', consent: true });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ message: NOTED });
    const again = await visitor.post('/api/next-year', { email: 'Rudo@Example.com', consent: true });
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(first.body);
    const [current] = await db.select().from(events).where(eq(events.isCurrent, true));
    const rows = await signups();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ email: 'Rudo@Example.com', eventId: current?.id });
    expect(rows[0]?.consentedAt).toBeInstanceOf(Date);
    // Nothing reads the list back.
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await visitor.send(method, '/api/next-year')).statusCode).toBe(404);
    }
  });

  it('needs an address and the consent, each said beside its field', async () => {
    const refused = await visitor.post('/api/next-year', { email: 'not an address', consent: false });
    expect(refused.statusCode).toBe(400);
    const paths = refused.json().errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'consent']));
    expect(await signups()).toHaveLength(0);
  });

  it('is limited per client, like the other public forms', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const give = (i: number) =>
        limited.inject({
          method: 'POST',
          url: '/api/next-year',
          payload: { email: `person${i}@example.com`, consent: true },
          remoteAddress: '10.0.9.1',
        });
      const codes = [];
      for (let i = 0; i < 11; i += 1) codes.push((await give(i)).statusCode);
      expect(codes.slice(0, 10).every((code) => code === 202)).toBe(true);
      expect(codes[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('is mailed once, through the outbox, when the next edition is published, and then emptied', async () => {
    await setEvent({ eventDate: yesterday() });
    for (const email of ['tendai@example.com', 'TENDAI@example.com', 'rudo@example.com']) {
      expect((await visitor.post('/api/next-year', { email, consent: true })).statusCode).toBe(202);
    }
    expect(
      (await asAdmin.post('/api/admin/editions', { year: 2026, referencePrefix: 'CFR26' })).statusCode,
    ).toBe(200);
    // Given on the new edition's own page, an address waits for the one after it.
    const { settings, races, zwgRate } = publishableSettings((await asAdmin.get('/api/admin/event')).json());
    expect((await asAdmin.put('/api/admin/event', settings)).statusCode).toBe(200);
    expect((await asAdmin.put('/api/admin/event/races', { races })).statusCode).toBe(200);
    expect((await asAdmin.put('/api/admin/event/zwg-rate', zwgRate)).statusCode).toBe(200);
    expect(
      (await visitor.post('/api/next-year', { email: 'new@example.com', consent: true })).statusCode,
    ).toBe(202);
    const mailsBefore = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'next-year'));
    expect(mailsBefore).toHaveLength(0);

    expect((await asAdmin.post('/api/admin/event/publish')).statusCode).toBe(200);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'next-year'));
    expect(mails.map((mail) => mail.to.toLowerCase()).sort()).toEqual([
      'rudo@example.com',
      'tendai@example.com',
    ]);
    expect(mails[0]?.subject).toMatch(/2026: registration is open/);
    expect(mails[0]?.text).toContain('http://localhost:3000/');
    expect((await signups()).map((row) => row.email)).toEqual(['new@example.com']);
    // Publishing again mails nobody.
    expect((await asAdmin.post('/api/admin/event/publish')).statusCode).toBe(200);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'next-year'))).toHaveLength(2);
  });

  it('is kept 12 months at most: the retention run deletes older addresses', async () => {
    const now = new Date('2026-11-20T08:00:00Z');
    expect(
      (await visitor.post('/api/next-year', { email: 'old@example.com', consent: true })).statusCode,
    ).toBe(202);
    expect(
      (await visitor.post('/api/next-year', { email: 'kept@example.com', consent: true })).statusCode,
    ).toBe(202);
    await db
      .update(nextEditionSignups)
      .set({ consentedAt: new Date('2025-11-19T08:00:00Z') })
      .where(eq(nextEditionSignups.email, 'old@example.com'));
    await db
      .update(nextEditionSignups)
      .set({ consentedAt: new Date('2025-11-21T08:00:00Z') })
      .where(eq(nextEditionSignups.email, 'kept@example.com'));
    expect(await runRetention(app.context, now)).toMatchObject({ nextYearSignups: 1 });
    expect((await signups()).map((row) => row.email)).toEqual(['kept@example.com']);
  });
});

describe('/My after the race', () => {
  /** Registers, and answers the token its confirmation mail carries. */
  async function registered() {
    const entry = runner();
    expect((await visitor.post('/api/registrations', entry)).statusCode).toBe(201);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, entry.email));
    return { entry, token: /\/My\/([\w-]{32})/.exec(mail?.text ?? '')?.[1] ?? '' };
  }

  it('stays readable, read-only: changes, cancelling and paying are refused, saying why', async () => {
    const { entry, token } = await registered();
    await setEvent({ eventDate: yesterday() });
    const read = await visitor.get(`/api/my/${token}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      firstName: entry.firstName,
      raceOver: true,
      raceChangeable: false,
      tshirtChangeable: false,
    });
    const { discipline: _, consent: __, ...fields } = entry;
    for (const refused of [
      await visitor.put(`/api/my/${token}`, { ...fields, tshirtSize: 'Small' }),
      await visitor.post(`/api/my/${token}/cancel`),
      await visitor.post(`/api/pay/${token}`, { method: 'web' }),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'race_over',
        detail: expect.stringMatching(/fun run is over/),
      });
    }
    expect((await visitor.get(`/api/my/${token}`)).json()).toMatchObject({
      status: 'active',
      tshirtSize: entry.tshirtSize,
    });
  });

  it('answers 404, like an unknown token, once retention has anonymised the entry', async () => {
    const { token } = await registered();
    await setEvent({ eventDate: '2025-01-10', entryRetentionDays: 30, updatedAt: new Date('2025-01-01') });
    expect((await visitor.get(`/api/my/${token}`)).statusCode).toBe(200);
    await db.execute(sql`delete from job_runs`);
    expect((await runRetention(app.context))?.entries).toBe(1);
    const [row] = await db.select().from(registrations);
    expect(row?.anonymisedAt).not.toBeNull();
    const gone = await visitor.get(`/api/my/${token}`);
    const unknown = await visitor.get(`/api/my/${'x'.repeat(32)}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe(unknown.json().detail);
  });
});

describe('the server-rendered pages after the race', () => {
  let paged: App;
  beforeAll(async () => {
    paged = await createTestApp({ RATE_LIMITS: 'off' }, { pageRenderer: rendererFromSources() });
  });
  afterAll(() => paged.close());
  const readable = (html: string) =>
    html.replaceAll('<!-- -->', '').replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');
  const postForm = (body: string) =>
    paged.inject({
      method: 'POST',
      url: '/',
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    });

  it('/ thanks everyone, links the photos and asks "Tell me about next year", without registering', async () => {
    await setEvent({ eventDate: yesterday(), photosUrl: 'https://photos.example.org/album' });
    const page = readable((await paged.inject('/')).body);
    expect(page).toContain('Thank you for taking part!');
    expect(page).toContain('href="https://photos.example.org/album"');
    expect(page).toContain('See the photos');
    expect(page).toContain('Results');
    expect(page).toContain('Tell me about next year');
    expect(page).toMatch(/<form[^>]*action="\/" method="post"/);
    expect(page).not.toContain('Register as Runner');
    expect(page).not.toContain('How to pay');
  });

  it('/ links the results once they are published, and says they will come until then', async () => {
    await setEvent({ eventDate: yesterday(), resultsPublishedAt: null });
    const before = readable((await paged.inject('/')).body);
    expect(before).toContain('The results will be published here once they are ready.');
    expect(before).not.toContain('See the results');
    await setEvent({ resultsPublishedAt: new Date() });
    expect(await publicEvent()).toMatchObject({ resultsPublished: true });
    const after = readable((await paged.inject('/')).body);
    expect(after).toMatch(/<a href="\/Results"[^>]*>See the results<\/a>/);
    expect(after).not.toContain('will be published here');
  });

  it('takes the form without JavaScript: the landing again, thanking, or with each message beside its field', async () => {
    await setEvent({ eventDate: yesterday() });
    const done = await postForm('email=chipo%40example.com&consent=on');
    expect(done.statusCode).toBe(200);
    expect(done.headers['cache-control']).toBe('no-store');
    expect(readable(done.body)).toContain(NOTED);
    expect((await signups()).map((row) => row.email)).toEqual(['chipo@example.com']);

    const refused = await postForm('email=chipo%40example');
    expect(refused.statusCode).toBe(400);
    const page = readable(refused.body);
    expect(page).toContain('value="chipo@example"');
    expect(page).toContain('Tick the box to agree to this one email');
    expect(await signups()).toHaveLength(1);
  });

  it('/Privacy names the list: what is kept, why and how long', async () => {
    const page = readable((await paged.inject('/Privacy')).body);
    expect(page).toMatch(
      /Tell me about next year.{0,40}: if you ask us to after the race, emailing you once/,
    );
    expect(page).toContain('only the email address you give, when you agreed, and for which year');
    expect(page).toMatch(/list is deleted once its email has gone.*or 12 months after you gave your address/);
  });

  it('/My/<token> shows the entry, read-only, saying why', async () => {
    const entry = runner();
    expect((await injectAs(paged).post('/api/registrations', entry)).statusCode).toBe(201);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, entry.email));
    const token = /\/My\/([\w-]{32})/.exec(mail?.text ?? '')?.[1] ?? '';
    await setEvent({ eventDate: yesterday() });
    const response = await paged.inject(`/My/${token}`);
    expect(response.statusCode).toBe(200);
    const page = readable(response.body);
    expect(page).toContain(entry.firstName);
    expect(page).toContain('The fun run is over, so this entry can no longer be changed or cancelled');
    expect(page).not.toContain('Change your entry');
  });
});
