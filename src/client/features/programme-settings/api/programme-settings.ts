import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonList } from '../../../../shared/people/people.ts';
import { apiFetch } from '../../../lib/api.ts';
import { groupsKey } from '../../progress/api/attendance.ts';

// The admin's configuration of the programme (/api/programme/...).

export interface SessionRow {
  id: string;
  name: string;
  heldOn: string;
  state: 'open' | 'inactive';
}
export interface AssignmentRow {
  id: string;
  title: string;
  dueOn: string;
}
export type ChecklistKind = 'sessions' | 'assignments' | 'manual';
export interface ChecklistRow {
  id: string;
  text: string;
  kind: ChecklistKind;
  sortOrder: number;
}
export interface GroupRow {
  id: string;
  name: string;
  facilitatorId: string | null;
  memberIds: string[];
}

export interface SettingsLists {
  sessions: { row: SessionRow; input: Omit<SessionRow, 'id'> };
  assignments: { row: AssignmentRow; input: Omit<AssignmentRow, 'id'> };
  checklist: { row: ChecklistRow; input: Pick<ChecklistRow, 'text' | 'kind'> };
  groups: { row: GroupRow; input: Omit<GroupRow, 'id'> };
}
export type SettingsList = keyof SettingsLists;

const settingsKey = ['programme-settings'] as const;

export const settingsQuery = <L extends SettingsList>(list: L) =>
  queryOptions({
    queryKey: [...settingsKey, list],
    queryFn: ({ signal }) => apiFetch<SettingsLists[L]['row'][]>(`/api/programme/${list}`, { signal }),
  });

export const useSettingsList = <L extends SettingsList>(list: L) => useQuery(settingsQuery(list));

type Change<L extends SettingsList> =
  | { action: 'add'; input: SettingsLists[L]['input'] }
  | { action: 'change'; id: string; input: SettingsLists[L]['input'] }
  | { action: 'remove'; id: string };

/** Adds, changes or removes one row; then everything that shows the programme is read again. */
export function useChangeSetting<L extends SettingsList>(list: L) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change<L>) => {
      const base = `/api/programme/${list}`;
      if (change.action === 'add')
        return apiFetch<unknown>(base, { method: 'POST', body: JSON.stringify(change.input) });
      const path = `${base}/${encodeURIComponent(change.id)}`;
      if (change.action === 'change')
        return apiFetch<unknown>(path, { method: 'PUT', body: JSON.stringify(change.input) });
      return apiFetch<unknown>(path, { method: 'DELETE' });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKey }),
        queryClient.invalidateQueries({ queryKey: ['programme'] }),
        queryClient.invalidateQueries({ queryKey: groupsKey }),
      ]),
  });
}

export interface SubmissionReport {
  assignment: AssignmentRow & { dueAt: string };
  men: {
    manId: string;
    firstName: string;
    lastName: string;
    status: 'submitted' | 'late' | 'missing';
    submission: { id: string; fileName: string; size: number; submittedAt: string } | null;
  }[];
}

/** Per man: submitted, late or not submitted, for one assignment. */
export const useSubmissionReport = (assignmentId: string | undefined) =>
  useQuery({
    queryKey: [...settingsKey, 'submissions', assignmentId ?? ''],
    queryFn: ({ signal }) =>
      apiFetch<SubmissionReport>(
        `/api/programme/assignments/${encodeURIComponent(assignmentId ?? '')}/submissions`,
        { signal },
      ),
    enabled: Boolean(assignmentId),
  });

/** Everyone on a register, for the group pickers (the server lays out at most 5,000 at once). */
export const usePickerPeople = (kind: 'men' | 'facilitators') =>
  useQuery({
    queryKey: [...settingsKey, 'people', kind],
    queryFn: ({ signal }) =>
      apiFetch<PersonList>(
        kind === 'men'
          ? '/api/men?pageSize=5000&sort=lastName'
          : '/api/facilitators?status=approved&pageSize=5000&sort=lastName',
        { signal },
      ),
  });
