import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { letters } from '../../../../tests/support/entries.ts';
import {
  type Body,
  entry,
  expectProblem,
  setUpRegistrationTests,
} from '../../../../tests/support/registrations.ts';
import { createTestApp, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { events, raceOptions, registrations } from '../../db/schema/index.ts';

const { db, post, search, getEvent, findRaceRow, allRegistrations, registrationByReference } =
  setUpRegistrationTests();

describe(`GET /api/registrations/search (${testDatabaseKind})`, () => {
  async function registerNamed(firstName: string, lastName: string, overrides: Body = {}) {
    const response = await post(entry({ firstName, lastName, listedInSearch: true, ...overrides }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().reference as string;
  }

  const names = (response: LightMyRequestResponse) =>
    (response.json().results as { firstName: string; lastName: string }[]).map(
      (r) => `${r.firstName} ${r.lastName}`,
    );

  it('needs at least 3 characters, not counting spaces around them', async () => {
    await registerNamed('Alo', 'Banda');
    for (const q of [undefined, '', 'a', ' a ', 'al', ' al ', '   ', 'al\n=1']) {
      const problem = expectProblem(await search(q), 400);
      expect(problem.errors?.map((e) => e.path)).toEqual(['q']);
    }
    expect((await search('al')).json().errors).toEqual([
      { path: 'q', message: 'Type at least 3 characters' },
    ]);
    expect(names(await search('alo'))).toEqual(['Alo Banda']);
    expectProblem(await search('x'.repeat(101)), 400);
  });

  it('finds the start of a first name or a surname, case-insensitively, and answers names, discipline and race only', async () => {
    await registerNamed('Tendai', 'Moyo', { raceType: '21km' });
    await registerNamed('Chipo', 'Moyondo', { discipline: 'cycle', raceType: '30km', tshirtSize: 'Small' });
    await registerNamed('Kuda', 'Sibanda');

    const response = await search('MOYO');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: expect.arrayContaining([
        { firstName: 'Tendai', lastName: 'Moyo', discipline: 'run', raceType: '21km' },
        { firstName: 'Chipo', lastName: 'Moyondo', discipline: 'cycle', raceType: '30km' },
      ]),
    });
    expect(response.json().results).toHaveLength(2);
    for (const result of response.json().results) {
      expect(Object.keys(result).sort()).toEqual(['discipline', 'firstName', 'lastName', 'raceType']);
    }

    expect(names(await search('tendai mo'))).toEqual(['Tendai Moyo']);
    expect(names(await search('TEN'))).toEqual(['Tendai Moyo']);
    expect(names(await search('kuda'))).toEqual(['Kuda Sibanda']);
    expect(names(await search('  sib  '))).toEqual(['Kuda Sibanda']);
    // The middle of a name is not its start: a scraper can no longer sweep the list with two letters.
    expect(names(await search('ndai'))).toEqual([]);
    expect(names(await search('banda'))).toEqual([]);
    expect(names(await search('dai mo'))).toEqual([]);
    expect(names(await search('Moyo Tendai'))).toEqual([]);
    expect(names(await search('zzz'))).toEqual([]);
  });

  it('leaves out entrants who chose not to be listed, and those who did not say: listing is opted into', async () => {
    await registerNamed('Rudo', 'Listed');
    await registerNamed('Rudo', 'Hidden', { listedInSearch: false });
    await registerNamed('Rudo', 'Unsaid', { listedInSearch: undefined });
    expect(names(await search('rudo'))).toEqual(['Rudo Listed']);
    const rows = await allRegistrations();
    expect(rows.find(({ row }) => row.lastName === 'Hidden')?.row.listedInSearch).toBe(false);
    expect(rows.find(({ row }) => row.lastName === 'Unsaid')?.row.listedInSearch).toBe(false);
  });

  it('does not search by email or phone', async () => {
    await registerNamed('Tendai', 'Moyo', { email: 'secret.person@example.com', mobile: '0779876543' });
    expect(names(await search('secret'))).toEqual([]);
    expect(names(await search('example.com'))).toEqual([]);
    expect(names(await search('779876543'))).toEqual([]);
  });

  it('answers at most 10 results', async () => {
    for (let i = 0; i < 25; i++) await registerNamed('Sam', `Smith ${letters(i)}`);
    const response = await search('smith');
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toHaveLength(10);
    expect(names(await search('Smith z'))).toEqual([]);
    expect(names(await search('Smith y'))).toEqual(['Sam Smith y']);
  });

  it("treats '%', '_' and '\\' as the characters themselves", async () => {
    await registerNamed('Ann%e', 'Banda');
    await registerNamed('Annie', 'Banda');
    await registerNamed('Jo_n', 'Phiri');
    await registerNamed('John', 'Phiri');
    await registerNamed('O\\Brien', 'Kay');
    await registerNamed('OBrien', 'Kay');

    expect(names(await search('ann%'))).toEqual(['Ann%e Banda']);
    expect(names(await search('%%%'))).toEqual([]);
    expect(names(await search('jo_'))).toEqual(['Jo_n Phiri']);
    expect(names(await search('___'))).toEqual([]);
    expect(names(await search('O\\B'))).toEqual(['O\\Brien Kay']);
    expect(names(await search('\\\\\\'))).toEqual([]);
    expect(names(await search('banda')).sort()).toEqual(['Ann%e Banda', 'Annie Banda']);
  });

  it('does not return cancelled entries', async () => {
    const cancelled = await registerNamed('Nyasha', 'Gumbo');
    await registerNamed('Nyasha', 'Gumbo', { discipline: 'cycle', raceType: '15km', tshirtSize: 'Small' });
    await db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.reference, cancelled));
    const response = await search('nyasha');
    expect(response.json().results).toEqual([
      { firstName: 'Nyasha', lastName: 'Gumbo', discipline: 'cycle', raceType: '15km' },
    ]);
  });
});

describe(`privacy of public answers (${testDatabaseKind})`, () => {
  const secret = {
    firstName: 'Privacy',
    lastName: 'Subject',
    email: 'hidden.person@secret-mail.example',
    mobile: '0779 876 543',
    nextOfKinMobile: '+27 82 555 0199',
    age: 87,
    gender: 'Female',
    listedInSearch: true,
  };
  const MOBILE_DIGITS = ['779876543', '77 987 6543', '0779876543'];
  const KIN_DIGITS = ['825550199', '82 555 0199'];

  function expectNothingPersonal(what: string, response: LightMyRequestResponse) {
    // The private link's random token may hold any digits (an "87" in it once failed the age check below).
    const raw = response.body.replace(/\/My\/[\w-]+/g, '/My/<token>');
    expect(raw.toLowerCase(), what).not.toContain(secret.email.toLowerCase());
    expect(raw, what).not.toContain('secret-mail');
    for (const digits of [...MOBILE_DIGITS, ...KIN_DIGITS]) expect(raw, what).not.toContain(digits);
    expect(raw, what).not.toMatch(/(?<!\d)87(?!\d)/);
    expect(raw, what).not.toMatch(/"(email|mobile|nextOfKinMobile|age|gender)"\s*:/);
  }

  it('never shows email, phones, age or next of kin in any public response', async () => {
    const created = await post(entry({ ...secret, raceType: '21km' }));
    expect(created.statusCode, created.body).toBe(201);
    // The row really holds the values that must not come out.
    const { row } = await registrationByReference(created.json().reference);
    expect(row).toMatchObject({
      email: secret.email,
      mobile: '+263779876543',
      nextOfKinMobile: '+27825550199',
      age: 87,
    });

    const answers: [string, LightMyRequestResponse][] = [];
    answers.push(['POST 201', created]);
    answers.push(['GET /api/event', await getEvent()]);
    answers.push(['POST same person 200', await post(entry({ ...secret, raceType: '21km' }))]);
    answers.push([
      'POST bad consent 400',
      await post(entry({ ...secret, lastName: 'Other', consent: false })),
    ]);
    answers.push([
      'POST bad size 400',
      await post(entry({ ...secret, lastName: 'Other', tshirtSize: 'Huge' })),
    ]);
    answers.push([
      'POST bad race 400',
      await post(entry({ ...secret, lastName: 'Other', raceType: '99km' })),
    ]);
    answers.push([
      'POST bad email 400',
      await post(entry({ ...secret, email: `${secret.email}@@`, age: 200 })),
    ]);
    answers.push(['search by name', await search('privacy')]);
    answers.push(['search by surname', await search('SUBJECT')]);
    answers.push(['search by email', await search(secret.email)]);
    answers.push(['search by phone', await search('779876543')]);

    await db
      .update(raceOptions)
      .set({ capacity: 1 })
      .where(eq(raceOptions.id, (await findRaceRow('run', '21km')).id));
    answers.push([
      'POST race full 409',
      await post(entry({ ...secret, lastName: 'Other', raceType: '21km' })),
    ]);
    answers.push(['GET /api/event (race full)', await getEvent()]);
    await db.update(events).set({ registrationClosesAt: new Date(Date.now() - 1000) });
    answers.push(['POST closed 409', await post(entry({ ...secret, lastName: 'Other' }))]);
    answers.push(['GET /api/event (closed)', await getEvent()]);

    expect(answers.map(([what, r]) => `${what}: ${r.statusCode}`)).toEqual([
      'POST 201: 201',
      'GET /api/event: 200',
      'POST same person 200: 200',
      'POST bad consent 400: 400',
      'POST bad size 400: 400',
      'POST bad race 400: 400',
      'POST bad email 400: 400',
      'search by name: 200',
      'search by surname: 200',
      'search by email: 200',
      'search by phone: 200',
      'POST race full 409: 409',
      'GET /api/event (race full): 200',
      'POST closed 409: 409',
      'GET /api/event (closed): 200',
    ]);
    for (const [what, response] of answers) expectNothingPersonal(what, response);
    // The search does find him, by name only.
    expect(answers[7]?.[1].json().results).toEqual([
      { firstName: 'Privacy', lastName: 'Subject', discipline: 'run', raceType: '21km' },
    ]);
  });
});

describe(`public search limit (${testDatabaseKind})`, () => {
  it('answers 30 searches per client address in 10 minutes, then 429 with Retry-After; others still search', async () => {
    const limited = await createTestApp();
    try {
      const searchFrom = (remoteAddress: string) =>
        limited.inject({ url: '/api/registrations/search?q=abc', remoteAddress });
      for (let n = 0; n < 30; n++) expect((await searchFrom('192.0.2.1')).statusCode).toBe(200);
      const refused = await searchFrom('192.0.2.1');
      expectProblem(refused, 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      expect((await searchFrom('192.0.2.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
