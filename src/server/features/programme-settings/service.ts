import type { FastifyBaseLogger } from 'fastify';
import type * as z from 'zod/mini';
import type {
  AssignmentInputSchema,
  CellGroupInputSchema,
  ChecklistItemInputSchema,
  SessionInputSchema,
  SubmissionReport,
} from '../../../shared/programme-settings/programme-settings.ts';
import type { AppContext } from '../../context.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../http/problem.ts';
import { deleteWithSubmissions, dueAt } from '../progress/service.ts';
import {
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

export const sessions = ({ database }: AppContext) => listSessions(database.db);
export const addSession = async ({ database }: AppContext, input: SessionInput) =>
  found(await insertSession(database.db, input));
export const changeSession = async ({ database }: AppContext, id: string, input: SessionInput) =>
  found(await updateSession(database.db, id, input));
export const removeSession = async ({ database }: AppContext, id: string) =>
  removedOr404(await deleteSession(database.db, id));

export const assignmentsList = ({ database }: AppContext) => listAssignments(database.db);
export const addAssignment = async ({ database }: AppContext, input: AssignmentInput) =>
  found(await insertAssignment(database.db, input));
export const changeAssignment = async ({ database }: AppContext, id: string, input: AssignmentInput) =>
  found(await updateAssignment(database.db, id, input));
/** An assignment's uploaded documents go with it, files included. */
export const removeAssignment = async (context: AppContext, log: FastifyBaseLogger, id: string) =>
  removedOr404(await deleteWithSubmissions(context, log, 'assignment', id));

export const checklist = ({ database }: AppContext) => listChecklist(database.db);
export const addChecklistItem = async ({ database }: AppContext, input: ChecklistItemInput) =>
  found(await insertChecklistItem(database.db, input));
export const changeChecklistItem = async ({ database }: AppContext, id: string, input: ChecklistItemInput) =>
  found(await updateChecklistItem(database.db, id, input));
export const removeChecklistItem = async ({ database }: AppContext, id: string) =>
  removedOr404(await deleteChecklistItem(database.db, id));

export const cellGroups = ({ database }: AppContext) => listGroupsWithMembers(database.db);

export async function saveCellGroup({ database }: AppContext, id: string | undefined, input: CellGroupInput) {
  try {
    return found(await saveGroupWithMembers(database.db, id, input), 'This group no longer exists.');
  } catch (error) {
    if (uniqueViolation(error)) throw conflict('A group with this name already exists.');
    throw error;
  }
}

export const removeCellGroup = async ({ database }: AppContext, id: string) =>
  removedOr404(await deleteGroup(database.db, id), 'This group no longer exists.');

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
