import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { turnTextsOn } from '../../../../tests/support/sms.ts';
import { multipartFile, setUpTestApp, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import type { PublishedResults } from '../../../shared/results/published.ts';
import { mailOutbox, registrations, smsOutbox } from '../../db/schema/index.ts';

const { app, db, visitor, asAdmin } = setUpTestApp();
const runner = runnerSeries();

/** A 10 km runner with this bib; `change` is written to the entry as it is stored. */
async function entrant(
  bib: number,
  entry: object = {},
  change: Partial<typeof registrations.$inferInsert> = {},
) {
  const response = await visitor.post('/api/registrations', runner(entry));
  expect(response.statusCode, response.body).toBe(201);
  await db
    .update(registrations)
    .set({ bib, ...change })
    .where(eq(registrations.reference, response.json().reference));
}

/** The timer's file: each bib with its time, imported by the admin. */
async function importFile(rows: [number, string][]) {
  const csv = ['Bib,Time', ...rows.map(([bib, time]) => `${bib},${time}`)].join('\n');
  const form = multipartFile('results.csv', Buffer.from(csv), 'text/csv');
  const response = await asAdmin.post('/api/admin/results?bib=Bib&time=Time', form.payload, {
    'content-type': form.contentType,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response;
}

const publish = async (published = true) =>
  expect((await asAdmin.post('/api/admin/results/published', { published })).statusCode).toBe(200);

const results = async (query = '') => {
  const response = await visitor.get(`/api/results${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PublishedResults;
};

describe(`published results (${testDatabaseKind})`, () => {
  it('shows nothing while the results are preliminary', async () => {
    await entrant(101);
    await importFile([[101, '41:07']]);
    expect(await results()).toMatchObject({ published: false, races: [], results: [], total: 0 });
  });

  it('names by the one rule: adults in full, minors by initial, unticked and erased by bib', async () => {
    await entrant(101, { firstName: 'Rudo', lastName: 'Dube', gender: 'Female', age: 34 });
    await entrant(102, { firstName: 'Tatenda', gender: 'Male' }, { age: 15, lastName: 'Moyo' });
    await entrant(103, { firstName: 'Chipo', gender: 'Female' }, { showInResults: false });
    await entrant(104, {}, { firstName: '', lastName: '', anonymisedAt: new Date() });
    await entrant(105, { firstName: 'Farai', lastName: 'Dube', gender: 'Male', age: 45 });
    await importFile([
      [102, '40:00'],
      [101, '41:07'],
      [103, '45:30'],
      [104, '50:00'],
      [105, '52:14'],
    ]);
    await publish();
    const answer = await results();
    expect(answer).toMatchObject({ published: true, finishers: 5, total: 5, page: 1, pageSize: 100 });
    expect(answer.results).toEqual([
      {
        place: 1,
        bib: 102,
        name: 'Tatenda M.',
        status: 'finished',
        time: '40:00',
        gender: 'Male',
        genderPlace: 1,
        ageGroup: 'Under 18',
        ageGroupPlace: 1,
        certificate: false,
      },
      expect.objectContaining({
        place: 2,
        bib: 101,
        name: 'Rudo Dube',
        genderPlace: 1,
        ageGroup: '30–39',
        certificate: true,
      }),
      expect.objectContaining({
        place: 3,
        bib: 103,
        name: 'Runner 103',
        genderPlace: 2,
        ageGroupPlace: 2,
        certificate: false,
      }),
      expect.objectContaining({ place: 4, bib: 104, name: 'Runner 104', certificate: false }),
      expect.objectContaining({ place: 5, bib: 105, name: 'Farai Dube', genderPlace: 2, ageGroup: '40–49' }),
    ]);
    // Nothing of a contact, and no hidden name.
    expect(JSON.stringify(answer)).not.toMatch(/@example\.com|0771234567|Chipo|Tatenda Moyo/);
    // A search finds the name shown only: not the unticked runner's, nor a minor's surname.
    expect((await results('?q=chipo')).total).toBe(0);
    expect((await results('?q=dube')).results.map((row) => row.bib)).toEqual([101, 105]);
    expect((await results('?q=Moyo')).total).toBe(0);
    expect((await results('?q=103')).results.map((row) => row.name)).toEqual(['Runner 103']);
  });

  it('pages 100 at a time, searches by bib or name, and is taken back with the results', async () => {
    const times: [number, string][] = [];
    for (let i = 0; i < 102; i += 1) {
      await entrant(200 + i);
      times.push([200 + i, `${40 + Math.floor(i / 60)}:${String(i % 60).padStart(2, '0')}`]);
    }
    expect((await importFile(times)).statusCode).toBe(201);
    await publish();
    const first = await results();
    expect(first).toMatchObject({ total: 102, finishers: 102, page: 1 });
    expect(first.results).toHaveLength(100);
    const second = await results('?page=2');
    expect(second.results.map((row) => [row.place, row.bib])).toEqual([
      [101, 300],
      [102, 301],
    ]);
    expect((await results('?q=250')).results).toEqual([expect.objectContaining({ bib: 250, place: 51 })]);
    expect((await results('?q=zzz')).total).toBe(0);
    await publish(false);
    expect((await results()).published).toBe(false);
  });

  it('keeps the entrant\'s choice: shown unless "Show my name in published results" is unticked', async () => {
    const shown = await visitor.post('/api/registrations', runner());
    const hidden = await visitor.post('/api/registrations', runner({ showInResults: false }));
    const stored = async (reference: string) =>
      (await db.select().from(registrations).where(eq(registrations.reference, reference)))[0]?.showInResults;
    expect(await stored(shown.json().reference)).toBe(true);
    expect(await stored(hidden.json().reference)).toBe(false);
  });

  it('tells each finisher once, by text or mail as he chose, when the results are published', async () => {
    await turnTextsOn(db, app.context.secret);
    await entrant(101, { firstName: 'Rudo', email: 'rudo@example.com', notifyBy: 'email' });
    await entrant(102, {
      firstName: 'Farai',
      email: 'farai@example.com',
      mobile: '0772000102',
      notifyBy: 'sms',
    });
    await entrant(103, {
      firstName: 'Chipo',
      email: 'chipo@example.com',
      mobile: '0772000103',
      notifyBy: 'both',
    });
    await importFile([
      [102, '40:00'],
      [101, '52:14'],
      [103, '1:02:03'],
    ]);
    const told = async () => ({
      mails: await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'result')),
      texts: await db.select().from(smsOutbox).where(eq(smsOutbox.kind, 'result')),
    });
    expect(await told()).toEqual({ mails: [], texts: [] });
    await publish();
    const { mails, texts } = await told();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual(
      expect.arrayContaining([
        ['rudo@example.com', 'Your 10km time: 52:14'],
        ['chipo@example.com', 'Your 10km time: 1:02:03'],
      ]),
    );
    expect(mails).toHaveLength(2);
    expect(mails.find((mail) => mail.to === 'rudo@example.com')?.text).toContain('52:14, 2nd of 3.');
    expect(texts.map((text) => [text.to, text.body])).toEqual(
      expect.arrayContaining([
        ['+263772000102', expect.stringContaining('your 10km time: 40:00, 1st of 3.')],
        ['+263772000103', expect.stringContaining('your 10km time: 1:02:03, 3rd of 3.')],
      ]),
    );
    expect(texts).toHaveLength(2);
    // Taken back and published again: nobody is told twice.
    await publish(false);
    await publish();
    const again = await told();
    expect([again.mails.length, again.texts.length]).toEqual([2, 2]);
  });

  it('shows the entrant his own result on /My once published, and nothing before', async () => {
    await entrant(101, { email: 'first@example.com' });
    await entrant(102, { email: 'mine@example.com', gender: 'Male', age: 45 });
    await importFile([
      [101, '40:00'],
      [102, '52:14'],
    ]);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'mine@example.com'));
    const token = /\/My\/([\w-]{32})/.exec(mail?.text ?? '')?.[1] ?? '';
    const mine = async () => {
      const response = await visitor.get(`/api/my/${token}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result;
    };
    expect(await mine()).toBeNull();
    await publish();
    expect(await mine()).toEqual({
      race: '10km',
      finishers: 2,
      place: 2,
      bib: 102,
      name: expect.any(String),
      status: 'finished',
      time: '52:14',
      gender: 'Male',
      genderPlace: 1,
      ageGroup: '40–49',
      ageGroupPlace: 1,
      certificate: true,
    });
  });

  it('the entrant unticks "Show my name in published results" on /My, and is then shown by bib', async () => {
    const entry = runner({ email: 'own@example.com', firstName: 'Rudo', lastName: 'Dube' });
    const response = await visitor.post('/api/registrations', entry);
    await db
      .update(registrations)
      .set({ bib: 101 })
      .where(eq(registrations.reference, response.json().reference));
    await importFile([[101, '40:00']]);
    await publish();
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'own@example.com'));
    const token = /\/My\/([\w-]{32})/.exec(mail?.text ?? '')?.[1] ?? '';
    expect((await visitor.get(`/api/my/${token}`)).json().showInResults).toBe(true);
    expect((await results()).results[0]?.name).toBe('Rudo Dube');
    const { discipline: _, consent: __, ...fields } = entry;
    const saved = await visitor.put(`/api/my/${token}`, { ...fields, showInResults: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().showInResults).toBe(false);
    expect((await results()).results[0]?.name).toBe('Runner 101');
  });
});
