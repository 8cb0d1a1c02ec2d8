import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { inThisProgrammeYear, sessionWithYear } from '../../db/programme-year.ts';
import { aManOfTheProgramme } from '../../db/registered-men.ts';
import {
  assignments,
  attendance,
  cellGroupMembers,
  cellGroups,
  checklistItems,
  checklistTicks,
  facilitators,
  men,
  sessionRegistrations,
  submissions,
  user,
  workoutSessions,
} from '../../db/schema/index.ts';

export async function findMan(db: Database, manId: string) {
  const [man] = await db.select().from(men).where(eq(men.id, manId));
  return man;
}

export async function findManOfUser(db: Database, userId: string) {
  const [man] = await db.select().from(men).where(eq(men.userId, userId));
  return man;
}

export async function findFacilitatorOfUser(db: Database, userId: string) {
  const [facilitator] = await db.select().from(facilitators).where(eq(facilitators.userId, userId));
  return facilitator;
}

/** Whether this man's record is the account's own. */
export async function isOwnRecord(db: Database, manId: string, userId: string) {
  const [man] = await db
    .select({ id: men.id })
    .from(men)
    .where(and(eq(men.id, manId), eq(men.userId, userId)));
  return man !== undefined;
}

/** Whether this man is in a cell group led by the facilitator with this account. */
export async function isInGroupOf(db: Database, manId: string, facilitatorUserId: string) {
  const [member] = await db
    .select({ manId: cellGroupMembers.manId })
    .from(cellGroupMembers)
    .innerJoin(cellGroups, eq(cellGroups.id, cellGroupMembers.groupId))
    .innerJoin(facilitators, eq(facilitators.id, cellGroups.facilitatorId))
    .where(and(eq(cellGroupMembers.manId, manId), eq(facilitators.userId, facilitatorUserId)));
  return member !== undefined;
}

/** This programme year's attendance marks (earlier years' are kept, and counted no more). */
const marksThisYear = (db: Database) =>
  db
    .select({ sessionId: attendance.sessionId, manId: attendance.manId, status: attendance.status })
    .from(attendance)
    .innerJoin(workoutSessions, and(eq(workoutSessions.id, attendance.sessionId), inThisProgrammeYear));

/** Everything a man's progress is made of, read at once: this programme year's sessions and marks. */
export async function progressRowsOf(db: Database, manId: string) {
  const [sessions, registered, marks, tasks, uploads, items, ticks, group] = await Promise.all([
    db.select().from(workoutSessions).where(inThisProgrammeYear).orderBy(asc(workoutSessions.heldOn)),
    db.select().from(sessionRegistrations).where(eq(sessionRegistrations.manId, manId)),
    marksThisYear(db).where(eq(attendance.manId, manId)),
    db.select().from(assignments).orderBy(asc(assignments.dueOn)),
    db.select().from(submissions).where(eq(submissions.manId, manId)).orderBy(desc(submissions.submittedAt)),
    db.select().from(checklistItems).orderBy(asc(checklistItems.sortOrder)),
    db.select().from(checklistTicks).where(eq(checklistTicks.manId, manId)),
    db
      .select({ name: cellGroups.name, facilitator: facilitators })
      .from(cellGroupMembers)
      .innerJoin(cellGroups, eq(cellGroups.id, cellGroupMembers.groupId))
      .leftJoin(facilitators, eq(facilitators.id, cellGroups.facilitatorId))
      .where(eq(cellGroupMembers.manId, manId)),
  ]);
  return { sessions, registered, marks, tasks, uploads, items, ticks, group };
}

/** Cell groups with their facilitator: one facilitator's, or all. */
export function groupsWithFacilitator(db: Database, facilitatorId: string | undefined) {
  return db
    .select({ group: cellGroups, facilitator: facilitators })
    .from(cellGroups)
    .leftJoin(facilitators, eq(facilitators.id, cellGroups.facilitatorId))
    .where(facilitatorId ? eq(cellGroups.facilitatorId, facilitatorId) : undefined)
    .orderBy(asc(cellGroups.name));
}

/** The groups' men (the men of the programme in them: aManOfTheProgramme), by surname and name. */
export function membersOf(db: Database, groupIds: string[]) {
  return db
    .select({ groupId: cellGroupMembers.groupId, man: men })
    .from(cellGroupMembers)
    .innerJoin(men, eq(men.id, cellGroupMembers.manId))
    .where(and(inArray(cellGroupMembers.groupId, groupIds), aManOfTheProgramme))
    .orderBy(asc(sql`lower(${men.lastName})`), asc(sql`lower(${men.firstName})`));
}

/**
 * What the groups' progress summaries are made of: these men's marks this programme year and their on-time
 * uploads, and the totals; and their marks at one session (of any year: the picker shows earlier years').
 */
export async function groupProgressRows(db: Database, manIds: string[], sessionId: string | undefined) {
  const [marks, marksAtSession, sessionCount, tasks, onTimeRows] = await Promise.all([
    manIds.length ? marksThisYear(db).where(inArray(attendance.manId, manIds)) : [],
    manIds.length && sessionId
      ? db
          .select()
          .from(attendance)
          .where(and(inArray(attendance.manId, manIds), eq(attendance.sessionId, sessionId)))
      : [],
    db.select({ id: workoutSessions.id }).from(workoutSessions).where(inThisProgrammeYear),
    db.select({ id: assignments.id }).from(assignments),
    manIds.length
      ? db
          .selectDistinct({ manId: submissions.manId, assignmentId: submissions.assignmentId })
          .from(submissions)
          .where(and(inArray(submissions.manId, manIds), eq(submissions.late, false)))
      : [],
  ]);
  return { marks, marksAtSession, sessionCount, tasks, onTimeRows };
}

/**
 * Inserts a submission in one transaction with the limits that depend on what is stored: the oldest versions
 * of this man's assignment beyond `versionsKept` are deleted, then what the account uploaded may not pass
 * `storedBytesPerAccount` (else `whenFull()` is thrown and nothing is kept). Answers the pruned files' keys.
 */
export async function insertWithinLimits(
  db: Database,
  row: Omit<typeof submissions.$inferInsert, 'id' | 'uploadedBy'> & { uploadedBy: string },
  limits: { versionsKept: number; storedBytesPerAccount: number; whenFull: () => Error },
) {
  return db.transaction(async (tx) => {
    // One upload per account passes here at a time, so two at once cannot both fit under the limit.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, row.uploadedBy)).for('no key update');
    await tx.insert(submissions).values(row);
    const beyond = await tx
      .select({ id: submissions.id, storageKey: submissions.storageKey })
      .from(submissions)
      .where(and(eq(submissions.manId, row.manId), eq(submissions.assignmentId, row.assignmentId)))
      .orderBy(desc(submissions.submittedAt), desc(submissions.id))
      .offset(limits.versionsKept);
    if (beyond.length > 0) {
      await tx.delete(submissions).where(
        inArray(
          submissions.id,
          beyond.map((b) => b.id),
        ),
      );
    }
    const [usage] = await tx
      .select({ stored: sql<number>`coalesce(sum(${submissions.size}), 0)`.mapWith(Number) })
      .from(submissions)
      .where(eq(submissions.uploadedBy, row.uploadedBy));
    if ((usage?.stored ?? 0) > limits.storedBytesPerAccount) throw limits.whenFull();
    return beyond.map((b) => b.storageKey);
  });
}

/** Deletes one of the man's own submissions; answers its file's key (none when there was no such row). */
export async function deleteOwnSubmissionRow(db: Database, manId: string, submissionId: string) {
  const gone = await db
    .delete(submissions)
    .where(and(eq(submissions.id, submissionId), eq(submissions.manId, manId)))
    .returning({ storageKey: submissions.storageKey });
  return gone.map((row) => row.storageKey);
}

/**
 * Deletes a man or an assignment with its submissions, answering their files' keys (undefined when there was
 * no such row). The row is locked first, so an upload for it either lands before (and its row is deleted
 * here) or fails its foreign key after (and removes its own file): no file is left without a row.
 */
export async function deleteOwnerWithSubmissions(db: Database, owner: 'man' | 'assignment', id: string) {
  const table = owner === 'man' ? men : assignments;
  const column = owner === 'man' ? submissions.manId : submissions.assignmentId;
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
    if (!row) return undefined;
    const gone = await tx
      .delete(submissions)
      .where(eq(column, id))
      .returning({ storageKey: submissions.storageKey });
    await tx.delete(table).where(eq(table.id, id));
    return gone.map((submission) => submission.storageKey);
  });
}

export async function findSession(db: Database, id: string) {
  const [session] = await db.select().from(workoutSessions).where(eq(workoutSessions.id, id));
  return session;
}

/** Every session, earlier programme years' too, each saying whether it is this year's. */
export const listSessionsByDate = (db: Database) =>
  db.select(sessionWithYear).from(workoutSessions).orderBy(asc(workoutSessions.heldOn));

/** The nearest session held today or later (Harare's day), open for registration or not yet. */
export async function nextSession(db: Database) {
  const [session] = await db
    .select({
      name: workoutSessions.name,
      heldOn: workoutSessions.heldOn,
      startTime: workoutSessions.startTime,
      place: workoutSessions.place,
    })
    .from(workoutSessions)
    .where(sql`${workoutSessions.heldOn} >= (now() at time zone 'Africa/Harare')::date`)
    .orderBy(asc(workoutSessions.heldOn))
    .limit(1);
  return session;
}

export async function insertSessionRegistration(db: Database, sessionId: string, manId: string) {
  await db.insert(sessionRegistrations).values({ sessionId, manId }).onConflictDoNothing();
}

export async function findAssignment(db: Database, id: string) {
  const [assignment] = await db.select().from(assignments).where(eq(assignments.id, id));
  return assignment;
}

export async function findSubmission(db: Database, id: string) {
  const [submission] = await db.select().from(submissions).where(eq(submissions.id, id));
  return submission;
}

/** Records a man's attendance at a session, replacing an earlier mark. */
export async function upsertAttendance(db: Database, mark: typeof attendance.$inferInsert) {
  await db
    .insert(attendance)
    .values(mark)
    .onConflictDoUpdate({
      target: [attendance.sessionId, attendance.manId],
      set: { status: mark.status, recordedBy: mark.recordedBy, recordedAt: mark.recordedAt },
    });
}

export async function clearAttendance(db: Database, sessionId: string, manId: string) {
  await db.delete(attendance).where(and(eq(attendance.sessionId, sessionId), eq(attendance.manId, manId)));
}

export async function findChecklistItem(db: Database, id: string) {
  const [item] = await db.select().from(checklistItems).where(eq(checklistItems.id, id));
  return item;
}

export async function setTick(
  db: Database,
  tick: { itemId: string; manId: string; tickedBy: string },
  done: boolean,
) {
  if (done) await db.insert(checklistTicks).values(tick).onConflictDoNothing();
  else
    await db
      .delete(checklistTicks)
      .where(and(eq(checklistTicks.itemId, tick.itemId), eq(checklistTicks.manId, tick.manId)));
}
