import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetentionSettings, RetentionSettingsInput } from '../../../../shared/privacy/retention.ts';
import { apiSend, getQueryOptions } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getRetentionQueryOptions = () =>
  getQueryOptions<RetentionSettings>(['admin-retention'], '/api/admin/event/retention');

export const useRetentionSettings = () => useQuery(getRetentionQueryOptions());

/** Saves both periods; the dashboard's "will be anonymised on" date moves with them. */
export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RetentionSettingsInput) =>
      apiSend<RetentionSettings>('/api/admin/event/retention', 'PUT', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(getRetentionQueryOptions().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
