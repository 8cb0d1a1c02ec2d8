import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventSettings } from '../../../../shared/event-settings/event-settings.ts';
import type { ZwgRateInput } from '../../../../shared/event-settings/zwg-rate-settings.ts';
import { apiSend } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getEventSettingsQueryOptions } from './event-settings.ts';

/** Saves how ZWG fees are set; the public pages' fees and the dashboard's checklist follow at once. */
export function useSaveZwgRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ZwgRateInput) => apiSend<EventSettings>('/api/admin/event/zwg-rate', 'PUT', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(getEventSettingsQueryOptions().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.event });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
