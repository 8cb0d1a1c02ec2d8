import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { PersonList } from '../../../../shared/people/people.ts';
import type {
  AssignmentInputSchema,
  AssignmentRowSchema,
  CellGroupInputSchema,
  CellGroupRowSchema,
  ChecklistItemInputSchema,
  ChecklistItemRowSchema,
  NewYearPreview,
  NewYearResultSchema,
  SessionInputSchema,
  SessionRowSchema,
  SubmissionReport,
} from '../../../../shared/programme-settings/programme-settings.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The admin's configuration of the programme (/api/programme/...): each list's rows as the server keeps
// them, and what the admin's forms send (the shared input contracts).

type ChecklistItemInput = z.output<typeof ChecklistItemInputSchema>;
export type ChecklistKind = ChecklistItemInput['kind'];
export type GroupRow = z.infer<typeof CellGroupRowSchema>;

export interface SettingsLists {
  sessions: { row: z.infer<typeof SessionRowSchema>; input: z.output<typeof SessionInputSchema> };
  assignments: { row: z.infer<typeof AssignmentRowSchema>; input: z.output<typeof AssignmentInputSchema> };
  checklist: { row: z.infer<typeof ChecklistItemRowSchema>; input: ChecklistItemInput };
  groups: { row: GroupRow; input: z.output<typeof CellGroupInputSchema> };
}
export type SettingsList = keyof SettingsLists;

/** One list; without one, the key of everything on this page (lists, submissions and pickers). */
export const getSettingsListQueryOptions = <L extends SettingsList>(list?: L) =>
  queryOptions({
    queryKey: list ? ['programme-settings', list] : ['programme-settings'],
    queryFn: ({ signal }) => apiFetch<SettingsLists[L]['row'][]>(`/api/programme/${list}`, { signal }),
  });

export const useSettingsList = <L extends SettingsList>(list: L) =>
  useQuery(getSettingsListQueryOptions(list));

type Change<L extends SettingsList> =
  | { action: 'add'; input: SettingsLists[L]['input'] }
  | { action: 'change'; id: string; input: SettingsLists[L]['input'] }
  | { action: 'remove'; id: string };

/** Everything that shows the programme: this page's lists, the attendance picker and groups, the men's pages. */
const readProgrammeAgain = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all(
    [
      getSettingsListQueryOptions().queryKey,
      queryKeys.programmeSessions,
      queryKeys.cellGroups(),
      queryKeys.manProgress(),
      queryKeys.myProgress,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

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
    onSuccess: () => readProgrammeAgain(queryClient),
  });
}

/** A new programme year's sessions before they are made, the first on `firstOn` (none: the suggested day). */
export const getNewYearPreviewQueryOptions = (firstOn: string | undefined) =>
  queryOptions({
    queryKey: [...getSettingsListQueryOptions().queryKey, 'new-year', firstOn ?? 'suggested'],
    queryFn: ({ signal }) =>
      apiFetch<NewYearPreview>(
        `/api/programme/years/new${firstOn ? `?firstOn=${encodeURIComponent(firstOn)}` : ''}`,
        { signal },
      ),
  });

export const useNewYearPreview = (firstOn: string | undefined, enabled: boolean) =>
  useQuery({ ...getNewYearPreviewQueryOptions(firstOn), enabled, placeholderData: (previous) => previous });

/** Starts the new programme year (POST /api/programme/years); then the programme is read again. */
export function useStartNewYear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (firstOn: string) =>
      apiFetch<z.infer<typeof NewYearResultSchema>>('/api/programme/years', {
        method: 'POST',
        body: JSON.stringify({ firstOn }),
      }),
    onSuccess: () => readProgrammeAgain(queryClient),
  });
}

export const getSubmissionReportQueryOptions = (assignmentId: string) =>
  queryOptions({
    queryKey: [...getSettingsListQueryOptions().queryKey, 'submissions', assignmentId],
    queryFn: ({ signal }) =>
      apiFetch<SubmissionReport>(
        `/api/programme/assignments/${encodeURIComponent(assignmentId)}/submissions`,
        {
          signal,
        },
      ),
  });

/** Per man: submitted, late or not submitted, for one assignment. */
export const useSubmissionReport = (assignmentId: string | undefined) =>
  useQuery({ ...getSubmissionReportQueryOptions(assignmentId ?? ''), enabled: Boolean(assignmentId) });

export const getPickerPeopleQueryOptions = (kind: 'men' | 'facilitators') =>
  queryOptions({
    queryKey: [...getSettingsListQueryOptions().queryKey, 'people', kind],
    queryFn: ({ signal }) =>
      apiFetch<PersonList>(
        kind === 'men'
          ? '/api/men?pageSize=5000&sort=lastName'
          : '/api/facilitators?status=approved&pageSize=5000&sort=lastName',
        { signal },
      ),
  });

/** Everyone on a register, for the group pickers (the server lays out at most 5,000 at once). */
export const usePickerPeople = (kind: 'men' | 'facilitators') => useQuery(getPickerPeopleQueryOptions(kind));
