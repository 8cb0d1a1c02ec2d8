import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreditOffer } from '../../../../shared/payments/refunds.ts';
import { apiFetch, getQueryOptions } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const path = (token: string) => `/api/my/${encodeURIComponent(token)}/credits`;

export const getMyCreditsQueryOptions = (token: string) =>
  getQueryOptions<CreditOffer[]>(['my-credits', token], path(token), { retry: false });

/** Credits kept from the entrant's earlier entries that this one may use. */
export const useMyCredits = (token: string) => useQuery(getMyCreditsQueryOptions(token));

/** Uses a credit: the entry's page reads the entry again (its payment changed). */
export function useUseMyCredit(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (creditId: number) =>
      apiFetch<CreditOffer[]>(`${path(token)}/${creditId}/use`, { method: 'POST' }),
    onSuccess: (credits) => {
      queryClient.setQueryData(getMyCreditsQueryOptions(token).queryKey, credits);
      void queryClient.invalidateQueries({ queryKey: queryKeys.myEntry(token) });
      void queryClient.invalidateQueries({ queryKey: ['pay-online', token] });
    },
  });
}
