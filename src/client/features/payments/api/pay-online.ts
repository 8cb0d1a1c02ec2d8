import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PaymentAttempt,
  PaymentOffer,
  StartPayment,
} from '../../../../shared/payments/online-payment.ts';
import { apiFetch, apiSend, getQueryOptions } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const path = (token: string) => `/api/pay/${encodeURIComponent(token)}`;

export const getPaymentOfferQueryOptions = (token: string) =>
  getQueryOptions<PaymentOffer>(['pay-online', token], path(token), { retry: false });

/** How the entry may be paid online (nothing shows when `enabled` is false). */
export const usePaymentOffer = (token: string) => useQuery(getPaymentOfferQueryOptions(token));

/** An attempt, asked about every 3 s while it is pending; when it settles the entry is read again. */
export function usePaymentAttempt(token: string, id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['pay-online', token, id],
    enabled: id !== undefined,
    queryFn: async ({ signal }) => {
      const attempt = await apiFetch<PaymentAttempt>(`${path(token)}/attempts/${id}`, { signal });
      if (attempt.state !== 'pending') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.myEntry(token) });
        void queryClient.invalidateQueries({
          queryKey: getPaymentOfferQueryOptions(token).queryKey,
          exact: true,
        });
      }
      return attempt;
    },
    refetchInterval: (query) => (query.state.data?.state === 'pending' || !query.state.data ? 3000 : false),
  });
}

export const useStartPayment = (token: string) =>
  useMutation({
    mutationFn: (body: StartPayment) => apiSend<PaymentAttempt>(path(token), 'POST', body),
  });
