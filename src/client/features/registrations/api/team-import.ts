import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamImportPreview, TeamImportResult } from '../../../../shared/registrations/team-import.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getTeamQueryOptions } from './team.ts';

/** The template the import reads (a plain link: the browser saves it). */
export const TEAM_IMPORT_TEMPLATE_URL = '/api/team/import/template.csv';

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** The staff list's rows, each ready or with its errors: the server reads the file, nothing is saved. */
export const usePreviewStaffImport = () =>
  useMutation({
    mutationFn: (file: File) =>
      apiFetch<TeamImportPreview>('/api/team/import/preview', { method: 'POST', body: fileForm(file) }),
  });

/** Registers every row of the list, or none; then the team's list and the races' places are read again. */
export const useImportStaff = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiFetch<TeamImportResult>('/api/team/import?consent=true', { method: 'POST', body: fileForm(file) }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getTeamQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.event }),
      ]),
  });
};
