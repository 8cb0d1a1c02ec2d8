import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGift, GiftTotals } from '../../../../shared/gifts/gifts.ts';
import { apiSend, getQueryOptions } from '../../../lib/api.ts';

export const getAdminGiftsQueryOptions = () =>
  getQueryOptions<AdminGift[]>(['admin-gifts'], '/api/admin/gifts');
export const useAdminGifts = () => useQuery(getAdminGiftsQueryOptions());

export const getGiftTotalsQueryOptions = () =>
  getQueryOptions<GiftTotals>(['admin-gifts', 'totals'], '/api/admin/gifts/totals');
export const useGiftTotals = () => useQuery(getGiftTotalsQueryOptions());

/** Records money received for a gift; the list and the totals follow. */
export function useRecordGiftPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, method }: { id: string; method: 'cash' | 'bank' | 'mobile-money' }) =>
      apiSend<{ reference: string; receiptNumber: number }>(`/api/admin/gifts/${id}/paid`, 'POST', {
        method,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-gifts'] }),
  });
}
