import { and, desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cookieHeader,
  createAccount,
  injectAs,
  ORIGIN,
  setUpTestApp,
  signedInAs,
} from '../../../../tests/support/test-app.ts';
import type { Role } from '../../../shared/accounts/account.ts';
import { account, auditLog, mailOutbox, men, user } from '../../db/schema/index.ts';

const { app, db, visitor, asAdmin, admin } = setUpTestApp();

const PASSWORD = 'a password of my own';
const DAY = 24 * 60 * 60 * 1000;
let serial = 0;
const newEmail = () => `invited.${++serial}.${Date.now()}@example.com`;

afterEach(() => vi.useRealTimers());

const invite = (email: string, role: string = 'volunteer', name = 'Vimbai Moyo') =>
  asAdmin.post('/api/accounts/invitations', { name, email, role });

async function mailsTo(email: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
}

/** The link of the newest invitation mailed to this address, as a path on our server. */
async function invitationLink(email: string) {
  const [mail] = await mailsTo(email);
  expect(mail?.subject).toBe('You are invited to Celebration');
  const url = mail?.text?.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in the mail to ${email}`);
  return url.replace(ORIGIN, '');
}

/** Opens the link as the browser does: better-auth checks it and sends the browser on to our page. */
async function follow(link: string) {
  const response = await app.inject({ url: link });
  expect(response.statusCode).toBe(302);
  return new URL(String(response.headers.location), ORIGIN);
}

const accept = (token: string, password = PASSWORD) =>
  visitor.post('/api/account/accept-invitation', { token, password });

async function accountOf(email: string) {
  const [row] = await db.select().from(user).where(eq(user.email, email));
  return row;
}

describe('inviting a volunteer or an admin', () => {
  it('is for admins only: 401 for a visitor, 403 for every other role, and nothing is made or sent', async () => {
    const email = newEmail();
    const body = { name: 'Vimbai Moyo', email, role: 'volunteer' };
    expect((await visitor.post('/api/accounts/invitations', body)).statusCode).toBe(401);
    const invited = await invite(newEmail());
    expect(invited.statusCode).toBe(201);
    for (const role of ['participant', 'facilitator', 'company', 'volunteer'] as Role[]) {
      const caller = injectAs(app, await signedInAs(app, role));
      expect((await caller.post('/api/accounts/invitations', body)).statusCode, role).toBe(403);
      expect((await caller.post(`/api/accounts/${invited.json().id}/invitation`)).statusCode, role).toBe(403);
    }
    expect((await visitor.post(`/api/accounts/${invited.json().id}/invitation`)).statusCode).toBe(401);
    expect(await accountOf(email)).toBeUndefined();
    expect(await mailsTo(email)).toEqual([]);
  });

  it('makes the account with its role and no password, records who invited it, and mails a link valid 7 days', async () => {
    const email = newEmail();
    const response = await invite(email.toUpperCase(), 'volunteer', 'Vimbai Moyo');
    expect(response.statusCode).toBe(201);
    const summary = response.json();
    expect(summary).toMatchObject({ name: 'Vimbai Moyo', email, role: 'volunteer', emailVerified: false });
    expect(Date.parse(summary.invitation.expiresAt) - Date.parse(summary.invitation.sentAt)).toBe(7 * DAY);
    expect(summary.lastChange).toMatchObject({ what: 'invited', to: 'volunteer', by: expect.any(String) });

    const row = await accountOf(email);
    expect(row).toMatchObject({ role: 'volunteer', emailVerified: false });
    expect(
      await db
        .select()
        .from(account)
        .where(eq(account.userId, row?.id ?? '')),
    ).toEqual([]);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'account.invite'));
    expect(audit).toMatchObject({
      actorId: admin.id,
      subject: `account ${row?.id}`,
      details: { role: 'volunteer' },
    });

    const [mail] = await mailsTo(email);
    expect(mail?.text).toContain('as a volunteer');
    expect(mail?.text).toContain('within the next 7 days');
    expect(mail?.text).toMatch(
      new RegExp(`${ORIGIN}/api/auth/reset-password/[\\w-]{32}\\?callbackURL=%2FInvitation\\n`),
    );
    // Listed with the other accounts, as invited.
    const listed = (await asAdmin.get(`/api/accounts?q=${encodeURIComponent(email)}`)).json();
    expect(listed.accounts).toEqual([summary]);
  });

  it('lets the person choose a password with the link, verifies the email, signs in, and makes no man', async () => {
    const email = newEmail();
    await invite(email);
    const landing = await follow(await invitationLink(email));
    expect(landing.pathname).toBe('/Invitation');
    const token = landing.searchParams.get('token') ?? '';

    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user).toMatchObject({ email, name: 'Vimbai Moyo', role: 'volunteer' });
    const cookie = cookieHeader(accepted.headers['set-cookie']);
    const session = await app.inject({ url: '/api/account/session', headers: { cookie } });
    expect(session.json().user).toMatchObject({ email, role: 'volunteer' });
    expect((await injectAs(app, { cookie }).get('/api/check-in/counts')).statusCode).not.toBe(403);

    expect(await accountOf(email)).toMatchObject({ emailVerified: true, role: 'volunteer' });
    expect(await db.select().from(men).where(eq(men.email, email))).toEqual([]);
    expect((await visitor.post('/api/account/sign-in', { email, password: PASSWORD })).statusCode).toBe(200);
    const listed = (await asAdmin.get(`/api/accounts?q=${encodeURIComponent(email)}`)).json();
    expect(listed.accounts[0]).toMatchObject({ invitation: null, emailVerified: true });

    // The link is used up: its page says so, and so does the form.
    expect((await follow(await invitationLink(email))).searchParams.get('error')).toBe('INVALID_TOKEN');
    const again = await accept(token, 'another password here');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(again.json().detail).toMatch(/expired or was already used.*sign in.*send the invitation again/);
  });

  it('lands an invited admin on the admin pages', async () => {
    const email = newEmail();
    await invite(email, 'admin', 'Anesu Admin');
    expect((await mailsTo(email))[0]?.text).toContain('as an admin');
    const token = (await follow(await invitationLink(email))).searchParams.get('token') ?? '';
    const accepted = await accept(token);
    expect(accepted.json().user.role).toBe('admin');
    const cookie = cookieHeader(accepted.headers['set-cookie']);
    expect((await injectAs(app, { cookie }).get('/api/accounts')).statusCode).toBe(200);
  });

  it('stops working after 7 days, saying so; the invitation sent again works', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const email = newEmail();
    const invited = (await invite(email)).json();
    const link = await invitationLink(email);

    vi.setSystemTime(Date.now() + 7 * DAY - 60_000);
    const stillGood = await follow(link);
    expect(stillGood.searchParams.get('token')).not.toBeNull();

    vi.setSystemTime(Date.now() + 2 * 60_000);
    const expired = await follow(link);
    expect(expired.pathname).toBe('/Invitation');
    expect(expired.searchParams.get('error')).toBe('INVALID_TOKEN');
    const refused = await accept(stillGood.searchParams.get('token') ?? '');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_TOKEN');
    expect(refused.json().detail).toMatch(/expired/);
    // The list tells the admin the link has expired (a week on, the admin has signed in again).
    const laterAdmin = injectAs(app, await signedInAs(app, 'admin'));
    const listed = (await laterAdmin.get(`/api/accounts?q=${encodeURIComponent(email)}`)).json().accounts[0];
    expect(Date.parse(listed.invitation.expiresAt)).toBeLessThan(Date.now());

    const resent = await laterAdmin.post(`/api/accounts/${invited.id}/invitation`);
    expect(resent.statusCode).toBe(200);
    expect(Date.parse(resent.json().invitation.expiresAt)).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);
    expect(await mailsTo(email)).toHaveLength(2);
    const fresh = await follow(await invitationLink(email));
    expect((await accept(fresh.searchParams.get('token') ?? '')).statusCode).toBe(200);

    const changes = (await laterAdmin.get(`/api/accounts/${invited.id}/changes`)).json().changes;
    expect(changes.map((c: { what: string }) => c.what)).toEqual(['invited', 'invited']);
    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `account ${invited.id}`));
    expect(audits.map((a) => a.action).sort()).toEqual(['account.invite', 'account.invite-again']);
    // Once the password is chosen, there is nothing to send again.
    const late = await laterAdmin.post(`/api/accounts/${invited.id}/invitation`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('INVITATION_ACCEPTED');
  });

  it('refuses an email that already has an account, in any letter case: no second account, no mail', async () => {
    const existing = await createAccount(app, 'participant');
    const before = await mailsTo(existing.email);
    for (const email of [existing.email, existing.email.toUpperCase()]) {
      const response = await invite(email, 'admin');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });
      expect(response.json().detail).toMatch(/already exists/);
    }
    const rows = await db.select().from(user).where(eq(user.email, existing.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role).toBe('participant');
    expect(await mailsTo(existing.email)).toEqual(before);
    // An invited account is an account too.
    const email = newEmail();
    expect((await invite(email)).statusCode).toBe(201);
    expect((await invite(email, 'admin')).statusCode).toBe(409);
  });

  it('sends no invitation again to an account given a role that signs up (a man, a facilitator, a company)', async () => {
    const email = newEmail();
    const invited = (await invite(email)).json();
    expect((await asAdmin.patch(`/api/accounts/${invited.id}`, { role: 'participant' })).statusCode).toBe(
      200,
    );
    const again = await asAdmin.post(`/api/accounts/${invited.id}/invitation`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NOT_AN_INVITED_ROLE');
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('invites volunteers and admins only, with a name and a valid email', async () => {
    for (const body of [
      { name: 'A Person', email: newEmail(), role: 'participant' },
      { name: 'A Person', email: newEmail(), role: 'facilitator' },
      { name: 'A Person', email: newEmail(), role: 'company' },
      { name: ' ', email: newEmail(), role: 'volunteer' },
      { name: 'A Person', email: 'not an email', role: 'volunteer' },
    ]) {
      const response = await asAdmin.post('/api/accounts/invitations', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(await accountOf(body.email)).toBeUndefined();
    }
  });

  it('takes no password-reset token for an invitation, and no invitation for a disabled account', async () => {
    // A password reset's link is not an invitation: the account keeps its password.
    const { email, password } = await createAccount(app, 'volunteer');
    await visitor.post('/api/account/forgot-password', { email });
    const [reset] = await mailsTo(email);
    const resetUrl = new URL(reset?.text?.match(/https?:\/\/\S+/)?.[0] ?? '');
    const resetToken = (await follow(resetUrl.pathname + resetUrl.search)).searchParams.get('token') ?? '';
    expect((await accept(resetToken)).statusCode).toBe(400);
    expect((await visitor.post('/api/account/sign-in', { email, password })).statusCode).toBe(200);

    const invitedEmail = newEmail();
    const invited = (await invite(invitedEmail)).json();
    const token = (await follow(await invitationLink(invitedEmail))).searchParams.get('token') ?? '';
    expect((await asAdmin.patch(`/api/accounts/${invited.id}`, { disabled: true })).statusCode).toBe(200);
    const refused = await accept(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('BANNED_USER');
    expect(refused.headers['set-cookie']).toBeUndefined();
    const again = await asAdmin.post(`/api/accounts/${invited.id}/invitation`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ACCOUNT_DISABLED');
    const rows = await db
      .select()
      .from(account)
      .where(and(eq(account.userId, invited.id), eq(account.providerId, 'credential')));
    expect(rows).toEqual([]);
  });
});
