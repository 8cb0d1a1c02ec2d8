import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  injectAs,
  PDF,
  setUpTestApp,
  signedInAs,
  testDatabase,
  uploadSubmission,
} from '../../../../tests/support/test-app.ts';
import type { Role } from '../../../shared/accounts/account.ts';
import {
  cellGroupMembers,
  cellGroups,
  facilitators,
  men,
  submissions,
  workoutSessions,
} from '../../db/schema/index.ts';

const { app, asAdmin } = setUpTestApp();

type Caller = { cookie: string };

/** A signed-in account with its programme record (a man, or an approved facilitator). */
async function member(role: Extract<Role, 'participant' | 'facilitator'>) {
  const account = await signedInAs(app, role);
  const { db } = await testDatabase();
  const table = role === 'participant' ? men : facilitators;
  const [row] = await db
    .insert(table)
    .values({
      firstName: 'Test',
      lastName: account.email.split('@')[0] ?? 'x',
      email: account.email,
      mobile: '+263771234567',
      userId: account.id,
      status: role === 'participant' ? 'active' : 'approved',
    } as never)
    .returning();
  return { ...account, recordId: (row as { id: string }).id };
}

async function groupOf(facilitatorId: string, manIds: string[]) {
  const response = await asAdmin.post('/api/programme/groups', {
    name: `Group ${Date.now()}`,
    facilitatorId,
    memberIds: manIds,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const upload = (who: Caller, assignmentId: string, name: string, body: Buffer) =>
  uploadSubmission(app, who, assignmentId, name, body);

describe('the participant dashboard', () => {
  it('lists sessions, assignments, the checklist and his group', async () => {
    const man = await member('participant');
    const response = await injectAs(app, man).get('/api/me/progress');
    expect(response.statusCode).toBe(200);
    const progress = response.json();
    expect(progress.sessions).toHaveLength(8);
    expect(progress.sessions[0]).toMatchObject({
      name: 'Real Man Runway Overview',
      heldOn: '2024-02-24',
      state: 'open',
      registered: false,
    });
    expect(progress.assignments.map((a: { title: string }) => a.title)).toEqual([
      'Building People Building Dreams',
      'Maximised Manhood',
    ]);
    expect(progress.assignments[0].dueAt).toBe('2024-05-03T15:00:00.000Z');
    expect(
      progress.checklist.map((c: { progress: { label: string } | null }) => c.progress?.label ?? null),
    ).toEqual(['0 of 5 sessions attended', null, '0 of 2 assignments on time', null, null]);
    expect(progress.cellGroup).toBeNull();
  });

  it('registers for an open session not yet held, never for one that is Not Active or past', async () => {
    const man = await member('participant');
    const asMan = injectAs(app, man);
    const { db } = await testDatabase();
    const nextYear = `${new Date().getFullYear() + 1}-03-14`;
    const [upcoming] = await db
      .insert(workoutSessions)
      .values({ name: 'Upcoming', heldOn: nextYear, state: 'open' })
      .returning();
    try {
      const { sessions } = (await asMan.get('/api/me/progress')).json();
      // The seeded 2024 sessions: one is still marked open, but it has been held.
      const past = sessions.find(
        (s: { state: string; heldOn: string }) => s.state === 'open' && s.heldOn < '2025',
      );
      const closed = sessions.find((s: { state: string }) => s.state === 'inactive');
      const registered = await asMan.post(`/api/me/sessions/${upcoming?.id}/register`);
      expect(registered.json().sessions.find((s: { id: string }) => s.id === upcoming?.id).registered).toBe(
        true,
      );
      const refused = await asMan.post(`/api/me/sessions/${closed.id}/register`);
      expect(refused.statusCode).toBe(409);
      const held = await asMan.post(`/api/me/sessions/${past.id}/register`);
      expect(held.statusCode).toBe(409);
      expect(held.json().detail).toBe('This session has already been held.');
    } finally {
      await db.delete(workoutSessions).where(eq(workoutSessions.id, upcoming?.id ?? ''));
    }
  });

  it('tells an account without a programme record what to do', async () => {
    const stranger = await signedInAs(app, 'participant');
    const response = await injectAs(app, stranger).get('/api/me/progress');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toMatch(/not linked/);
  });
});

describe('assignment uploads', () => {
  it('stores a PDF, marks a late one late, keeps the old upload in his history, and lets only the right people download it', async () => {
    const man = await member('participant');
    const asMan = injectAs(app, man);
    const other = await member('participant');
    const { assignments } = (await asMan.get('/api/me/progress')).json();
    const [first] = assignments;
    const late = await upload(man, first.id, 'essay.pdf', PDF);
    expect(late.statusCode).toBe(201);
    expect(late.json().assignments[0].current).toMatchObject({ fileName: 'essay.pdf', late: true });

    await asAdmin.put(`/api/programme/assignments/${first.id}`, {
      title: first.title,
      dueOn: '2099-01-01',
    });
    const onTime = await upload(man, first.id, 'essay-v2.pdf', PDF);
    const mine = onTime.json().assignments.find((a: { id: string }) => a.id === first.id);
    expect(mine.current).toMatchObject({ fileName: 'essay-v2.pdf', late: false });
    expect(mine.history.map((h: { fileName: string }) => h.fileName)).toEqual(['essay.pdf']);
    expect(onTime.json().checklist[2].progress.label).toBe('1 of 2 assignments on time');

    const download = await asMan.get(`/api/submissions/${mine.current.id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect((await injectAs(app, other).get(`/api/submissions/${mine.current.id}/file`)).statusCode).toBe(403);
    expect((await asAdmin.get(`/api/submissions/${mine.current.id}/file`)).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/submissions/${mine.current.id}/file` })).statusCode).toBe(401);
  });

  it('refuses, with a clear message and nothing stored, what is not a document', async () => {
    const man = await member('participant');
    const { assignments } = (await injectAs(app, man).get('/api/me/progress')).json();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const cases = [
      ['program.pdf', exe, 400, /Only PDF and Word/],
      ['empty.pdf', Buffer.alloc(0), 400, /empty/],
      ['../../etc/passwd.pdf', PDF, 400, /file name/],
      ['big.pdf', Buffer.concat([PDF, Buffer.alloc(12 * 1024 * 1024)]), 413, /too large/],
      ['essay\u0000.pdf', PDF, 400, /control character/],
      ['essay\u0001.pdf', PDF, 400, /control character/],
      ['essay\u007f.pdf', PDF, 400, /control character/],
      ['essay\u0085.pdf', PDF, 400, /control character/],
      ['essay\t.pdf', PDF, 400, /control character/],
      [`${'a'.repeat(252)}.pdf`, PDF, 400, /255 characters/],
    ] as const;
    for (const [name, body, status, message] of cases) {
      const response = await upload(man, assignments[0].id, name, body);
      expect(response.statusCode, name).toBe(status);
      expect(response.headers['content-type'], name).toContain('application/problem+json');
      expect(response.json().detail, name).toMatch(message);
    }
    const { db } = await testDatabase();
    expect(await db.select().from(submissions)).toHaveLength(0);
    // A name of 255 characters is still taken.
    expect((await upload(man, assignments[0].id, `${'a'.repeat(251)}.pdf`, PDF)).statusCode).toBe(201);
  });
});

describe('attendance and cell groups', () => {
  it('refuses a group with a man or facilitator removed meanwhile (409), storing nothing', async () => {
    const leader = await member('facilitator');
    const man = await member('participant');
    const gone = '00000000-0000-4000-8000-000000000000';
    const name = `Group gone ${Date.now()}`;
    const withGoneMan = await asAdmin.post('/api/programme/groups', {
      name,
      facilitatorId: leader.recordId,
      memberIds: [man.recordId, gone],
    });
    expect(withGoneMan.statusCode).toBe(409);
    expect(withGoneMan.json().detail).toBe(
      'A man or the facilitator chosen is no longer in the programme. Reload the page and choose again.',
    );
    const withGoneLeader = await asAdmin.post('/api/programme/groups', {
      name,
      facilitatorId: gone,
      memberIds: [man.recordId],
    });
    expect(withGoneLeader.statusCode).toBe(409);
    const { db } = await testDatabase();
    expect(await db.select().from(cellGroups).where(eq(cellGroups.name, name))).toEqual([]);
  });

  it('his facilitator marks him present; the checklist counts it; another facilitator cannot', async () => {
    const man = await member('participant');
    const leader = await member('facilitator');
    const asLeader = injectAs(app, leader);
    const outsider = await member('facilitator');
    const asOutsider = injectAs(app, outsider);
    await groupOf(leader.recordId, [man.recordId]);
    const { db } = await testDatabase();
    const [session] = await db.select().from(workoutSessions).limit(1);

    const groups = (await asLeader.get(`/api/groups?session=${session?.id}`)).json();
    expect(groups).toHaveLength(1);
    expect(groups[0].members[0]).toMatchObject({ manId: man.recordId, attendance: null });
    expect((await asOutsider.get('/api/groups')).json()).toEqual([]);

    const mark = { sessionId: session?.id, manId: man.recordId, status: 'present' };
    expect((await asOutsider.put('/api/attendance', mark)).statusCode).toBe(403);
    expect((await asLeader.put('/api/attendance', mark)).statusCode).toBe(204);
    const progress = (await injectAs(app, man).get('/api/me/progress')).json();
    expect(progress.checklist[0].progress.label).toBe('1 of 5 sessions attended');
    expect(progress.cellGroup.facilitator.name).toMatch(/^Test /);
    const after = (await asLeader.get(`/api/groups?session=${session?.id}`)).json();
    expect(after[0].members[0]).toMatchObject({
      attendance: 'present',
      summary: { attended: 1, sessionsLeft: 7, canStillGraduate: true },
    });
  });

  it("marks a whole group present in one go, puts the marks back, and refuses a man outside the caller's groups", async () => {
    const [first, second, stranger] = [
      await member('participant'),
      await member('participant'),
      await member('participant'),
    ];
    const leader = await member('facilitator');
    const asLeader = injectAs(app, leader);
    await groupOf(leader.recordId, [first.recordId, second.recordId]);
    const { db } = await testDatabase();
    const [session] = await db.select().from(workoutSessions).limit(1);
    const attendanceAt = async () =>
      (await asLeader.get(`/api/groups?session=${session?.id}`))
        .json()[0]
        .members.map((m: { manId: string; attendance: string | null }) => [m.manId, m.attendance]);
    const one = { sessionId: session?.id, manId: second.recordId, status: 'late' };
    expect((await asLeader.put('/api/attendance', one)).statusCode).toBe(204);

    const allPresent = {
      sessionId: session?.id,
      marks: [first, second].map((m) => ({ manId: m.recordId, status: 'present' })),
    };
    expect((await asLeader.put('/api/attendance/marks', allPresent)).statusCode).toBe(204);
    expect(await attendanceAt()).toEqual(
      expect.arrayContaining([
        [first.recordId, 'present'],
        [second.recordId, 'present'],
      ]),
    );
    const undo = {
      sessionId: session?.id,
      marks: [
        { manId: first.recordId, status: null },
        { manId: second.recordId, status: 'late' },
      ],
    };
    expect((await asLeader.put('/api/attendance/marks', undo)).statusCode).toBe(204);
    expect(await attendanceAt()).toEqual(
      expect.arrayContaining([
        [first.recordId, null],
        [second.recordId, 'late'],
      ]),
    );

    // One man outside his groups and nothing is stored, not even for his own men.
    const sneaky = {
      sessionId: session?.id,
      marks: [...allPresent.marks, { manId: stranger.recordId, status: 'present' }],
    };
    expect((await asLeader.put('/api/attendance/marks', sneaky)).statusCode).toBe(403);
    expect(await attendanceAt()).toEqual(expect.arrayContaining([[first.recordId, null]]));
    expect((await injectAs(app, first).put('/api/attendance/marks', allPresent)).statusCode).toBe(403);
  });

  it('flags a man who can no longer reach 5 of 8', async () => {
    const man = await member('participant');
    const leader = await member('facilitator');
    const asLeader = injectAs(app, leader);
    await groupOf(leader.recordId, [man.recordId]);
    const { db } = await testDatabase();
    const sessions = await db.select().from(workoutSessions);
    for (const session of sessions.slice(0, 4)) {
      await asLeader.put('/api/attendance', {
        sessionId: session.id,
        manId: man.recordId,
        status: 'absent',
      });
    }
    const [group] = (await asLeader.get('/api/groups')).json();
    expect(group.members[0].summary).toMatchObject({ attended: 0, sessionsLeft: 4, canStillGraduate: false });
  });

  it('ticks the items that the data cannot decide', async () => {
    const man = await member('participant');
    const asMan = injectAs(app, man);
    const { checklist } = (await asMan.get('/api/me/progress')).json();
    const manual = checklist.find((c: { kind: string }) => c.kind === 'manual');
    const automatic = checklist.find((c: { kind: string }) => c.kind === 'sessions');
    expect(
      (
        await asAdmin.put('/api/checklist-ticks', {
          itemId: manual.id,
          manId: man.recordId,
          done: true,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await asAdmin.put('/api/checklist-ticks', {
          itemId: automatic.id,
          manId: man.recordId,
          done: true,
        })
      ).statusCode,
    ).toBe(409);
    const after = (await asMan.get('/api/me/progress')).json();
    expect(after.checklist.find((c: { id: string }) => c.id === manual.id).done).toBe(true);
  });

  it('moves a man from one group to another and reports who submitted', async () => {
    const man = await member('participant');
    const leader = await member('facilitator');
    const first = await groupOf(leader.recordId, [man.recordId]);
    const second = await groupOf(leader.recordId, [man.recordId]);
    const { db } = await testDatabase();
    const memberships = await db
      .select()
      .from(cellGroupMembers)
      .where(eq(cellGroupMembers.manId, man.recordId));
    expect(memberships.map((m) => m.groupId)).toEqual([second.id]);
    expect((await db.select().from(cellGroups)).map((g) => g.id)).toContain(first.id);

    const { assignments } = (await injectAs(app, man).get('/api/me/progress')).json();
    await upload(man, assignments[0].id, 'essay.pdf', PDF);
    const report = (await asAdmin.get(`/api/programme/assignments/${assignments[0].id}/submissions`)).json();
    expect(report.men.find((m: { manId: string }) => m.manId === man.recordId)).toMatchObject({
      status: 'late',
    });
  });
});

describe('programme settings', () => {
  it('adds a checklist item at the end of the list', async () => {
    const added = await asAdmin.post('/api/programme/checklist', {
      text: 'Attend the graduation rehearsal',
      kind: 'manual',
    });
    expect(added.statusCode).toBe(201);
    const items = (await asAdmin.get('/api/programme/checklist')).json();
    expect(items.at(-1).text).toBe('Attend the graduation rehearsal');
    expect(items).toHaveLength(6);
  });
});
