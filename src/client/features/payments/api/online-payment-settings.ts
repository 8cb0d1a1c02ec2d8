import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OnlinePaymentSettingsInput,
  OnlinePaymentSettingsView,
} from '../../../../shared/payments/online-payment.ts';
import { apiFetch } from '../../../lib/api.ts';

export const getOnlinePaymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-online-payment'],
    queryFn: ({ signal }) => apiFetch<OnlinePaymentSettingsView>('/api/admin/online-payment', { signal }),
  });

export const useOnlinePaymentSettings = () => useQuery(getOnlinePaymentSettingsQueryOptions());

export function useSaveOnlinePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OnlinePaymentSettingsInput) =>
      apiFetch<OnlinePaymentSettingsView>('/api/admin/online-payment', {
        method: 'PUT',
        body: JSON.stringify(input),
      }),
    onSuccess: (saved) => queryClient.setQueryData(getOnlinePaymentSettingsQueryOptions().queryKey, saved),
  });
}
