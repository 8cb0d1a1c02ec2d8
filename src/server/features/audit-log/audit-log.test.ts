import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerEntry } from '../../../../tests/support/entries.ts';
import { injectAs, paidByHand, setUpTestApp, signedInAs } from '../../../../tests/support/test-app.ts';
import type { AuditEntry } from '../../../shared/audit-log/audit-log.ts';
import { auditLog, men, raceOptions, user } from '../../db/schema/index.ts';
import { purgeExpiredAudit, SEARCH_WORDS_NOT_KEPT } from './service.ts';

const { app, db, admin, asAdmin } = setUpTestApp();

// Each test starts with an empty trail (TRUNCATE passes the row trigger that refuses deletes).
beforeEach(async () => {
  await db.execute(sql`truncate audit_log`);
});

async function register(tag: string) {
  const response = await app.inject({ method: 'POST', url: '/api/registrations', payload: runnerEntry(tag) });
  expect(response.statusCode).toBe(201);
  return response.json().reference as string;
}

async function trail(query = '') {
  const response = await asAdmin.get(`/api/audit-log${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { rows: AuditEntry[]; total: number; page: number; pageSize: number };
}

const adminName = async () => {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, admin.id));
  return row?.name;
};

describe('the audit trail', () => {
  it('shows a CSV export of the participants with its filter, who made it and how many rows', async () => {
    await register('a');
    await register('b');
    const csv = await asAdmin.get('/api/participants/export.csv?discipline=run&payment=unpaid&q=moyo');
    expect(csv.statusCode).toBe(200);

    const { rows, total } = await trail('?action=participants.export-csv');
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      action: 'participants.export-csv',
      actorName: await adminName(),
      filters: { discipline: 'run', payment: 'unpaid', q: SEARCH_WORDS_NOT_KEPT },
      rowCount: 2,
    });
  });

  it('says a search was made without its words, so an erased person leaves no name or email behind', async () => {
    await register('zvobgo');
    const entry = runnerEntry('zvobgo');
    expect((await asAdmin.get('/api/participants?q=zvobgo')).json().total).toBe(1);
    expect((await asAdmin.get(`/api/participants/export.csv?q=${entry.email}`)).statusCode).toBe(200);
    const id = (await asAdmin.get('/api/participants?q=zvobgo')).json().rows[0].id as string;
    const erased = await asAdmin.post('/api/admin/erasures', {
      subjectType: 'registration',
      subjectId: id,
      reason: 'Asked by phone',
    });
    expect(erased.statusCode).toBe(200);
    const { rows } = await trail();
    expect(rows.filter((row) => row.filters?.q === SEARCH_WORDS_NOT_KEPT)).toHaveLength(3);
    expect(JSON.stringify(await db.select().from(auditLog))).not.toMatch(/zvobgo/i);
  });

  it('records a list read with the filters as sent and the rows read, not the paging', async () => {
    await register('a');
    await register('b');
    await register('c');
    expect(
      (await asAdmin.get('/api/participants?discipline=run&pageSize=2&page=1&sort=lastName')).statusCode,
    ).toBe(200);
    const { rows } = await trail('?action=participants.list');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.filters).toEqual({ discipline: 'run' });
    expect(rows[0]?.rowCount).toBe(2);
  });

  it('records a payment, a role change and a setting change with who made them', async () => {
    const reference = await register('a');
    const list = await asAdmin.get(`/api/participants?q=${reference}`);
    const id = list.json().rows[0].id as string;
    await paidByHand(asAdmin, id, { method: 'cash', amount: '10', paidOn: '2026-11-20' });
    const other = await signedInAs(app, 'participant');
    expect((await asAdmin.patch(`/api/accounts/${other.id}`, { role: 'facilitator' })).statusCode).toBe(200);
    const session = await asAdmin.post('/api/programme/sessions', {
      name: 'Week 1',
      heldOn: '2026-12-01',
      state: 'open',
    });
    expect(session.statusCode).toBe(201);

    const name = await adminName();
    const payment = (await trail('?action=registration.payment')).rows;
    expect(payment).toEqual([
      expect.objectContaining({ actorName: name, subject: `registration ${reference}`, rowCount: 1 }),
    ]);
    const role = (await trail('?action=account.role')).rows;
    expect(role).toEqual([expect.objectContaining({ actorName: name, subject: `account ${other.id}` })]);
    const [roleRow] = await db.select().from(auditLog).where(eq(auditLog.action, 'account.role'));
    expect(roleRow?.details).toEqual({ from: 'participant', to: 'facilitator' });
    expect(roleRow?.actorId).toBe(admin.id);
    const setting = (await trail('?action=programme-settings.')).rows;
    expect(setting).toEqual([
      expect.objectContaining({
        action: 'programme-settings.session.add',
        actorName: name,
        subject: `session ${session.json().id}`,
      }),
    ]);
  });

  it("records the register of men read and exported with its search, and a man's record corrected", async () => {
    const [man] = await db
      .insert(men)
      .values({
        firstName: 'Farai',
        lastName: 'Chikwanha',
        email: 'farai@example.com',
        mobile: '+263771234567',
      })
      .returning();
    expect((await asAdmin.get('/api/men?q=chikwanha&status=active')).statusCode).toBe(200);
    expect((await asAdmin.get('/api/men/export.csv?q=chikwanha')).statusCode).toBe(200);
    const edited = await asAdmin.put(`/api/men/${man?.id}`, {
      firstName: 'Farai',
      lastName: 'Chikwanha',
      email: 'farai@example.com',
      mobile: '0771234567',
      maritalStatus: 'Married',
      church: null,
      age: null,
      address: null,
    });
    expect(edited.statusCode).toBe(200);

    const { rows } = await trail('?action=m');
    expect(
      rows.map(({ action, filters, rowCount, subject }) => ({ action, filters, rowCount, subject })),
    ).toEqual([
      { action: 'man.edit', filters: null, rowCount: null, subject: `man ${man?.id}` },
      { action: 'men.export-csv', filters: { q: SEARCH_WORDS_NOT_KEPT }, rowCount: 1, subject: null },
      {
        action: 'men.list',
        filters: { q: SEARCH_WORDS_NOT_KEPT, status: 'active' },
        rowCount: 1,
        subject: null,
      },
    ]);
  });

  it("names each actor with the account's role and email beside the name, in the trail and the entry's history", async () => {
    const volunteer = await signedInAs(app, 'volunteer');
    await db.update(user).set({ name: 'RT Admin' }).where(eq(user.id, volunteer.id));
    await db.update(raceOptions).set({ feeUsd: '15' });
    const reference = await register('a');
    const id = (await asAdmin.get(`/api/participants?q=${reference}`)).json().rows[0].id as string;
    const paid = await injectAs(app, volunteer).post('/api/check-in/cash-payments', {
      registrationId: id,
      currency: 'USD',
    });
    expect(paid.statusCode).toBe(200);
    await db
      .insert(auditLog)
      .values({ action: 'waitlist.list', actorId: 'a1b2c3d4-gone', actorName: 'Old Admin' });

    const volunteerAccount = { role: 'volunteer', email: volunteer.email, shortId: volunteer.id.slice(0, 8) };
    const payment = (await trail('?action=registration.payment')).rows;
    expect(payment).toEqual([
      expect.objectContaining({ actorName: 'RT Admin', actorAccount: volunteerAccount }),
    ]);
    expect((await trail(`?who=${encodeURIComponent(volunteer.email)}`)).rows).toHaveLength(1);
    const reads = (await trail('?action=participants.list')).rows;
    expect(reads[0]?.actorAccount).toMatchObject({ role: 'admin', email: admin.email });
    const gone = (await trail('?action=waitlist.list')).rows;
    expect(gone[0]?.actorAccount).toEqual({ role: null, email: null, shortId: 'a1b2c3d4' });

    const history = (await asAdmin.get(`/api/participants/${id}`)).json().history;
    expect(history[0]).toMatchObject({ action: 'payment', by: 'RT Admin', byAccount: volunteerAccount });
    expect(history.at(-1)).toMatchObject({ action: 'registered', byAccount: null });
  });

  it('filters by who and by Harare day, newest first, in pages', async () => {
    await db.insert(auditLog).values([
      { action: 'participants.list', actorName: 'Rudo Admin', at: new Date('2026-11-20T21:30:00Z') },
      { action: 'participants.list', actorName: 'Farai Admin', at: new Date('2026-11-20T22:30:00Z') },
      { action: 'waitlist.list', actorName: 'Rudo Admin', at: new Date('2026-11-21T10:00:00Z') },
    ]);
    // 22:30 UTC on the 20th is 00:30 on the 21st in Harare.
    const day = await trail('?from=2026-11-21&to=2026-11-21');
    expect(day.rows.map((row) => row.actorName)).toEqual(['Rudo Admin', 'Farai Admin']);
    const before = await trail('?to=2026-11-20');
    expect(before.rows.map((row) => row.at)).toEqual(['2026-11-20T21:30:00.000Z']);
    const rudo = await trail('?who=rudo');
    expect(rudo.rows.map((row) => row.action)).toEqual(['waitlist.list', 'participants.list']);
    const paged = await trail('?pageSize=2&page=2');
    // This read of the trail is not recorded: the audit trail is not personal data in bulk.
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.rows).toHaveLength(1);
  });

  it('keeps its rows: none can be changed or deleted, only those older than two years purged', async () => {
    const [recent] = await db
      .insert(auditLog)
      .values({ action: 'participants.list', actorName: 'Rudo Admin' })
      .returning();
    const [old] = await db
      .insert(auditLog)
      .values({ action: 'participants.list', actorName: 'Rudo Admin', at: new Date('2020-01-01T08:00:00Z') })
      .returning();
    await expect(db.update(auditLog).set({ actorName: 'someone else' })).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.id, recent?.id ?? 0))).rejects.toThrow();

    // Two years after 2021-06-01: the 2020 row goes; a clock before 2022 keeps it.
    expect(await purgeExpiredAudit(db, new Date('2021-06-01T00:00:00Z'))).toBe(0);
    expect(await purgeExpiredAudit(db, new Date('2023-06-01T00:00:00Z'))).toBe(1);
    const left = await db.select({ id: auditLog.id }).from(auditLog);
    expect(left.map((row) => row.id)).toEqual([recent?.id]);
    expect(old?.id).toBeDefined();
  });

  it('is for admins only', async () => {
    expect((await app.inject({ url: '/api/audit-log' })).statusCode).toBe(401);
    for (const role of ['participant', 'facilitator', 'company', 'volunteer'] as const) {
      const someone = await signedInAs(app, role);
      expect((await injectAs(app, someone).get('/api/audit-log')).statusCode).toBe(403);
    }
  });
});
