import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OnlinePaymentSettingsInput,
  OnlinePaymentSettingsView,
} from '../../../../shared/payments/online-payment.ts';
import { apiSend, getQueryOptions } from '../../../lib/api.ts';

export const getOnlinePaymentSettingsQueryOptions = () =>
  getQueryOptions<OnlinePaymentSettingsView>(['admin-online-payment'], '/api/admin/online-payment');

export const useOnlinePaymentSettings = () => useQuery(getOnlinePaymentSettingsQueryOptions());

export function useSaveOnlinePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OnlinePaymentSettingsInput) =>
      apiSend<OnlinePaymentSettingsView>('/api/admin/online-payment', 'PUT', input),
    onSuccess: (saved) => queryClient.setQueryData(getOnlinePaymentSettingsQueryOptions().queryKey, saved),
  });
}
