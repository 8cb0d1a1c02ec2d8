import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ENTRANTS_WITHOUT_EMAIL,
  type SmsSettingsInput,
  type SmsSettingsView,
} from '../../../../shared/sms/sms-settings-input.ts';
import { ApiError, apiSend, getQueryOptions } from '../../../lib/api.ts';

export const getSmsSettingsQueryOptions = () =>
  getQueryOptions<SmsSettingsView>(['admin-sms'], '/api/admin/sms');

export const useSmsSettings = () => useQuery(getSmsSettingsQueryOptions());

export function useSaveSmsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SmsSettingsInput) => apiSend<SmsSettingsView>('/api/admin/sms', 'PUT', input),
    onSuccess: (saved) => queryClient.setQueryData(getSmsSettingsQueryOptions().queryKey, saved),
    // More entrants without email than the admin was asked about: the next save asks with their number.
    onError: (error) => {
      if (error instanceof ApiError && error.code === ENTRANTS_WITHOUT_EMAIL) {
        void queryClient.invalidateQueries({ queryKey: getSmsSettingsQueryOptions().queryKey });
      }
    },
  });
}
