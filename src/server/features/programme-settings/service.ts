import type * as z from 'zod/mini';
import type {
  AssignmentInputSchema,
  CellGroupInputSchema,
  ChecklistItemInputSchema,
  SessionInputSchema,
  SubmissionReport,
} from '../../../shared/programme-settings/programme-settings.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { foreignKeyViolation, uniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../http/problem.ts';
import { type AuditActor, recordAudit } from '../audit-log/service.ts';
import { deleteWithSubmissions, dueAt } from '../progress/service.ts';
import {
  countMenOfTheProgramme,
  deleteChecklistItem,
  deleteGroup,
  deleteSession,
  findAssignment,
  insertAssignment,
  insertChecklistItem,
  insertSession,
  listAssignments,
  listChecklist,
  listGroupsWithMembers,
  listSessions,
  menAndUploadsFor,
  saveGroupWithMembers,
  updateAssignment,
  updateChecklistItem,
  updateSession,
} from './repository.ts';

type SessionInput = z.output<typeof SessionInputSchema>;
type AssignmentInput = z.output<typeof AssignmentInputSchema>;
type ChecklistItemInput = z.output<typeof ChecklistItemInputSchema>;
type CellGroupInput = z.output<typeof CellGroupInputSchema>;

const GONE = 'It no longer exists.';
const found = <T>(row: T | undefined, message = GONE): T => {
  if (row === undefined) throw notFound(message);
  return row;
};
const removedOr404 = (removed: boolean, message = GONE) => {
  if (!removed) throw notFound(message);
};

/**
 * A change of the programme's settings in one transaction with its line in the audit trail
 * ('programme-settings.session.add', subject 'session <id>'); a change that finds nothing is not recorded.
 */
async function audited<T extends { id: string } | boolean>(
  { database }: AppContext,
  actor: AuditActor,
  what: 'session' | 'assignment' | 'checklist-item' | 'group',
  change: 'add' | 'change' | 'remove',
  id: string | undefined,
  work: (db: Database) => Promise<T | undefined>,
  message = GONE,
): Promise<T> {
  return database.db.transaction(async (tx) => {
    const result = await work(tx);
    if (result === undefined || result === false) throw notFound(message);
    const subjectId = typeof result === 'object' ? result.id : id;
    await recordAudit(tx, actor, {
      action: `programme-settings.${what}.${change}`,
      subject: `${what} ${subjectId}`,
    });
    return result;
  });
}

export const sessions = ({ database }: AppContext) => listSessions(database.db);
export const addSession = (context: AppContext, input: SessionInput, actor: AuditActor) =>
  audited(context, actor, 'session', 'add', undefined, (db) => insertSession(db, input));
export const changeSession = (context: AppContext, id: string, input: SessionInput, actor: AuditActor) =>
  audited(context, actor, 'session', 'change', id, (db) => updateSession(db, id, input));
export const removeSession = async (context: AppContext, id: string, actor: AuditActor) => {
  await audited(context, actor, 'session', 'remove', id, (db) => deleteSession(db, id));
};

export const assignmentsList = ({ database }: AppContext) => listAssignments(database.db);
export const addAssignment = (context: AppContext, input: AssignmentInput, actor: AuditActor) =>
  audited(context, actor, 'assignment', 'add', undefined, (db) => insertAssignment(db, input));
export const changeAssignment = (
  context: AppContext,
  id: string,
  input: AssignmentInput,
  actor: AuditActor,
) => audited(context, actor, 'assignment', 'change', id, (db) => updateAssignment(db, id, input));
/** An assignment's uploaded documents go with it, files included (after their rows: not in a transaction here). */
export async function removeAssignment(context: AppContext, id: string, actor: AuditActor) {
  removedOr404(await deleteWithSubmissions(context, 'assignment', id));
  await recordAudit(context.database.db, actor, {
    action: 'programme-settings.assignment.remove',
    subject: `assignment ${id}`,
  });
}

export const checklist = ({ database }: AppContext) => listChecklist(database.db);
export const addChecklistItem = (context: AppContext, input: ChecklistItemInput, actor: AuditActor) =>
  audited(context, actor, 'checklist-item', 'add', undefined, (db) => insertChecklistItem(db, input));
export const changeChecklistItem = (
  context: AppContext,
  id: string,
  input: ChecklistItemInput,
  actor: AuditActor,
) => audited(context, actor, 'checklist-item', 'change', id, (db) => updateChecklistItem(db, id, input));
export const removeChecklistItem = async (context: AppContext, id: string, actor: AuditActor) => {
  await audited(context, actor, 'checklist-item', 'remove', id, (db) => deleteChecklistItem(db, id));
};

export const cellGroups = ({ database }: AppContext) => listGroupsWithMembers(database.db);

const CHOSEN_GONE =
  'A man or the facilitator chosen is no longer in the programme. Reload the page and choose again.';

export async function saveCellGroup(
  context: AppContext,
  id: string | undefined,
  input: CellGroupInput,
  actor: AuditActor,
) {
  // Only the men of the programme (the picker lists no one else): a volunteer's or an admin's sign-up record
  // is not one, nor is a record removed while the admin was choosing.
  const memberIds = [...new Set(input.memberIds)];
  if ((await countMenOfTheProgramme(context.database.db, memberIds)) !== memberIds.length) {
    throw conflict(CHOSEN_GONE);
  }
  try {
    return await audited(
      context,
      actor,
      'group',
      id ? 'change' : 'add',
      id,
      (db) => saveGroupWithMembers(db, id, { ...input, memberIds }),
      'This group no longer exists.',
    );
  } catch (error) {
    if (uniqueViolation(error)) throw conflict('A group with this name already exists.');
    // Someone removed a man or the facilitator while the admin was choosing: the list they chose from is old.
    if (foreignKeyViolation(error)) throw conflict(CHOSEN_GONE);
    throw error;
  }
}

export const removeCellGroup = async (context: AppContext, id: string, actor: AuditActor) => {
  await audited(
    context,
    actor,
    'group',
    'remove',
    id,
    (db) => deleteGroup(db, id),
    'This group no longer exists.',
  );
};

/** Per man: submitted, late or not submitted, with the current document. */
export async function submissionsReport(
  { database }: AppContext,
  assignmentId: string,
): Promise<SubmissionReport> {
  const assignment = found(await findAssignment(database.db, assignmentId), 'There is no such assignment.');
  const { everyone, uploads } = await menAndUploadsFor(database.db, assignment.id);
  return {
    assignment: { ...assignment, dueAt: dueAt(assignment.dueOn).toISOString() },
    men: everyone.map((man) => {
      const current = uploads.find((u) => u.manId === man.id);
      return {
        manId: man.id,
        firstName: man.firstName,
        lastName: man.lastName,
        status: current ? (current.late ? 'late' : 'submitted') : 'missing',
        submission: current
          ? {
              id: current.id,
              fileName: current.fileName,
              size: current.size,
              submittedAt: current.submittedAt.toISOString(),
            }
          : null,
      };
    }),
  };
}
