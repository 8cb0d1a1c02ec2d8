import { desc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  injectAs,
  manWithUpload,
  paidByHand,
  registeredRunner,
  setUpTestApp,
  signedInAs,
  signedInMan,
  storedUploadKeys,
} from '../../../../tests/support/test-app.ts';
import {
  auditLog,
  entryLinks,
  erasureRequests,
  facilitators,
  mailOutbox,
  men,
  registrations,
  user,
} from '../../db/schema/index.ts';

const { app, db, admin, dataDir, visitor, asAdmin } = setUpTestApp({ dataDir: 'celebration-erasure-' });

beforeEach(async () => {
  await db.delete(erasureRequests);
});

const erase = (subjectType: string, subjectId: string, by = asAdmin, reason = 'Asked by phone') =>
  by.post('/api/admin/erasures', { subjectType, subjectId, reason });

const entryNow = async (id: string) =>
  (await db.select().from(registrations).where(eq(registrations.id, id)))[0];
const mailsTo = (email: string) =>
  db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`);
const lastAudit = async () => (await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

describe('erase this person (admin)', () => {
  it('an entry: it is anonymised, its links go, the ledger stays; another entry with its email is not touched', async () => {
    const first = await registeredRunner(app, 'same', { email: 'Same.Person@example.com' });
    const second = await registeredRunner(app, 'same', {
      email: 'same.person@example.com',
      discipline: 'cycle',
      raceType: '15km',
    });
    const other = await registeredRunner(app, 'other');
    await paidByHand(asAdmin, first.row.id, { method: 'cash', amount: '10.00', paidOn: '2026-02-01' });
    expect(await mailsTo('same.person@example.com')).not.toHaveLength(0);

    const response = await erase('registration', first.row.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ entries: 1, waitlist: 0, men: 0, accounts: 0 });

    const after = await entryNow(first.row.id);
    expect(after).toMatchObject({ firstName: '', lastName: '', email: '', mobile: '', nextOfKinMobile: '' });
    expect(after?.anonymisedAt).not.toBeNull();
    expect(after).toMatchObject({ paymentStatus: 'paid', paymentAmount: '10.00' });
    expect(await db.select().from(entryLinks).where(eq(entryLinks.registrationId, first.row.id))).toEqual([]);
    expect((await visitor.get(`/api/my/${first.token}`)).statusCode).toBe(404);
    // An email typed on a form proves nothing: the other entry with it may be someone else's.
    expect(await entryNow(second.row.id)).toMatchObject({ firstName: 'Tendai', anonymisedAt: null });
    expect((await visitor.get(`/api/my/${second.token}`)).statusCode).toBe(200);
    // Its mails stay too, while an entry still uses the address.
    expect(await mailsTo('same.person@example.com')).not.toHaveLength(0);
    expect(await entryNow(other.row.id)).toMatchObject({ firstName: 'Tendai', email: other.row.email });

    const [request] = await db.select().from(erasureRequests);
    expect(request).toMatchObject({
      subjectType: 'registration',
      subjectLabel: first.row.reference,
      reason: 'Asked by phone',
      source: 'admin',
      status: 'done',
      decidedBy: admin.id,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'erasure',
      actorId: admin.id,
      subject: first.row.reference,
      details: { reason: 'Asked by phone', counts: { entries: 1 } },
    });
    expect(JSON.stringify(await lastAudit())).not.toMatch(/tendai|same\.person/i);
  });

  it('is refused to anyone but an admin, and needs a reason', async () => {
    const entry = await registeredRunner(app, 'refused');
    expect((await erase('registration', entry.row.id, visitor)).statusCode).toBe(401);
    for (const role of ['participant', 'facilitator', 'volunteer', 'company'] as const) {
      const someone = await signedInAs(app, role);
      expect((await erase('registration', entry.row.id, injectAs(app, someone))).statusCode).toBe(403);
    }
    expect((await erase('registration', entry.row.id, asAdmin, '  ')).statusCode).toBe(400);
    expect((await entryNow(entry.row.id))?.firstName).toBe('Tendai');
    expect((await erase('registration', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('a man: his record and uploads on disk go, and his sessions end', async () => {
    const him = await manWithUpload(app, dataDir, 'Erased', 'Man');
    const asHim = injectAs(app, him);
    expect((await asHim.get('/api/account/session')).json().user).not.toBeNull();
    const response = await erase('man', him.manId);
    expect(response.json()).toMatchObject({ men: 1, files: 1 });
    expect(await db.select().from(men).where(eq(men.id, him.manId))).toEqual([]);
    expect(await storedUploadKeys(dataDir)).not.toContain(him.storageKey);
    expect((await asHim.get('/api/account/session')).json().user).toBeNull();
    const [request] = await db.select().from(erasureRequests);
    expect(request?.subjectLabel).toMatch(/^Man [0-9a-f]{8}$/);
  });

  it('a facilitator: his record goes', async () => {
    const [row] = await db
      .insert(facilitators)
      .values({ firstName: 'Faci', lastName: 'Litator', email: 'faci@example.com', mobile: '+263771234567' })
      .returning();
    expect((await erase('facilitator', row?.id ?? '')).json()).toMatchObject({ facilitators: 1 });
    expect(
      await db
        .select()
        .from(facilitators)
        .where(eq(facilitators.id, row?.id ?? '')),
    ).toEqual([]);
  });

  it('an account: the account, its programme records, uploads and entries under its email', async () => {
    const him = await manWithUpload(app, dataDir, 'Account', 'Holder');
    const entry = await registeredRunner(app, 'holder', { email: him.email });
    const response = await erase('account', him.id);
    expect(response.json()).toMatchObject({ accounts: 1, men: 1, files: 1, entries: 1 });
    expect(await db.select().from(user).where(eq(user.id, him.id))).toEqual([]);
    expect(await db.select().from(men).where(eq(men.id, him.manId))).toEqual([]);
    expect(await storedUploadKeys(dataDir)).not.toContain(him.storageKey);
    expect((await entryNow(entry.row.id))?.email).toBe('');
    expect((await injectAs(app, him).get('/api/account/session')).json().user).toBeNull();
    expect((await erase('account', admin.id)).statusCode).toBe(400);
  });
});

describe('requests from the person', () => {
  it('from /My: waits for an admin, who erases; the request is then done', async () => {
    const entry = await registeredRunner(app, 'asks');
    expect((await visitor.get(`/api/my/${entry.token}/erasure-request`)).json()).toEqual({
      requestedAt: null,
    });
    const asked = await visitor.post(`/api/my/${entry.token}/erasure-request`, { reason: 'I moved away' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().requestedAt).toEqual(expect.any(String));
    // Asking again while it waits adds nothing.
    await visitor.post(`/api/my/${entry.token}/erasure-request`, {});
    expect((await visitor.get(`/api/my/${entry.token}/erasure-request`)).json()).toEqual(asked.json());
    expect(
      (await visitor.post('/api/my/not-a-token-at-all-not-a-token-at/erasure-request', {})).statusCode,
    ).toBe(404);

    const waiting = (await asAdmin.get('/api/admin/erasure-requests')).json();
    expect(waiting).toEqual([
      expect.objectContaining({
        subjectType: 'registration',
        subjectLabel: entry.row.reference,
        reason: 'I moved away',
        source: 'entrant',
        status: 'pending',
      }),
    ]);
    expect((await asAdmin.get('/api/dashboard/privacy')).json().erasureRequestsWaiting).toBe(1);
    const participant = await signedInAs(app, 'participant');
    const asParticipant = injectAs(app, participant);
    expect((await asParticipant.get('/api/admin/erasure-requests')).statusCode).toBe(403);
    expect(
      (await asParticipant.post(`/api/admin/erasure-requests/${waiting[0].id}/erase`, {})).statusCode,
    ).toBe(403);

    const erased = await asAdmin.post(`/api/admin/erasure-requests/${waiting[0].id}/erase`, {});
    expect(erased.json()).toMatchObject({ entries: 1 });
    expect((await entryNow(entry.row.id))?.firstName).toBe('');
    expect((await asAdmin.get('/api/admin/erasure-requests')).json()).toEqual([]);
    const [request] = await db.select().from(erasureRequests).where(eq(erasureRequests.source, 'entrant'));
    expect(request).toMatchObject({ status: 'done', decidedBy: admin.id });
    expect(await db.select().from(erasureRequests)).toHaveLength(1);
    expect((await asAdmin.post(`/api/admin/erasure-requests/${waiting[0].id}/erase`, {})).statusCode).toBe(
      409,
    );
  });

  it('from /Profile: an admin declines it, and nothing is erased', async () => {
    const him = await signedInMan(app, 'Profile', 'Asker');
    const asHim = injectAs(app, him);
    expect((await asHim.get('/api/me/erasure-request')).json()).toEqual({ requestedAt: null });
    const asked = await asHim.post('/api/me/erasure-request', {});
    expect(asked.statusCode).toBe(200);
    expect((await asHim.get('/api/me/erasure-request')).json().requestedAt).toEqual(expect.any(String));
    const [waiting] = (await asAdmin.get('/api/admin/erasure-requests')).json();
    expect(waiting).toMatchObject({ subjectType: 'account', source: 'participant', reason: '' });
    expect(waiting.subjectLabel).not.toMatch(/Profile|Asker|@/);

    expect((await asAdmin.post(`/api/admin/erasure-requests/${waiting.id}/decline`, {})).statusCode).toBe(
      200,
    );
    expect((await asAdmin.get('/api/admin/erasure-requests')).json()).toEqual([]);
    expect((await asHim.get('/api/me/erasure-request')).json()).toEqual({ requestedAt: null });
    expect(await db.select().from(men).where(eq(men.id, him.manId))).toHaveLength(1);
    expect(await lastAudit()).toMatchObject({ action: 'erasure.declined', actorId: admin.id });
  });

  it('from /Profile, confirmed: the account and his records go', async () => {
    const him = await manWithUpload(app, dataDir, 'Profile', 'Erased');
    await injectAs(app, him).post('/api/me/erasure-request', { reason: 'Leaving the church' });
    const [waiting] = (await asAdmin.get('/api/admin/erasure-requests')).json();
    const erased = await asAdmin.post(`/api/admin/erasure-requests/${waiting.id}/erase`, {});
    expect(erased.json()).toMatchObject({ accounts: 1, men: 1, files: 1 });
    expect(await db.select().from(user).where(eq(user.id, him.id))).toEqual([]);
    expect(await storedUploadKeys(dataDir)).not.toContain(him.storageKey);
  });
});

describe('erasure by proxy', () => {
  it("an entrant's request reaches only his entry: another's paid entry under the same email stays, and the admin sees what it touches", async () => {
    const victim = await registeredRunner(app, 'victim', { email: 'victim@example.com', firstName: 'Rudo' });
    await paidByHand(asAdmin, victim.row.id, { method: 'cash', amount: '10.00', paidOn: '2026-02-01' });
    // The attacker's throwaway entry, typed with the victim's address (a form proves no address).
    const attacker = await registeredRunner(app, 'attacker', {
      email: 'victim@example.com',
      firstName: 'Mallory',
    });
    await db
      .update(registrations)
      .set({ emailChangedAt: new Date('2026-11-20T08:00:00Z') })
      .where(eq(registrations.id, attacker.row.id));
    expect((await visitor.post(`/api/my/${attacker.token}/erasure-request`, {})).statusCode).toBe(200);

    const [waiting] = (await asAdmin.get('/api/admin/erasure-requests')).json();
    expect(waiting.records).toEqual([
      {
        kind: 'registration',
        reference: attacker.row.reference,
        name: `${attacker.row.firstName} ${attacker.row.lastName}`,
        emailChangedAt: '2026-11-20T08:00:00.000Z',
      },
    ]);
    expect((await asAdmin.post(`/api/admin/erasure-requests/${waiting.id}/erase`, {})).json()).toMatchObject({
      entries: 1,
    });
    expect(await entryNow(victim.row.id)).toMatchObject({
      firstName: 'Rudo',
      email: 'victim@example.com',
      anonymisedAt: null,
      paymentStatus: 'paid',
    });
    expect((await entryNow(attacker.row.id))?.firstName).toBe('');
  });

  it('an account follows its email only once verified; the request lists the account, his records and entries', async () => {
    const him = await signedInMan(app, 'Verified', 'Holder');
    const entry = await registeredRunner(app, 'verified', { email: him.email });
    await injectAs(app, him).post('/api/me/erasure-request', {});
    const [waiting] = (await asAdmin.get('/api/admin/erasure-requests')).json();
    expect(waiting.records.map((record: { kind: string }) => record.kind).sort()).toEqual([
      'account',
      'man',
      'registration',
    ]);
    expect(waiting.records).toContainEqual(
      expect.objectContaining({ kind: 'registration', reference: entry.row.reference }),
    );

    await db.update(user).set({ emailVerified: false }).where(eq(user.id, him.id));
    const [unproven] = (await asAdmin.get('/api/admin/erasure-requests')).json();
    expect(unproven.records.map((record: { kind: string }) => record.kind).sort()).toEqual([
      'account',
      'man',
    ]);
    const erased = await asAdmin.post(`/api/admin/erasure-requests/${unproven.id}/erase`, {});
    expect(erased.json()).toMatchObject({ accounts: 1, men: 1, entries: 0 });
    expect((await entryNow(entry.row.id))?.firstName).toBe('Tendai');
  });

  it('nothing follows a mobile number', async () => {
    const one = await registeredRunner(app, 'mobile-one', { mobile: '0779876543' });
    const two = await registeredRunner(app, 'mobile-two', { mobile: '0779876543' });
    expect((await erase('registration', one.row.id)).json()).toMatchObject({ entries: 1 });
    expect((await entryNow(two.row.id))?.mobile).toBe('+263779876543');
    const data = (await asAdmin.get(`/api/access-requests/registration/${two.row.id}/data.json`)).json();
    expect(data.entries).toHaveLength(1);
  });
});
