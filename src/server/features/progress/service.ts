import type { CurrentUser } from '../../../shared/accounts/account.ts';
import type { FirstSession } from '../../../shared/people/people.ts';
import {
  type ATTENDANCE_STATUSES,
  type ManProgress,
  SESSIONS_TO_GRADUATE,
} from '../../../shared/progress/progress.ts';
import { mayRegisterFor } from '../../../shared/progress/progress-rules.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { conflict, forbidden, notFound, Problem } from '../../http/problem.ts';
import {
  clearAttendance,
  findAssignment,
  findChecklistItem,
  findFacilitatorOfUser,
  findMan,
  findManOfUser,
  findSession,
  findSubmission,
  groupProgressRows,
  groupsWithFacilitator,
  insertSessionRegistration,
  isInGroupOf,
  isOwnRecord,
  listSessionsByDate,
  membersOf,
  nextSession,
  progressRowsOf,
  setTick,
  upsertAttendance,
} from './repository.ts';

// What other features may use of progress besides this file's own functions.
export { deleteWithSubmissions } from './submissions.ts';

/** The first workout session a man who joins today can attend (today's included), or null when none is left. */
export async function firstSessionFromToday(db: Database): Promise<FirstSession | null> {
  return (await nextSession(db)) ?? null;
}

type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** Zimbabwe keeps UTC+2 all year (no daylight saving), so 17:00 Harare is 15:00 UTC. */
export const dueAt = (dueOn: string) => new Date(`${dueOn}T17:00:00+02:00`);

/** The man record behind a participant's account. */
export async function manOfUser(context: AppContext, userId: string) {
  const { db } = context.database;
  const man = await findManOfUser(db, userId);
  if (!man)
    throw notFound(
      'Your account is not linked to a programme record yet. Please contact the programme office.',
    );
  return man;
}

/** The facilitator record behind a facilitator's account (undefined for admins without one). */
export async function facilitatorOfUser(db: Database, userId: string) {
  return findFacilitatorOfUser(db, userId);
}

/** Whether the caller may see or act for this man: himself, his cell group's facilitator, or an admin. */
export async function assertMayActFor(context: AppContext, caller: CurrentUser, manId: string) {
  const { db } = context.database;
  if (caller.role === 'admin') return;
  if (caller.role === 'participant' && (await isOwnRecord(db, manId, caller.id))) return;
  if (caller.role === 'facilitator' && (await isInGroupOf(db, manId, caller.id))) return;
  throw forbidden("You don't have access to this man's records.");
}

export function summarise(
  sessionCount: number,
  marks: { status: AttendanceStatus }[],
  assignmentCount: number,
  onTime: number,
) {
  const attended = marks.filter((mark) => mark.status === 'present' || mark.status === 'late').length;
  const sessionsLeft = sessionCount - marks.length;
  return {
    attended,
    sessionsTotal: sessionCount,
    sessionsLeft,
    onTime,
    assignmentsTotal: assignmentCount,
    canStillGraduate: attended + sessionsLeft >= Math.min(SESSIONS_TO_GRADUATE, sessionCount),
  };
}

export async function progressOf(context: AppContext, manId: string): Promise<ManProgress> {
  const { db } = context.database;
  const man = await findMan(db, manId);
  if (!man) throw notFound('There is no such man.');
  const { sessions, registered, marks, tasks, uploads, items, ticks, group } = await progressRowsOf(
    db,
    manId,
  );
  const toSubmission = (row: (typeof uploads)[number]) => ({
    id: row.id,
    fileName: row.fileName,
    size: row.size,
    late: row.late,
    submittedAt: row.submittedAt.toISOString(),
  });
  const onTime = tasks.filter((task) => uploads.some((u) => u.assignmentId === task.id && !u.late)).length;
  const summary = summarise(sessions.length, marks, tasks.length, onTime);
  const target = Math.min(SESSIONS_TO_GRADUATE, sessions.length);

  return {
    man: {
      id: man.id,
      firstName: man.firstName,
      lastName: man.lastName,
      email: man.email,
      mobile: man.mobile,
    },
    sessions: sessions.map((s) => ({
      id: s.id,
      name: s.name,
      heldOn: s.heldOn,
      state: s.state,
      startTime: s.startTime,
      place: s.place,
      registered: registered.some((r) => r.sessionId === s.id),
      attendance: marks.find((m) => m.sessionId === s.id)?.status ?? null,
    })),
    assignments: tasks.map((task) => {
      const mine = uploads.filter((u) => u.assignmentId === task.id).map(toSubmission);
      return {
        id: task.id,
        title: task.title,
        dueOn: task.dueOn,
        dueAt: dueAt(task.dueOn).toISOString(),
        current: mine[0] ?? null,
        history: mine.slice(1),
      };
    }),
    checklist: items.map((item) => {
      if (item.kind === 'sessions') {
        const count = Math.min(summary.attended, target);
        return {
          id: item.id,
          text: item.text,
          kind: item.kind,
          done: count >= target,
          progress: { count, of: target, label: `${count} of ${target} sessions attended` },
        };
      }
      if (item.kind === 'assignments') {
        return {
          id: item.id,
          text: item.text,
          kind: item.kind,
          done: tasks.length > 0 && onTime === tasks.length,
          progress: {
            count: onTime,
            of: tasks.length,
            label: `${onTime} of ${tasks.length} assignments on time`,
          },
        };
      }
      return {
        id: item.id,
        text: item.text,
        kind: item.kind,
        done: ticks.some((t) => t.itemId === item.id),
        progress: null,
      };
    }),
    summary,
    cellGroup: group[0]
      ? {
          name: group[0].name,
          facilitator: group[0].facilitator
            ? {
                name: `${group[0].facilitator.firstName} ${group[0].facilitator.lastName}`,
                email: group[0].facilitator.email,
                mobile: group[0].facilitator.mobile,
              }
            : null,
        }
      : null,
  };
}

/** Cell groups with members and their progress: a facilitator's own groups, or every group for an admin. */
export async function groupsFor(context: AppContext, caller: CurrentUser, sessionId?: string) {
  const { db } = context.database;
  const own = caller.role === 'admin' ? undefined : await facilitatorOfUser(db, caller.id);
  if (caller.role !== 'admin' && !own) return [];
  const groups = await groupsWithFacilitator(db, own?.id);
  if (groups.length === 0) return [];
  const members = await membersOf(
    db,
    groups.map((g) => g.group.id),
  );
  const { marks, marksAtSession, sessionCount, tasks, onTimeRows } = await groupProgressRows(
    db,
    members.map((m) => m.man.id),
    sessionId,
  );
  return groups.map(({ group, facilitator }) => ({
    id: group.id,
    name: group.name,
    facilitator: facilitator
      ? { id: facilitator.id, name: `${facilitator.firstName} ${facilitator.lastName}` }
      : null,
    members: members
      .filter((m) => m.groupId === group.id)
      .map(({ man }) => {
        const mine = marks.filter((mark) => mark.manId === man.id);
        return {
          manId: man.id,
          firstName: man.firstName,
          lastName: man.lastName,
          attendance: marksAtSession.find((mark) => mark.manId === man.id)?.status ?? null,
          summary: summarise(
            sessionCount.length,
            mine,
            tasks.length,
            onTimeRows.filter((r) => r.manId === man.id).length,
          ),
        };
      }),
  }));
}

/** Registers a man for an open session (again is harmless). */
export async function registerForSession(context: AppContext, manId: string, sessionId: string) {
  const { db } = context.database;
  const session = await findSession(db, sessionId);
  if (!session) throw notFound('There is no such session.');
  if (session.state !== 'open') throw conflict('This session is not open for registration.');
  if (!mayRegisterFor(session)) throw conflict('This session has already been held.');
  await insertSessionRegistration(db, session.id, manId);
}

export async function assignmentToSubmit(context: AppContext, id: string) {
  const { db } = context.database;
  const assignment = await findAssignment(db, id);
  if (!assignment) throw notFound('There is no such assignment.');
  return assignment;
}

/** An uploaded document, if the caller may see it (the man himself, his facilitator, admins). */
export async function submissionFor(context: AppContext, caller: CurrentUser, id: string) {
  const { db } = context.database;
  const submission = await findSubmission(db, id);
  if (!submission) throw notFound('There is no such document.');
  await assertMayActFor(context, caller, submission.manId);
  return submission;
}

export const sessionsByDate = ({ database: { db } }: AppContext) => listSessionsByDate(db);

export async function markAttendance(
  context: AppContext,
  caller: CurrentUser,
  input: { sessionId: string; manId: string; status: AttendanceStatus },
) {
  const { db } = context.database;
  await assertMayActFor(context, caller, input.manId);
  if (!(await findSession(db, input.sessionId))) throw notFound('There is no such session.');
  await upsertAttendance(db, { ...input, recordedBy: caller.id, recordedAt: new Date() });
}

/**
 * Several men's marks at one session, all or none: "Mark all present" for a group, and its undo, which
 * puts back each man's mark as it was (null: none).
 */
export async function markAttendanceOfMany(
  context: AppContext,
  caller: CurrentUser,
  input: { sessionId: string; marks: { manId: string; status: AttendanceStatus | null }[] },
) {
  const { db } = context.database;
  for (const { manId } of input.marks) await assertMayActFor(context, caller, manId);
  if (!(await findSession(db, input.sessionId))) throw notFound('There is no such session.');
  const recordedAt = new Date();
  await db.transaction(async (tx) => {
    for (const { manId, status } of input.marks) {
      if (status)
        await upsertAttendance(tx, {
          sessionId: input.sessionId,
          manId,
          status,
          recordedBy: caller.id,
          recordedAt,
        });
      else await clearAttendance(tx, input.sessionId, manId);
    }
  });
}

/** Ticks or unticks a checklist item the data does not decide. */
export async function tick(
  context: AppContext,
  caller: CurrentUser,
  { itemId, manId, done }: { itemId: string; manId: string; done: boolean },
) {
  const { db } = context.database;
  await assertMayActFor(context, caller, manId);
  const item = await findChecklistItem(db, itemId);
  if (!item) throw notFound('There is no such checklist item.');
  if (item.kind !== 'manual')
    throw new Problem(409, 'Conflict', 'This item follows attendance or assignments by itself.');
  await setTick(db, { itemId, manId, tickedBy: caller.id }, done);
}
