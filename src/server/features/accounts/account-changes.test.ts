import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectAs, type SignedIn, setUpTestApp, signedInAs } from '../../../../tests/support/test-app.ts';
import type { AccountChange, Role } from '../../../shared/accounts/account.ts';
import { accountChanges, user } from '../../db/schema/index.ts';

const { app, db } = setUpTestApp({ admin: false });

const patch = (caller: { cookie: string }, id: string, payload: object) =>
  injectAs(app, caller).patch(`/api/accounts/${id}`, payload);

async function changesOf(caller: { cookie: string }, id: string): Promise<AccountChange[]> {
  const response = await injectAs(app, caller).get(`/api/accounts/${id}/changes`);
  expect(response.statusCode).toBe(200);
  return response.json().changes;
}

async function nameOf(id: string) {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, id));
  return row?.name ?? '';
}

async function sessionOf(cookie: string) {
  return (await injectAs(app, { cookie }).get('/api/account/session')).json().user;
}

const recordedRows = async () => db.select().from(accountChanges);

/** An admin and the account he changes, both signed in. */
async function adminAnd(role: Role) {
  const admin = await signedInAs(app, 'admin');
  const member = await signedInAs(app, role);
  return { admin, adminName: await nameOf(admin.id), member };
}

describe('every role change, disabling and enabling is recorded: who, when, from, to', () => {
  it('records each role change, newest first, and shows the latest on the account in the list', async () => {
    const { admin, adminName, member } = await adminAnd('company');
    const before = Date.now();

    const first = await patch(admin, member.id, { role: 'admin' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      role: 'admin',
      changeCount: 1,
      lastChange: { what: 'role', from: 'company', to: 'admin', by: adminName },
    });
    expect((await patch(admin, member.id, { role: 'facilitator' })).statusCode).toBe(200);

    const changes = await changesOf(admin, member.id);
    expect(changes).toEqual([
      { what: 'role', from: 'admin', to: 'facilitator', by: adminName, at: expect.any(String) },
      { what: 'role', from: 'company', to: 'admin', by: adminName, at: expect.any(String) },
    ]);
    for (const change of changes) {
      const at = Date.parse(change.at);
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const rows = await recordedRows();
    expect(rows.map((row) => row.changedBy)).toEqual([admin.id, admin.id]);

    const listed = await injectAs(app, admin).get(`/api/accounts?q=${encodeURIComponent(member.email)}`);
    expect(listed.json().accounts).toEqual([
      expect.objectContaining({ id: member.id, role: 'facilitator', changeCount: 2, lastChange: changes[0] }),
    ]);
    // An account nobody changed has nothing recorded.
    const [adminRow] = (
      await injectAs(app, admin).get(`/api/accounts?q=${encodeURIComponent(admin.email)}`)
    ).json().accounts;
    expect(adminRow).toMatchObject({ changeCount: 0, lastChange: null });
  });

  it('records disabling and enabling, and a role change with a disabling as two changes', async () => {
    const { admin, adminName, member } = await adminAnd('participant');
    expect((await patch(admin, member.id, { disabled: true })).json()).toMatchObject({
      disabled: true,
      lastChange: { what: 'disabled', from: 'enabled', to: 'disabled', by: adminName },
    });
    expect(await sessionOf(member.cookie)).toBeNull();
    expect((await patch(admin, member.id, { disabled: false })).json()).toMatchObject({
      disabled: false,
      lastChange: { what: 'enabled', from: 'disabled', to: 'enabled', by: adminName },
    });
    const both = await patch(admin, member.id, { role: 'facilitator', disabled: true });
    expect(both.json()).toMatchObject({ role: 'facilitator', disabled: true, changeCount: 4 });

    const changes = await changesOf(admin, member.id);
    expect(changes.map(({ what, from, to }) => `${what}: ${from} → ${to}`)).toEqual([
      'disabled: enabled → disabled',
      'role: participant → facilitator',
      'enabled: disabled → enabled',
      'disabled: enabled → disabled',
    ]);
  });

  it('records nothing, and signs no one out, for a change to what the account already is', async () => {
    const { admin, member } = await adminAnd('facilitator');
    const same = await patch(admin, member.id, { role: 'facilitator', disabled: false });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({
      role: 'facilitator',
      disabled: false,
      changeCount: 0,
      lastChange: null,
    });
    expect(await sessionOf(member.cookie)).toMatchObject({ role: 'facilitator' });
    expect(await recordedRows()).toEqual([]);
  });

  it('keeps who made a change after that admin’s account is deleted', async () => {
    const { admin, adminName, member } = await adminAnd('participant');
    await patch(admin, member.id, { role: 'company' });
    const other = await signedInAs(app, 'admin');
    await db.delete(user).where(eq(user.id, admin.id));
    const [row] = await recordedRows();
    expect(row).toMatchObject({ changedBy: null, changedByName: adminName });
    expect(await changesOf(other, member.id)).toEqual([
      expect.objectContaining({ what: 'role', from: 'participant', to: 'company', by: adminName }),
    ]);
  });

  it('records two admins changing the same account at once one after the other', async () => {
    const { admin, member } = await adminAnd('participant');
    const second = await signedInAs(app, 'admin');
    const answers = await Promise.all([
      patch(admin, member.id, { role: 'facilitator' }),
      patch(second, member.id, { role: 'company' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const [last, first] = await changesOf(admin, member.id);
    // Each change starts from where the one before it left the account.
    expect(first?.from).toBe('participant');
    expect(last?.from).toBe(first?.to);
    const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, member.id));
    expect(row?.role).toBe(last?.to);
  });
});

describe('what the accounts API refused before, it still refuses, and records nothing', () => {
  const refusals: [string, (admin: SignedIn, member: SignedIn) => Promise<{ statusCode: number }>, number][] =
    [
      [
        'an admin removing his own admin role',
        (admin) => patch(admin, admin.id, { role: 'participant' }),
        400,
      ],
      ['an admin disabling himself', (admin) => patch(admin, admin.id, { disabled: true }), 400],
      ['a change with nothing in it', (admin, member) => patch(admin, member.id, {}), 400],
      ['a role that does not exist', (admin, member) => patch(admin, member.id, { role: 'owner' }), 400],
      ['an account that does not exist', (admin) => patch(admin, 'no-such-account', { role: 'admin' }), 404],
      [
        'a facilitator changing a role',
        async (_, member) => patch(await signedInAs(app, 'facilitator'), member.id, { role: 'admin' }),
        403,
      ],
      ['a visitor changing a role', (_, member) => patch({ cookie: '' }, member.id, { disabled: true }), 401],
    ];

  for (const [what, attempt, status] of refusals) {
    it(`refuses ${what} (${status})`, async () => {
      const { admin, member } = await adminAnd('participant');
      expect((await attempt(admin, member)).statusCode).toBe(status);
      expect(await recordedRows()).toEqual([]);
      expect(await sessionOf(member.cookie)).toMatchObject({ role: 'participant' });
      expect(await sessionOf(admin.cookie)).toMatchObject({ role: 'admin' });
    });
  }

  it('shows an account’s changes to admins only, and says when there is no such account', async () => {
    const { admin, member } = await adminAnd('participant');
    const company = await signedInAs(app, 'company');
    const url = `/api/accounts/${member.id}/changes`;
    expect((await injectAs(app, company).get(url)).statusCode).toBe(403);
    expect((await app.inject({ url })).statusCode).toBe(401);
    const missing = await injectAs(app, admin).get('/api/accounts/no-such-account/changes');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('There is no such account.');
  });
});
