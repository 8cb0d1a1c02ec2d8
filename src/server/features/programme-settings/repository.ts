import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { inThisProgrammeYear, sessionWithYear } from '../../db/programme-year.ts';
import { aManOfTheProgramme } from '../../db/registered-men.ts';
import {
  assignments,
  cellGroupMembers,
  cellGroups,
  checklistItems,
  men,
  programmeYears,
  submissions,
  workoutSessions,
} from '../../db/schema/index.ts';

type SessionValues = Omit<typeof workoutSessions.$inferInsert, 'id'>;
type AssignmentValues = Omit<typeof assignments.$inferInsert, 'id'>;
type ChecklistValues = Omit<typeof checklistItems.$inferInsert, 'id' | 'sortOrder'>;
export interface GroupValues {
  name: string;
  facilitatorId: string | null;
  memberIds: string[];
}

/** Every session, each saying whether it is this programme year's: this year's first, then earlier years'. */
export const listSessions = (db: Database) =>
  db
    .select(sessionWithYear)
    .from(workoutSessions)
    .orderBy(desc(inThisProgrammeYear), asc(workoutSessions.heldOn));

const findSessionRow = async (db: Database, id: string) => {
  const [row] = await db.select(sessionWithYear).from(workoutSessions).where(eq(workoutSessions.id, id));
  return row;
};

export async function insertSession(db: Database, values: SessionValues) {
  const [row] = await db.insert(workoutSessions).values(values).returning({ id: workoutSessions.id });
  return row && findSessionRow(db, row.id);
}

export async function updateSession(db: Database, id: string, values: SessionValues) {
  const [row] = await db
    .update(workoutSessions)
    .set(values)
    .where(eq(workoutSessions.id, id))
    .returning({ id: workoutSessions.id });
  return row && findSessionRow(db, row.id);
}

/** This programme year's sessions in date order, and the date of the last session of any year. */
export async function thisYearAndLastDate(db: Database) {
  const [sessions, [last]] = await Promise.all([
    db
      .select(sessionWithYear)
      .from(workoutSessions)
      .where(inThisProgrammeYear)
      .orderBy(asc(workoutSessions.heldOn)),
    db
      .select({ heldOn: workoutSessions.heldOn })
      .from(workoutSessions)
      .orderBy(desc(workoutSessions.heldOn))
      .limit(1),
  ]);
  return { sessions, lastHeldOn: last?.heldOn ?? null };
}

/** One new programme year at a time: a second request waits for the first, then sees its sessions. */
export async function lockProgrammeYears(db: Database) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('programme-new-year'))`);
}

/** Starts a programme year on `startsOn` with these sessions (Not Active until an admin opens them). */
export async function insertProgrammeYear(
  db: Database,
  startsOn: string,
  startedBy: string | null,
  sessions: Omit<SessionValues, 'state'>[],
) {
  // Again after a year whose sessions were all deleted: the start is kept as it was.
  await db.insert(programmeYears).values({ startsOn, startedBy }).onConflictDoNothing();
  const made = await db
    .insert(workoutSessions)
    .values(sessions.map((session) => ({ ...session, state: 'inactive' as const })))
    .returning({ id: workoutSessions.id });
  return db
    .select(sessionWithYear)
    .from(workoutSessions)
    .where(
      inArray(
        workoutSessions.id,
        made.map((row) => row.id),
      ),
    )
    .orderBy(asc(workoutSessions.heldOn));
}

export async function deleteSession(db: Database, id: string) {
  const removed = await db
    .delete(workoutSessions)
    .where(eq(workoutSessions.id, id))
    .returning({ id: workoutSessions.id });
  return removed.length > 0;
}

export const listAssignments = (db: Database) =>
  db.select().from(assignments).orderBy(asc(assignments.dueOn));

export async function findAssignment(db: Database, id: string) {
  const [row] = await db.select().from(assignments).where(eq(assignments.id, id));
  return row;
}

export async function insertAssignment(db: Database, values: AssignmentValues) {
  const [row] = await db.insert(assignments).values(values).returning();
  return row;
}

export async function updateAssignment(db: Database, id: string, values: AssignmentValues) {
  const [row] = await db.update(assignments).set(values).where(eq(assignments.id, id)).returning();
  return row;
}

export const listChecklist = (db: Database) =>
  db.select().from(checklistItems).orderBy(asc(checklistItems.sortOrder));

/** A new item goes to the end of the list. */
export async function insertChecklistItem(db: Database, values: ChecklistValues) {
  const [row] = await db
    .insert(checklistItems)
    .values({
      ...values,
      sortOrder: sql`(select coalesce(max(${checklistItems.sortOrder}), -1) + 1 from ${checklistItems})`,
    })
    .returning();
  return row;
}

export async function updateChecklistItem(db: Database, id: string, values: ChecklistValues) {
  const [row] = await db.update(checklistItems).set(values).where(eq(checklistItems.id, id)).returning();
  return row;
}

export async function deleteChecklistItem(db: Database, id: string) {
  const removed = await db
    .delete(checklistItems)
    .where(eq(checklistItems.id, id))
    .returning({ id: checklistItems.id });
  return removed.length > 0;
}

/** The groups with their members: the men of the programme in them (aManOfTheProgramme). */
export async function listGroupsWithMembers(db: Database) {
  const [groups, members] = await Promise.all([
    db.select().from(cellGroups).orderBy(asc(cellGroups.name)),
    db
      .select({ groupId: cellGroupMembers.groupId, manId: cellGroupMembers.manId })
      .from(cellGroupMembers)
      .innerJoin(men, eq(men.id, cellGroupMembers.manId))
      .where(aManOfTheProgramme),
  ]);
  return groups.map((group) => ({
    ...group,
    memberIds: members.filter((m) => m.groupId === group.id).map((m) => m.manId),
  }));
}

/** How many of these records are men of the programme (aManOfTheProgramme): a group takes no one else. */
export async function countMenOfTheProgramme(db: Database, ids: string[]) {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(men)
    .where(and(inArray(men.id, ids), aManOfTheProgramme));
  return Number(row?.n ?? 0);
}

/**
 * Adds (no id) or changes a group and sets its members; a man moves from his old group to this one. Members
 * no longer shown (listGroupsWithMembers) are not sent back, so saving drops them from the group.
 */
export async function saveGroupWithMembers(db: Database, id: string | undefined, input: GroupValues) {
  return db.transaction(async (tx) => {
    const values = { name: input.name, facilitatorId: input.facilitatorId };
    const [group] = id
      ? await tx.update(cellGroups).set(values).where(eq(cellGroups.id, id)).returning()
      : await tx.insert(cellGroups).values(values).returning();
    if (!group) return undefined;
    await tx
      .delete(cellGroupMembers)
      .where(
        and(
          eq(cellGroupMembers.groupId, group.id),
          input.memberIds.length ? notInArray(cellGroupMembers.manId, input.memberIds) : undefined,
        ),
      );
    if (input.memberIds.length) {
      await tx.delete(cellGroupMembers).where(inArray(cellGroupMembers.manId, input.memberIds));
      await tx
        .insert(cellGroupMembers)
        .values(input.memberIds.map((manId) => ({ manId, groupId: group.id })));
    }
    return { ...group, memberIds: input.memberIds };
  });
}

export async function deleteGroup(db: Database, id: string) {
  const removed = await db.delete(cellGroups).where(eq(cellGroups.id, id)).returning({ id: cellGroups.id });
  return removed.length > 0;
}

/** Every man (facilitators are not), and the assignment's uploads newest first. */
export async function menAndUploadsFor(db: Database, assignmentId: string) {
  const [everyone, uploads] = await Promise.all([
    db.select().from(men).where(aManOfTheProgramme).orderBy(asc(men.lastName), asc(men.firstName)),
    db
      .select()
      .from(submissions)
      .where(eq(submissions.assignmentId, assignmentId))
      .orderBy(desc(submissions.submittedAt)),
  ]);
  return { everyone, uploads };
}
