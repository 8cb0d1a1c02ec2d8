import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetentionSettings, RetentionSettingsInput } from '../../../../shared/privacy/retention.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getRetentionQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-retention'],
    queryFn: ({ signal }) => apiFetch<RetentionSettings>('/api/admin/event/retention', { signal }),
  });

export const useRetentionSettings = () => useQuery(getRetentionQueryOptions());

/** Saves both periods; the dashboard's "will be anonymised on" date moves with them. */
export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RetentionSettingsInput) =>
      apiFetch<RetentionSettings>('/api/admin/event/retention', {
        method: 'PUT',
        body: JSON.stringify(input),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(getRetentionQueryOptions().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
