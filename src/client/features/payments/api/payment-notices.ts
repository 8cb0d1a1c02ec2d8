import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentNoticesPage } from '../../../../shared/payments/payment-notices.ts';
import { apiFetch } from '../../../lib/api.ts';

const NOTICES = ['admin-payment-notices'] as const;

export const noticesQuery = (page = 1) =>
  queryOptions({
    queryKey: [...NOTICES, { page }],
    queryFn: ({ signal }) =>
      apiFetch<PaymentNoticesPage>(`/api/admin/payment-notices?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const usePaymentNotices = (page: number) => useQuery(noticesQuery(page));

export function useReviewPaymentNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<{ id: number }>(`/api/admin/payment-notices/${id}/reviewed`, { method: 'POST' }),
    // Every page: the notice moves down among the reviewed ones.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES }),
  });
}
