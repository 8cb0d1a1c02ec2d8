import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cookieHeader,
  createAccount,
  createTestApp,
  EVENT_AT_EVERY_REQUEST,
  injectAs,
  ORIGIN,
  setUpTestApp,
  signedInAs,
  testDatabase,
} from '../../../../tests/support/test-app.ts';
import { type App, buildApp } from '../../app.ts';
import { createOrPromoteAdmin } from '../../auth/create-admin.ts';
import { mailOutbox, session, user } from '../../db/schema/index.ts';
import { loadEnv } from '../../env.ts';
import { SIGN_IN_THROTTLE } from '../../http/limits.ts';
import { createLogger } from '../../logger.ts';

const { app, db, visitor } = setUpTestApp({ admin: false });

const PASSWORD = 'correct horse battery';
let serial = 0;
const newEmail = () => `someone.${++serial}.${Date.now()}@example.com`;

async function latestMailTo(email: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

/** The link in a mail, as a path on our server. */
async function linkIn(email: string) {
  const mail = await latestMailTo(email);
  const url = mail?.text?.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in the mail to ${email}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

async function sessionOf(cookie: string) {
  const response = await app.inject({ url: '/api/account/session', headers: { cookie } });
  return response.json().user;
}

async function signUpAndVerify(url = '/api/account/sign-up', name = 'Farai Chikomo') {
  const email = newEmail();
  expect((await visitor.post(url, { name, email, password: PASSWORD })).statusCode).toBe(202);
  const verified = await app.inject({ url: await linkIn(email) });
  return { email, verified, cookie: cookieHeader(verified.headers['set-cookie']) };
}

describe('sign-up, verification and sign-in', () => {
  it('sends a verification link that verifies, signs in and lands on /About as a participant', async () => {
    const email = newEmail();
    const signUp = await visitor.post('/api/account/sign-up', {
      name: 'Farai Chikomo',
      email,
      password: PASSWORD,
    });
    expect(signUp.statusCode).toBe(202);
    expect(signUp.json().message).toBe('Check your email for verification link');
    expect(signUp.headers['set-cookie']).toBeUndefined();

    const mail = await latestMailTo(email);
    expect(mail?.subject).toBe('Confirm your email for Celebration');
    expect(mail?.text).toContain(`${ORIGIN}/api/auth/verify-email?token=`);

    const verified = await app.inject({ url: await linkIn(email) });
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/About');
    const cookie = cookieHeader(verified.headers['set-cookie']);
    expect(await sessionOf(cookie)).toMatchObject({ email, name: 'Farai Chikomo', role: 'participant' });
  });

  it('refuses sign-in before verification, says so, and can resend the link', async () => {
    const email = newEmail();
    await visitor.post('/api/account/sign-up', { name: 'Tariro Dube', email, password: PASSWORD });
    const early = await visitor.post('/api/account/sign-in', { email, password: PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(early.json().detail).toMatch(/not verified/);

    const before = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length;
    expect((await visitor.post('/api/account/resend-verification', { email })).statusCode).toBe(202);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length).toBe(before + 1);
  });

  it('never says whether an account exists: wrong password and unknown email read the same', async () => {
    const { email } = await signUpAndVerify();
    const wrong = await visitor.post('/api/account/sign-in', { email, password: 'not the password' });
    const unknown = await visitor.post('/api/account/sign-in', { email: newEmail(), password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('Email or password is incorrect');
    }
  });

  it('answers a sign-up with a taken email like any other, creates nothing, and tells the owner', async () => {
    const { email } = await signUpAndVerify();
    const again = await visitor.post('/api/account/sign-up', {
      name: 'Someone Else',
      email,
      password: 'another password!',
    });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe('Check your email for verification link');
    expect(await db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    expect((await latestMailTo(email))?.subject).toBe('You already have a Celebration account');
  });

  it('checks the fields with the same rules as the form', async () => {
    const response = await visitor.post('/api/account/sign-up', {
      name: ' ',
      email: 'nope',
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    const messages = Object.fromEntries(
      response.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(messages).toEqual({
      name: 'Enter your full name',
      email: 'Enter a valid email address, e.g. name@example.com',
      password: 'Password must be at least 10 characters',
    });
  });

  it('signs in, and signing out ends the session on the server', async () => {
    const { email } = await signUpAndVerify();
    const signIn = await visitor.post('/api/account/sign-in', {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ email, role: 'participant' });
    const cookie = cookieHeader(signIn.headers['set-cookie']);
    const [row] = await db.select().from(user).where(eq(user.email, email));
    const sessionsBefore = await db
      .select()
      .from(session)
      .where(eq(session.userId, row?.id ?? ''));
    expect(sessionsBefore.length).toBeGreaterThan(0);

    expect((await injectAs(app, { cookie }).post('/api/account/sign-out', {})).statusCode).toBe(204);
    expect(await sessionOf(cookie)).toBeNull();
    const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0];
    expect(
      (
        await db
          .select()
          .from(session)
          .where(eq(session.token, token ?? ''))
      ).length,
    ).toBe(0);
  });

  it('resets a forgotten password through the emailed link', async () => {
    const { email } = await signUpAndVerify();
    expect((await visitor.post('/api/account/forgot-password', { email })).statusCode).toBe(202);
    const link = await app.inject({ url: await linkIn(email) });
    expect(link.statusCode).toBe(302);
    const location = new URL(String(link.headers.location), ORIGIN);
    expect(location.pathname).toBe('/ResetPassword');
    const token = location.searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    const reset = await visitor.post('/api/account/reset-password', {
      token,
      password: 'a brand new password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await visitor.post('/api/account/sign-in', { email, password: PASSWORD })).statusCode).toBe(401);
    expect(
      (await visitor.post('/api/account/sign-in', { email, password: 'a brand new password' })).statusCode,
    ).toBe(200);

    const reused = await visitor.post('/api/account/reset-password', {
      token,
      password: 'yet another password',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_TOKEN');
  });

  it('answers a password reset for an unknown email like a known one', async () => {
    const response = await visitor.post('/api/account/forgot-password', { email: newEmail() });
    expect(response.statusCode).toBe(202);
  });
});

describe('emailed links with a callback that is not a plain path on this site', () => {
  /** The emailed link with its callbackURL replaced by `callback`, sent as written (already encoded). */
  const withCallback = (path: string, callback: string) => {
    const url = new URL(path, ORIGIN);
    url.searchParams.delete('callbackURL');
    return `${url.pathname}${url.search ? `${url.search}&` : '?'}callbackURL=${callback}`;
  };

  it('answers a valid verification token with such a callback as a 400 problem, before the token is used', async () => {
    const email = newEmail();
    await visitor.post('/api/account/sign-up', { name: 'Link Tester', email, password: PASSWORD });
    const link = await linkIn(email);
    for (const callback of ['/%E3%80%80/x', '/%09/evil.example', '//evil.example', 'https://evil.example']) {
      const response = await app.inject({ url: withCallback(link, callback) });
      expect(response.statusCode, callback).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status: 400, detail: 'This link is not valid.' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    // The link as sent still works.
    const verified = await app.inject({ url: link });
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/About');
  });

  it('answers a password reset link with such a callback as a 400 problem', async () => {
    const { email } = await signUpAndVerify();
    await visitor.post('/api/account/forgot-password', { email });
    const link = await linkIn(email);
    const response = await app.inject({ url: withCallback(link, '/%E3%80%80/x') });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await app.inject({ url: link })).statusCode).toBe(302);
  });
});

describe('session cookie and request origin', () => {
  it('keeps every answer that sets or clears the cookie out of caches', async () => {
    const email = newEmail();
    await visitor.post('/api/account/sign-up', { name: 'Cache Watcher', email, password: PASSWORD });
    const verified = await app.inject({ url: await linkIn(email) });
    const signIn = await visitor.post('/api/account/sign-in', { email, password: PASSWORD });
    const signOut = await injectAs(app, { cookie: cookieHeader(signIn.headers['set-cookie']) }).post(
      '/api/account/sign-out',
      {},
    );
    for (const [name, response] of Object.entries({ verified, signIn, signOut })) {
      expect(response.headers['set-cookie'], name).toBeDefined();
      expect(response.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('sets an HttpOnly, SameSite=Lax cookie, without Secure over http', async () => {
    const { verified } = await signUpAndVerify();
    const line = [verified.headers['set-cookie']].flat().find((c) => c?.includes('session_token'));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).not.toMatch(/Secure/i);
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const secureApp = await createTestApp({ RATE_LIMITS: 'off', PUBLIC_URL: 'https://fun.example.org' });
    const admin = await signedInAsOn(secureApp);
    expect(admin).toMatch(/Secure/);
    expect(admin).toMatch(/HttpOnly/i);
    await secureApp.close();
  });

  it('refuses a state-changing request with a cookie from another origin or none', async () => {
    const { cookie } = await signedInAs(app, 'admin');
    for (const origin of ['https://evil.example', undefined]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/sign-out',
        headers: { cookie, ...(origin ? { origin } : {}) },
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await sessionOf(cookie)).not.toBeNull();
  });
});

/** Signs in on an app with another PUBLIC_URL and returns the raw Set-Cookie line of the session. */
async function signedInAsOn(target: App) {
  const { internalAdapter, password } = await target.context.auth.$context;
  const email = newEmail();
  const created = await internalAdapter.createUser(
    { email, name: 'Secure Admin', emailVerified: true, role: 'admin' },
    { method: 'admin' },
  );
  await internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await password.hash(PASSWORD),
  });
  const response = await target.inject({
    method: 'POST',
    url: '/api/account/sign-in',
    headers: { origin: 'https://fun.example.org' },
    payload: { email, password: PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return [response.headers['set-cookie']].flat().find((c) => c?.includes('session_token')) ?? '';
}

describe('rate limits on sign-in', () => {
  const { perClient, perEmail } = SIGN_IN_THROTTLE;
  let limited: App;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: 'on' });
  });
  afterAll(() => limited.close());
  afterEach(() => vi.useRealTimers());

  const signInFrom = (remoteAddress: string, email: string, password: string) =>
    limited.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      remoteAddress,
      headers: { origin: ORIGIN },
      payload: { email, password },
    });
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('refuses the client that guessed wrong too often, while the owner signs in from another address', async () => {
    const { email, password } = await createAccount(limited, 'participant');
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= perClient.max; attempt++) {
      statuses.push((await signInFrom('10.0.0.1', email, 'wrong password')).statusCode);
    }
    expect(statuses).toEqual([...Array(perClient.max).fill(401), 429]);
    const blocked = await signInFrom('10.0.0.1', email, password);
    expect(blocked.statusCode).toBe(429);
    expect((await signInFrom('10.0.0.2', email, password)).statusCode).toBe(200);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(perClient.window / 1000 - 60);
    expect(blocked.json().detail).toMatch(/Too many/);

    vi.useFakeTimers({ toFake: ['Date'] });
    later(perClient.window + 1000);
    expect((await signInFrom('10.0.0.1', email, password)).statusCode).toBe(200);
  });

  it('makes clients that failed wait longer and longer once an email has many failures, but never a clean client', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { email, password } = await createAccount(limited, 'participant');
    const guesser = (n: number) => `10.1.0.${n}`;
    // One wrong password from each of many addresses: none is refused, each is now a client that failed.
    for (let n = 1; n <= perEmail.freeFailures + 1; n++) {
      expect((await signInFrom(guesser(n), email, 'wrong password')).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let round = 1; round <= 3; round++) {
      const refused = await signInFrom(guesser(round), email, 'wrong password');
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      // The owner, from an address that has not failed, is never held up.
      expect((await signInFrom(`10.2.0.${round}`, email, password)).statusCode).toBe(200);
      later(wait * 1000 + 10);
      expect((await signInFrom(guesser(round), email, 'wrong password')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4].map((n) => (n * perEmail.firstWait) / 1000));
    // A clean client is told the password is wrong, not to wait.
    expect((await signInFrom('10.3.0.1', email, 'wrong password')).statusCode).toBe(401);
  });
});

describe('rate limits count failures, not the owner signing in', () => {
  let limited: App;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: 'on' });
  });
  afterAll(() => limited.close());

  it('lets an account sign in a dozen times in a minute', async () => {
    const { email, password } = await createAccount(limited, 'admin');
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await injectAs(limited).post('/api/account/sign-in', { email, password })).statusCode).toBe(
        200,
      );
    }
  });
});

describe('admin accounts screen API', () => {
  const changeAccount = (admin: { cookie: string }, id: string, payload: object) =>
    injectAs(app, admin).patch(`/api/accounts/${id}`, payload);

  it('lists and searches accounts', async () => {
    const { cookie } = await signedInAs(app, 'admin');
    const { email } = await signUpAndVerify('/api/account/sign-up', 'Nyasha Searchable');
    const all = await app.inject({ url: '/api/accounts', headers: { cookie } });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBeGreaterThanOrEqual(2);
    const found = await app.inject({ url: '/api/accounts?q=searchable', headers: { cookie } });
    expect(found.json().accounts.map((a: { email: string }) => a.email)).toEqual([email]);
    expect(found.json().accounts[0]).toMatchObject({
      role: 'participant',
      emailVerified: true,
      disabled: false,
    });
  });

  it('changes a role, which ends that account’s sessions', async () => {
    const admin = await signedInAs(app, 'admin');
    const member = await signedInAs(app, 'participant');
    const response = await changeAccount(admin, member.id, { role: 'facilitator' });
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('facilitator');
    expect(await sessionOf(member.cookie)).toBeNull();
    const again = await visitor.post('/api/account/sign-in', {
      email: member.email,
      password: member.password,
    });
    expect(again.json().user.role).toBe('facilitator');
  });

  it('disables an account: its sessions end and it cannot sign in', async () => {
    const admin = await signedInAs(app, 'admin');
    const member = await signedInAs(app, 'company');
    const response = await changeAccount(admin, member.id, { disabled: true });
    expect(response.json().disabled).toBe(true);
    expect(await sessionOf(member.cookie)).toBeNull();
    const signIn = await visitor.post('/api/account/sign-in', {
      email: member.email,
      password: member.password,
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().detail).toBe('This account has been disabled. Please contact the organisers.');
  });

  it('does not let an admin remove his own admin role or disable himself', async () => {
    const admin = await signedInAs(app, 'admin');
    for (const payload of [{ role: 'participant' }, { disabled: true }]) {
      const response = await changeAccount(admin, admin.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/cannot remove your own admin role/);
    }
    expect(await sessionOf(admin.cookie)).toMatchObject({ role: 'admin' });
  });

  it('answers a change with nothing in it as a 400 problem', async () => {
    const admin = await signedInAs(app, 'admin');
    const member = await signedInAs(app, 'participant');
    const response = await changeAccount(admin, member.id, {});
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json().errors).toEqual([
      { path: '', message: 'Choose a role or whether the account is disabled' },
    ]);
    expect(await sessionOf(member.cookie)).toMatchObject({ role: 'participant' });
  });

  it('shows the dev outbox with its links to admins', async () => {
    const admin = await signedInAs(app, 'admin');
    const email = newEmail();
    await visitor.post('/api/account/sign-up', { name: 'Outbox Reader', email, password: PASSWORD });
    const response = await app.inject({ url: '/api/mail-outbox', headers: { cookie: admin.cookie } });
    expect(response.json().transport).toBe('dev-outbox');
    const mail = response.json().mails.find((m: { to: string }) => m.to === email);
    expect(mail.text).toContain('/api/auth/verify-email?token=');
  });

  it('with a mail server set up, shows delivery status only: no body, no link, for any mail', async () => {
    const withSmtp = await createTestApp({ RATE_LIMITS: 'off', SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const admin = await signedInAs(withSmtp, 'admin');
      const email = newEmail();
      await injectAs(withSmtp).post('/api/account/sign-up', {
        name: 'Outbox Reader',
        email,
        password: PASSWORD,
      });
      await injectAs(withSmtp).post('/api/account/forgot-password', { email: admin.email });
      const response = await withSmtp.inject({ url: '/api/mail-outbox', headers: { cookie: admin.cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.json().transport).toBe('smtp');
      const mails = response.json().mails as { to: string; subject: string; text: string | null }[];
      expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([email, admin.email]));
      for (const mail of mails) expect(mail).toMatchObject({ text: null, attempts: 0, sentAt: null });
      expect(response.body).not.toMatch(/token|https?:\/\//);
    } finally {
      await withSmtp.close();
    }
  });
});

describe('company teams', () => {
  const staff = (n: string, discipline: 'run' | 'cycle' = 'run') => ({
    discipline,
    firstName: 'Staff',
    lastName: `Member ${n}`,
    email: `staff.${n}.${Date.now()}@example.com`,
    mobile: '0771234567',
    age: 30,
    raceType: discipline === 'run' ? '10km' : '30km',
    nextOfKinMobile: '0772345678',
    tshirtSize: discipline === 'run' ? 'Large' : 'Medium',
    consent: true,
  });

  it('creates a company account from /CompanySignUp', async () => {
    const { cookie } = await signUpAndVerify('/api/account/company-sign-up', 'Acme Holdings');
    expect(await sessionOf(cookie)).toMatchObject({ name: 'Acme Holdings', role: 'company' });
  });

  it('registers staff with the public rules and shows each company only its own team with totals', async () => {
    const first = await signedInAs(app, 'company');
    const second = await signedInAs(app, 'company');
    for (const body of [staff('a'), staff('b', 'cycle')]) {
      const response = await injectAs(app, first).post('/api/team/registrations', body);
      expect(response.statusCode).toBe(201);
      expect(response.json().reference).toMatch(/^CFR25-\d{4,}$/);
    }
    const invalid = await injectAs(app, first).post('/api/team/registrations', { ...staff('c'), age: 3 });
    expect(invalid.statusCode).toBe(400);

    const team = await app.inject({ url: '/api/team/registrations', headers: { cookie: first.cookie } });
    expect(team.json().entries.map((e: { lastName: string }) => e.lastName)).toEqual([
      'Member a',
      'Member b',
    ]);
    expect(team.json().entries[0]).toMatchObject({
      paymentStatus: 'unpaid',
      discipline: 'run',
      tshirtSize: 'Large',
    });
    expect(team.json().due.usd).toMatch(/^\d+\.\d{2}$/);

    const other = await app.inject({ url: '/api/team/registrations', headers: { cookie: second.cookie } });
    expect(other.json()).toEqual({
      entries: [],
      due: { usd: '0.00', zwg: '0.00' },
      reference: null,
      changeable: true,
    });
  });

  it("refuses a staff member already registered, without telling the company that entry's receipt", async () => {
    const { cookie } = await signedInAs(app, 'company');
    const member = staff('d');
    const publicEntry = await visitor.post('/api/registrations', member);
    expect(publicEntry.statusCode).toBe(201);

    const again = await injectAs(app, { cookie }).post('/api/team/registrations', member);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      'You are already registered as a runner with this name and email. We have sent your confirmation email again.',
    );
    expect(again.body).not.toContain(publicEntry.json().reference);
    const team = await app.inject({ url: '/api/team/registrations', headers: { cookie } });
    expect(team.json().entries).toEqual([]);
  });
});

describe('admin:create', () => {
  it('creates a verified admin who can sign in at once, and promotes an existing account', async () => {
    const database = await testDatabase();
    const env = loadEnv({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN, DATA_DIR: 'memory://' });
    const email = newEmail();
    expect(
      await createOrPromoteAdmin(env, database, { email, password: PASSWORD, name: 'First Admin' }),
    ).toBe('created');
    const signIn = await visitor.post('/api/account/sign-in', { email, password: PASSWORD });
    expect(signIn.json().user.role).toBe('admin');

    const { email: memberEmail } = await signUpAndVerify();
    expect(await createOrPromoteAdmin(env, database, { email: memberEmail })).toBe('promoted');
    const promoted = await visitor.post('/api/account/sign-in', { email: memberEmail, password: PASSWORD });
    expect(promoted.json().user.role).toBe('admin');
  });
});

describe('logs', () => {
  it('never contain a password, token or session id', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp({
      eventFreshness: EVENT_AT_EVERY_REQUEST,
      env: loadEnv({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN, RATE_LIMITS: 'off', LOG_LEVEL: 'trace' }),
      database: await testDatabase(),
      logger: createLogger('trace', sink),
    });
    const email = newEmail();
    await injectAs(logged).post('/api/account/sign-up', { name: 'Log Watcher', email, password: PASSWORD });
    const verifyPath = await linkIn(email);
    const verified = await logged.inject({ url: verifyPath });
    const cookie = cookieHeader(verified.headers['set-cookie']);
    await injectAs(logged).post('/api/account/sign-in', { email, password: 'a wrong password' });
    await injectAs(logged).post('/api/account/forgot-password', { email });
    const resetPath = await linkIn(email);
    await logged.inject({ url: resetPath });
    await logged.inject({ url: '/api/account/session', headers: { cookie } });
    await logged.close();

    const secrets = [
      PASSWORD,
      'a wrong password',
      new URL(verifyPath, ORIGIN).searchParams.get('token') ?? 'missing',
      resetPath.split('/').pop()?.split('?')[0] ?? 'missing',
      decodeURIComponent(cookie.split('=')[1] ?? 'missing').split('.')[0] ?? 'missing',
    ];
    expect(lines.length).toBeGreaterThan(5);
    const all = lines.join('');
    for (const secret of secrets) expect(all).not.toContain(secret);
  });
});
