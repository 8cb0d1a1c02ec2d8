import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsSettingsInput, SmsSettingsView } from '../../../../shared/sms/sms-settings-input.ts';
import { apiSend, getQueryOptions } from '../../../lib/api.ts';

export const getSmsSettingsQueryOptions = () =>
  getQueryOptions<SmsSettingsView>(['admin-sms'], '/api/admin/sms');

export const useSmsSettings = () => useQuery(getSmsSettingsQueryOptions());

export function useSaveSmsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SmsSettingsInput) => apiSend<SmsSettingsView>('/api/admin/sms', 'PUT', input),
    onSuccess: (saved) => queryClient.setQueryData(getSmsSettingsQueryOptions().queryKey, saved),
  });
}
