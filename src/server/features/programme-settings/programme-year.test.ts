import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectAs, setUpTestApp, signedInAs, signedInMan } from '../../../../tests/support/test-app.ts';
import {
  attendance,
  auditLog,
  cellGroupMembers,
  cellGroups,
  facilitators,
  sessionRegistrations,
  workoutSessions,
} from '../../db/schema/index.ts';

const { app, db, asAdmin, visitor } = setUpTestApp();

const HALL = 'Church hall, 12 Samora Machel Ave';
type Session = {
  id: string;
  name: string;
  heldOn: string;
  state: string;
  startTime: string | null;
  place: string | null;
  thisYear: boolean;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Harare' }).format(new Date());

/** A whole number of 52-week years after `from` (the same weekday), after `after`, not past, within a year. */
function expectSuggestedAfter(suggested: string, from: string, after: string) {
  expect(daysBetween(from, suggested) % 364).toBe(0);
  expect(suggested > after && suggested >= today).toBe(true);
  expect(daysBetween(today, suggested) < 364 || daysBetween(after, suggested) <= 364).toBe(true);
}

const adminSessions = async () => (await asAdmin.get('/api/programme/sessions')).json() as Session[];
const seeded = async (name: string) => {
  const session = (await adminSessions()).find((s) => s.name === name);
  if (!session) throw new Error(`no session ${name}`);
  return session;
};

describe("a session's start time and place", () => {
  it('are saved, changed, cleared and returned to the admin, the man and the facilitator; none is null', async () => {
    const fathering = await seeded('Fathering');
    expect(fathering).toMatchObject({ startTime: null, place: null, thisYear: true });

    const made = await asAdmin.post('/api/programme/sessions', {
      name: 'Leadership',
      heldOn: '2026-12-05',
      state: 'open',
      startTime: '09:30',
      place: `  ${HALL} `,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ startTime: '09:30', place: HALL, thisYear: true });
    const { id } = made.json();

    // Left out: unchanged; blank (as the form sends it): cleared.
    const renamed = await asAdmin.put(`/api/programme/sessions/${id}`, {
      name: 'Leading at home',
      heldOn: '2026-12-05',
      state: 'open',
    });
    expect(renamed.json()).toMatchObject({ name: 'Leading at home', startTime: '09:30', place: HALL });
    const cleared = await asAdmin.put(`/api/programme/sessions/${fathering.id}`, {
      name: 'Fathering',
      heldOn: fathering.heldOn,
      state: fathering.state,
      startTime: '',
      place: ' ',
    });
    expect(cleared.json()).toMatchObject({ startTime: null, place: null });

    const wrong = await asAdmin.put(`/api/programme/sessions/${id}`, {
      name: 'Leading at home',
      heldOn: '2026-12-05',
      state: 'open',
      startTime: '9.30am',
      place: 'x'.repeat(201),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'startTime', message: 'Enter the start time as 09:00' },
        { path: 'place', message: 'The place must be at most 200 characters' },
      ]),
    );

    const man = await signedInMan(app, 'Tendai', 'Moyo');
    const mine = (await injectAs(app, man).get('/api/me/progress')).json();
    expect(mine.sessions.find((s: Session) => s.id === id)).toMatchObject({
      startTime: '09:30',
      place: HALL,
    });
    expect(mine.sessions.find((s: Session) => s.name === 'Courage')).toMatchObject({
      startTime: null,
      place: null,
    });
    const facilitator = await signedInAs(app, 'facilitator');
    const picker = (await injectAs(app, facilitator).get('/api/sessions')).json();
    expect(picker.find((s: Session) => s.id === id)).toMatchObject({
      startTime: '09:30',
      place: HALL,
      thisYear: true,
    });
  });
});

describe('a new programme year', () => {
  it("copies this year's sessions with their dates moved, keeps last year's registrations and attendance, and counts the new year only", async () => {
    const first = await seeded('Real Man Runway Overview');
    const courage = await seeded('Courage');
    await asAdmin.put(`/api/programme/sessions/${courage.id}`, {
      name: 'Courage',
      heldOn: courage.heldOn,
      state: 'open',
      startTime: '08:00',
      place: HALL,
    });
    // A man who came to two sessions of 2024, in a facilitator's group.
    const man = await signedInMan(app, 'Farai', 'Dube');
    const leader = await signedInAs(app, 'facilitator');
    const [facilitator] = await db
      .insert(facilitators)
      .values({
        firstName: 'Rufaro',
        lastName: 'Leader',
        email: leader.email,
        mobile: '+263771234567',
        status: 'approved',
        userId: leader.id,
      })
      .returning();
    const [group] = await db
      .insert(cellGroups)
      .values({ name: 'Group A', facilitatorId: facilitator?.id ?? null })
      .returning();
    await db.insert(cellGroupMembers).values({ manId: man.manId, groupId: group?.id ?? '' });
    for (const session of [first, courage]) {
      const marked = await injectAs(app, leader).put('/api/attendance', {
        sessionId: session.id,
        manId: man.manId,
        status: 'present',
      });
      expect(marked.statusCode, marked.body).toBe(204);
    }
    await db.insert(sessionRegistrations).values({ sessionId: courage.id, manId: man.manId });
    const before = (await injectAs(app, man).get('/api/me/progress')).json();
    expect(before.summary).toMatchObject({ attended: 2, sessionsTotal: 8 });

    // The preview: 52 weeks on by default (a Saturday stays a Saturday; 2024's seeded dates are past, so as
    // many years on as it takes), the spacing kept.
    const preview = await asAdmin.get('/api/programme/years/new');
    expect(preview.statusCode, preview.body).toBe(200);
    const suggested = preview.json().suggestedFirstOn;
    expectSuggestedAfter(suggested, '2024-02-24', '2024-11-23');
    expect(preview.json()).toMatchObject({
      firstOn: suggested,
      thisYear: { from: '2024-02-24', to: '2024-11-23', sessions: 8 },
      refusal: null,
    });
    const moved = (day: string) =>
      new Date(Date.parse(day) + daysBetween('2024-02-24', suggested) * DAY_MS).toISOString().slice(0, 10);
    expect(preview.json().sessions.slice(0, 3)).toEqual([
      { name: 'Real Man Runway Overview', heldOn: suggested, startTime: null, place: null },
      { name: 'Fathering', heldOn: moved('2024-03-23'), startTime: null, place: null },
      { name: 'Courage', heldOn: moved('2024-04-20'), startTime: '08:00', place: HALL },
    ]);
    expect(daysBetween(suggested, moved('2024-03-23'))).toBe(28);
    // Another first day moves every date by the same number of days.
    const chosen = (await asAdmin.get('/api/programme/years/new?firstOn=2025-03-01')).json();
    expect(chosen.sessions.map((s: Session) => s.heldOn)).toEqual([
      '2025-03-01',
      '2025-03-29',
      '2025-04-26',
      '2025-07-05',
      '2025-08-02',
      '2025-08-30',
      '2025-11-01',
      '2025-11-29',
    ]);
    expect(await db.select().from(workoutSessions)).toHaveLength(8);

    const started = await asAdmin.post('/api/programme/years', { firstOn: '2025-03-01' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().startsOn).toBe('2025-03-01');
    expect(started.json().created).toHaveLength(8);
    expect(started.json().created[2]).toMatchObject({
      name: 'Courage',
      heldOn: '2025-04-26',
      state: 'inactive',
      startTime: '08:00',
      place: HALL,
      thisYear: true,
    });
    expect(started.json().created.every((s: Session) => s.state === 'inactive')).toBe(true);

    // Last year's sessions, registration and attendance are all still there, and still listed for review.
    const all = await adminSessions();
    expect(all).toHaveLength(16);
    // This year's first, then earlier years'.
    expect(all.map((s) => s.heldOn.slice(0, 4))).toEqual([
      ...Array(8).fill('2025'),
      ...Array(8).fill('2024'),
    ]);
    expect(all.filter((s) => !s.thisYear).map((s) => s.heldOn.slice(0, 4))).toEqual(Array(8).fill('2024'));
    expect(all.find((s) => s.id === courage.id)).toMatchObject({ state: 'open', thisYear: false });
    expect(
      await db
        .select()
        .from(attendance)
        .where(and(eq(attendance.manId, man.manId), inArray(attendance.sessionId, [first.id, courage.id]))),
    ).toHaveLength(2);
    expect(
      await db.select().from(sessionRegistrations).where(eq(sessionRegistrations.manId, man.manId)),
    ).toHaveLength(1);
    const picker = (await injectAs(app, leader).get('/api/sessions')).json() as Session[];
    expect(picker).toHaveLength(16);
    const atCourage = (await injectAs(app, leader).get(`/api/groups?session=${courage.id}`)).json();
    expect(atCourage[0].members[0].attendance).toBe('present');

    // The man and his facilitator see the new year: eight sessions from 2025, none attended yet.
    const after = (await injectAs(app, man).get('/api/me/progress')).json();
    expect(after.sessions.map((s: Session) => s.heldOn.slice(0, 4))).toEqual(Array(8).fill('2025'));
    expect(after.summary).toMatchObject({ attended: 0, sessionsTotal: 8, sessionsLeft: 8 });
    expect(atCourage[0].members[0].summary).toMatchObject({ attended: 0, sessionsTotal: 8 });

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'programme-settings.year.start'));
    expect(audit).toMatchObject({ subject: 'programme year 2025-03-01', rowCount: 8 });

    // The same year again (a second click, a retried request), or one over its dates: refused, nothing made.
    for (const firstOn of ['2025-03-01', '2025-11-29']) {
      const again = await asAdmin.post('/api/programme/years', { firstOn });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toContain('Sessions are planned up to 29/11/25');
    }
    const next = (await asAdmin.get('/api/programme/years/new')).json();
    expect(next).toMatchObject({ thisYear: { from: '2025-03-01', to: '2025-11-29' } });
    expectSuggestedAfter(next.suggestedFirstOn, '2025-03-01', '2025-11-29');
    expect(await db.select().from(workoutSessions)).toHaveLength(16);
  });

  it('started by mistake and its sessions deleted, the year before is this year again', async () => {
    const started = await asAdmin.post('/api/programme/years', { firstOn: '2025-02-22' });
    expect(started.statusCode).toBe(201);
    for (const session of started.json().created as Session[]) {
      expect((await asAdmin.delete(`/api/programme/sessions/${session.id}`)).statusCode).toBe(204);
    }
    const sessions = await adminSessions();
    expect(sessions.every((s) => s.thisYear)).toBe(true);
    expect((await asAdmin.post('/api/programme/years', { firstOn: '2025-02-22' })).statusCode).toBe(201);
  });

  it('is refused with nothing to copy, or with a date that is no date', async () => {
    expect((await asAdmin.post('/api/programme/years', { firstOn: '2025-02-30' })).statusCode).toBe(400);
    await db.delete(workoutSessions);
    const empty = await asAdmin.post('/api/programme/years', { firstOn: '2025-02-22' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().detail).toBe('There are no sessions to copy. Add this year’s sessions first.');
  });

  it('is for admins only', async () => {
    for (const role of ['participant', 'facilitator', 'volunteer', 'company'] as const) {
      const someone = injectAs(app, await signedInAs(app, role));
      expect((await someone.get('/api/programme/years/new')).statusCode, role).toBe(403);
      expect((await someone.post('/api/programme/years', { firstOn: '2025-02-22' })).statusCode, role).toBe(
        403,
      );
    }
    expect((await visitor.post('/api/programme/years', { firstOn: '2025-02-22' })).statusCode).toBe(401);
    expect(await db.select().from(workoutSessions)).toHaveLength(8);
  });
});
