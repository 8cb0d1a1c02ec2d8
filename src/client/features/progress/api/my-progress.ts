import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManProgress } from '../../../../shared/progress/progress.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getMyProgressQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myProgress,
    queryFn: ({ signal }) => apiFetch<ManProgress>('/api/me/progress', { signal }),
  });

/** His sessions, assignments, checklist and cell group (GET /api/me/progress). */
export const useMyProgress = () => useQuery(getMyProgressQueryOptions());

/** Puts the server's fresh answer (every write returns his whole progress) in place of the old one. */
export function useSetMyProgress() {
  const queryClient = useQueryClient();
  return (progress: ManProgress) => queryClient.setQueryData(getMyProgressQueryOptions().queryKey, progress);
}

/** Registers him for an open session (POST /api/me/sessions/:id/register). */
export function useRegisterForSession() {
  const setProgress = useSetMyProgress();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiFetch<ManProgress>(`/api/me/sessions/${encodeURIComponent(sessionId)}/register`, {
        method: 'POST',
      }),
    onSuccess: setProgress,
  });
}
