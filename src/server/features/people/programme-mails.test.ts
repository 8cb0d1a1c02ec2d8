import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manForm } from '../../../../tests/support/entries.ts';
import { createAccount, setUpTestApp, signedInAs } from '../../../../tests/support/test-app.ts';
import { mailOutbox, user, workoutSessions } from '../../db/schema/index.ts';

const { app, admin, db, visitor, asAdmin } = setUpTestApp();

let serial = 0;
function person(overrides: Record<string, string> = {}) {
  serial += 1;
  return manForm(`Mails${serial}`, overrides);
}

const mailsTo = (email: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));

/** A calendar day counted from today in Harare, as YYYY-MM-DD. */
function harareDay(offsetDays: number) {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Harare' }).format(day);
}

describe('a man who joins is welcomed by mail', () => {
  it('tells him what happens next, that the dates will follow while no session is set, and links to /SignUp with his email', async () => {
    // The seeded sessions are all in 2024.
    const man = person({ firstName: 'Farai', email: `Farai.Plus+${Date.now()}@Example.com` });
    const response = await visitor.post('/api/men', man);
    expect(response.json()).toEqual({
      message: 'Welcome to the movement! You are registered.',
      firstSession: null,
    });
    const [welcome, ...others] = await mailsTo(man.email);
    expect(others).toEqual([]);
    expect(welcome?.subject).toBe('Welcome to the Real Man programme');
    expect(welcome?.text).toMatch(/^Dear Farai,/);
    expect(welcome?.text).toContain('The dates of the sessions will follow.');
    const link = welcome?.text?.match(/https?:\/\/\S+/)?.[0] ?? '';
    expect(link).toBe(`http://localhost:3000/SignUp?email=${encodeURIComponent(man.email)}`);
    expect(new URL(link).searchParams.get('email')).toBe(man.email);
    expect(welcome?.text).toContain('Sign in at http://localhost:3000/About');
  });

  it('names the nearest session from today on, open or not yet, never a past one', async () => {
    await db.insert(workoutSessions).values([
      { name: 'Past but open', heldOn: harareDay(-3), state: 'open' },
      { name: 'Later', heldOn: harareDay(60), state: 'open' },
      {
        name: 'Nearest',
        heldOn: harareDay(20),
        state: 'inactive',
        startTime: '09:00',
        place: 'Church hall, 12 Samora Machel Ave',
      },
    ]);
    const man = person({ firstName: 'Kuda' });
    const answer = (await visitor.post('/api/men', man)).json();
    expect(answer.firstSession).toEqual({
      name: 'Nearest',
      heldOn: harareDay(20),
      startTime: '09:00',
      place: 'Church hall, 12 Samora Machel Ave',
    });
    const [welcome] = await mailsTo(man.email);
    const spelled = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(`${harareDay(20)}T00:00:00Z`));
    expect(welcome?.text).toContain(
      `Your first session: Nearest on ${spelled} at 09:00 (Harare time), Church hall, 12 Samora Machel Ave.`,
    );
    expect(welcome?.text).not.toContain('will follow');

    // Today's session is still to come.
    await db.insert(workoutSessions).values({ name: 'Today', heldOn: harareDay(0), state: 'open' });
    expect((await visitor.post('/api/men', person())).json().firstSession).toEqual({
      name: 'Today',
      heldOn: harareDay(0),
      startTime: null,
      place: null,
    });
  });

  it('welcomes a man from the desk form, and one an admin registers', async () => {
    const { firstName, lastName, email, mobile } = person({ firstName: 'Desk' });
    await visitor.post('/api/men/quick', { firstName, lastName, email, mobile });
    const byAdmin = person({ firstName: 'Office' });
    expect((await asAdmin.post('/api/men', byAdmin)).statusCode).toBe(201);
    for (const [address, name] of [
      [email, 'Desk'],
      [byAdmin.email, 'Office'],
    ]) {
      const mails = await mailsTo(address ?? '');
      expect(mails.map((mail) => mail.subject)).toEqual(['Welcome to the Real Man programme']);
      expect(mails[0]?.text).toMatch(new RegExp(`^Dear ${name},`));
    }
  });

  it('welcomes once: a taken email gets the "already registered" notice instead, with the same answer', async () => {
    const man = person();
    const first = await visitor.post('/api/men', man);
    const again = await visitor.post('/api/men', { ...man, firstName: 'Stranger' });
    expect(again.body).toBe(first.body);
    expect((await mailsTo(man.email)).map((mail) => mail.subject)).toEqual([
      'Welcome to the Real Man programme',
      'You are already registered in the men’s programme',
    ]);
  });

  it('sends nothing for a bot, yet answers it alike', async () => {
    const man = person();
    const response = await visitor.post('/api/men', { ...man, website: 'http://spam.example' });
    expect(response.json()).toEqual({
      message: 'Welcome to the movement! You are registered.',
      firstSession: null,
    });
    expect(await mailsTo(man.email)).toEqual([]);
  });
});

describe('every decision on a facilitator sends a mail', () => {
  async function applicant(overrides: Record<string, string> = {}) {
    const body = person(overrides);
    await visitor.post('/api/facilitators', body);
    const [row] = (
      await app.inject({
        url: `/api/facilitators?q=${encodeURIComponent(body.email)}`,
        headers: { cookie: admin.cookie },
      })
    ).json().rows;
    return { ...body, id: row.id as string };
  }

  it('approving one who has an account tells him to sign in (again) to open the facilitator pages', async () => {
    const account = await signedInAs(app, 'participant');
    const { id } = await applicant({ email: account.email, firstName: 'Joseph' });
    expect(await mailsTo(account.email)).toEqual([]);
    expect((await asAdmin.post(`/api/facilitators/${id}/approve`, {})).json()).toMatchObject({
      status: 'approved',
      hasAccount: true,
    });
    const [mail, ...more] = await mailsTo(account.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('You are now a Celebration facilitator');
    expect(mail?.text).toMatch(/^Dear Joseph,/);
    expect(mail?.text).toContain('Sign in at http://localhost:3000/About');
    expect(mail?.text).not.toContain('/SignUp');
  });

  it('approving one without an account invites him to /SignUp with his email filled in', async () => {
    const { id, email } = await applicant();
    await asAdmin.post(`/api/facilitators/${id}/approve`, {});
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('You are now a Celebration facilitator');
    expect(mail?.text).toContain(`http://localhost:3000/SignUp?email=${encodeURIComponent(email)}`);
  });

  it('approving one whose account is not confirmed yet asks him to confirm it, not to create another', async () => {
    const { id, email } = await applicant();
    await visitor.post('/api/account/sign-up', {
      name: 'Unconfirmed Applicant',
      email,
      password: 'a long password',
    });
    await asAdmin.post(`/api/facilitators/${id}/approve`, {});
    const decision = (await mailsTo(email)).filter((mail) => mail.subject.includes('facilitator'));
    expect(decision).toHaveLength(1);
    expect(decision[0]?.text).toContain('Confirm your email address');
    expect(decision[0]?.text).not.toContain('/SignUp');
  });

  it('declining one, with an account or without, tells him so', async () => {
    const account = await createAccount(app, 'participant');
    for (const email of [account.email, `declined.${Date.now()}@example.com`]) {
      const { id } = await applicant({ email, firstName: 'Peter' });
      expect((await asAdmin.post(`/api/facilitators/${id}/decline`, {})).json().status).toBe('declined');
      const mails = await mailsTo(email);
      expect(mails.map((mail) => mail.subject)).toEqual(['Your application to be a Celebration facilitator']);
      expect(mails[0]?.text).toMatch(/^Dear Peter,/);
      expect(mails[0]?.text).toContain('will not take it further');
    }
    const [row] = await db.select().from(user).where(eq(user.email, account.email));
    expect(row?.role).toBe('participant');
  });

  it('deciding again what is decided changes nothing and sends nothing more', async () => {
    const { id, email } = await applicant();
    await asAdmin.post(`/api/facilitators/${id}/approve`, {});
    await asAdmin.post(`/api/facilitators/${id}/approve`, {});
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await asAdmin.post(`/api/facilitators/${crypto.randomUUID()}/approve`, {})).statusCode).toBe(404);
  });

  it('an admin registering a facilitator directly tells him too, account or not', async () => {
    const account = await createAccount(app, 'company');
    for (const email of [account.email, `direct.${Date.now()}@example.com`]) {
      expect((await asAdmin.post('/api/facilitators', person({ email }))).statusCode).toBe(201);
      expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual([
        'You are now a Celebration facilitator',
      ]);
    }
    const [row] = await db.select().from(user).where(eq(user.email, account.email));
    expect(row?.role).toBe('facilitator');
  });
});
