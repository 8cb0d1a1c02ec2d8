import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerEntry } from '../../../../tests/support/entries.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import {
  injectAs,
  paidByHand,
  setUpTestApp,
  signedInAs,
  signedInMan,
} from '../../../../tests/support/test-app.ts';
import {
  assignments,
  attendance,
  auditLog,
  cellGroupMembers,
  cellGroups,
  entryLinks,
  submissions,
  workoutSessions,
} from '../../db/schema/index.ts';

const { app, db, admin, asAdmin } = setUpTestApp();

async function register(entry: Record<string, unknown>) {
  const response = await app.inject({ method: 'POST', url: '/api/registrations', payload: entry });
  expect(response.statusCode).toBe(201);
  const reference = response.json().reference as string;
  const list = await asAdmin.get(`/api/participants?q=${reference}`);
  return { reference, id: list.json().rows[0].id as string };
}

/** Gives a man a session's attendance, a submission and a cell group, as the programme pages would. */
async function programmeRecordOf(manId: string) {
  const [session] = await db
    .insert(workoutSessions)
    .values({ name: 'Week one workout', heldOn: '2026-11-01', state: 'open' })
    .returning();
  await db.insert(attendance).values({ sessionId: session?.id ?? '', manId, status: 'late' });
  const [assignment] = await db
    .insert(assignments)
    .values({ title: 'Reading plan', dueOn: '2026-11-10' })
    .returning();
  await db.insert(submissions).values({
    assignmentId: assignment?.id ?? '',
    manId,
    storageKey: 'stored/secret-key.pdf',
    fileName: 'my-reading-plan.pdf',
    contentType: 'application/pdf',
    size: 2048,
    late: false,
  });
  const [group] = await db.insert(cellGroups).values({ name: 'Gideon group' }).returning();
  await db.insert(cellGroupMembers).values({ manId, groupId: group?.id ?? '' });
}

describe('access requests', () => {
  it("gives an admin everything held about an entry as JSON: not another entry with its email (typed, never proven), nothing of another person's", async () => {
    const run = await register(runnerEntry('a', { firstName: 'Tatenda' }));
    const ride = await register({
      ...runnerEntry('a', { firstName: 'Tatenda' }),
      discipline: 'cycle',
      raceType: '30km',
      tshirtSize: 'Large',
    });
    const other = await register(runnerEntry('b', { firstName: 'Nyasha', mobile: '0712345678' }));
    await paidByHand(asAdmin, run.id, { method: 'cash', amount: '10', paidOn: '2026-11-20' });

    const response = await asAdmin.get(`/api/access-requests/registration/${run.id}/data.json`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="celebration-data-${run.reference}.json"`,
    );
    const data = response.json();
    expect(data.about).toEqual({ kind: 'registration', reference: run.reference });
    expect(data.entries.map((entry: { reference: string }) => entry.reference)).toEqual([run.reference]);
    expect(data.emails).toEqual([]);
    const entry = data.entries.find((row: { reference: string }) => row.reference === run.reference);
    expect(entry).toMatchObject({
      firstName: 'Tatenda',
      email: 'tendai.a@example.com',
      paymentStatus: 'paid',
    });
    expect(entry.history).toEqual([expect.objectContaining({ action: 'payment' })]);
    expect(entry.receipts).toHaveLength(1);
    const [link] = await db.select().from(entryLinks).where(eq(entryLinks.registrationId, run.id));
    expect(entry.privateLinks).toBe(1);
    // The mails went to an address, and an entry does not prove its address.
    expect(data.mails).toEqual([]);

    const text = response.body;
    for (const foreign of [
      'Nyasha',
      'tendai.b@example.com',
      other.reference,
      '+263712345678',
      ride.reference,
    ]) {
      expect(text).not.toContain(foreign);
    }
    // Private links open the entry: counted, never given.
    expect(text).not.toContain(link?.tokenDigest ?? 'no link');
    expect(text).not.toMatch(/token/i);

    const [recorded] = await db.select().from(auditLog).where(eq(auditLog.action, 'access-request'));
    expect(recorded).toMatchObject({ actorId: admin.id, subject: `registration ${run.reference}` });
  });

  it("finds a man's programme record, attendance, submissions (not the files) and group, and his entry by the same email", async () => {
    const man = await signedInMan(app, 'Farai', 'Chikwanha');
    await programmeRecordOf(man.manId);
    const entry = await register(runnerEntry('c', { firstName: 'Farai', email: man.email }));
    const stranger = await signedInMan(app, 'Kuda', 'Mutasa');

    const response = await asAdmin.get(`/api/access-requests/man/${man.manId}/data.json`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="celebration-data-man-${man.manId.slice(0, 8)}.json"`,
    );
    const data = response.json();
    expect(data.programme.men).toEqual([
      expect.objectContaining({ id: man.manId, firstName: 'Farai', lastName: 'Chikwanha' }),
    ]);
    expect(data.programme.attendance).toEqual([
      expect.objectContaining({ session: 'Week one workout', status: 'late' }),
    ]);
    expect(data.programme.submissions).toEqual([
      expect.objectContaining({ assignment: 'Reading plan', fileName: 'my-reading-plan.pdf', size: 2048 }),
    ]);
    expect(data.programme.cellGroups).toEqual(['Gideon group']);
    expect(data.entries.map((row: { reference: string }) => row.reference)).toEqual([entry.reference]);
    expect(data.accounts).toEqual([expect.objectContaining({ id: man.id, email: man.email })]);
    // His account's verified address is followed: the entry under it and the mails to it.
    expect(data.mails.length).toBeGreaterThan(0);
    expect(data.mails[0]).toEqual({
      subject: expect.any(String),
      createdAt: expect.any(String),
      sentAt: expect.toSatisfy((value) => value === null || typeof value === 'string'),
    });
    expect(response.body).not.toContain('secret-key');
    expect(response.body).not.toContain('Mutasa');
    expect(response.body).not.toContain(stranger.email);
    expect(response.body).not.toMatch(/password|"hash"/i);
  });

  it('writes the same as a readable PDF with headed sections', async () => {
    const run = await register(runnerEntry('d', { firstName: 'Tatenda' }));
    const response = await asAdmin.get(`/api/access-requests/registration/${run.id}/data.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="celebration-data-${run.reference}.pdf"`,
    );
    const text = pdfText(response.rawPayload);
    for (const heading of [
      'The data we hold about you',
      'Fun-run entries',
      'Waitlist',
      "Men's programme",
      'Account',
      'Mails we sent',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain(run.reference);
    expect(text).toContain('Tatenda');
    expect(text).toContain('tendai.d@example.com');
  });

  it("gives a signed-in participant his own data only, and no one else's", async () => {
    const man = await signedInMan(app, 'Farai', 'Chikwanha');
    const asMan = injectAs(app, man);
    await programmeRecordOf(man.manId);
    const neighbour = await signedInMan(app, 'Kuda', 'Mutasa');

    const own = await asMan.get('/api/me/data.json');
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const data = own.json();
    expect(data.programme.men).toEqual([expect.objectContaining({ id: man.manId })]);
    expect(data.programme.attendance).toHaveLength(1);
    expect(own.body).not.toContain('Mutasa');
    const pdf = await asMan.get('/api/me/data.pdf');
    expect(pdfText(pdf.rawPayload)).toContain('Chikwanha');

    expect((await asMan.get(`/api/access-requests/man/${neighbour.manId}/data.json`)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/me/data.json' })).statusCode).toBe(401);
    const recorded = await db.select().from(auditLog).where(eq(auditLog.actorId, man.id));
    expect(recorded).toEqual([
      expect.objectContaining({ action: 'access-request', subject: `account ${man.id}` }),
      expect.objectContaining({ action: 'access-request', subject: `account ${man.id}` }),
    ]);
  });

  it('answers 404 for a record that does not exist, and refuses every role but admin', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await asAdmin.get(`/api/access-requests/registration/${missing}/data.json`)).statusCode).toBe(
      404,
    );
    const volunteer = await signedInAs(app, 'volunteer');
    expect(
      (await injectAs(app, volunteer).get(`/api/access-requests/registration/${missing}/data.json`))
        .statusCode,
    ).toBe(403);
  });
});
