import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentNotice } from '../../../../shared/payments/payment-notices.ts';
import { apiFetch } from '../../../lib/api.ts';

const noticesQuery = () =>
  queryOptions({
    queryKey: ['admin-payment-notices'],
    queryFn: ({ signal }) => apiFetch<PaymentNotice[]>('/api/admin/payment-notices', { signal }),
  });

export const usePaymentNotices = () => useQuery(noticesQuery());

export function useReviewPaymentNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<PaymentNotice[]>(`/api/admin/payment-notices/${id}/reviewed`, { method: 'POST' }),
    onSuccess: (notices) => queryClient.setQueryData(noticesQuery().queryKey, notices),
  });
}
