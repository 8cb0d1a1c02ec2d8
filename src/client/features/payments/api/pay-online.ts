import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PaymentAttempt,
  PaymentOffer,
  StartPayment,
} from '../../../../shared/payments/online-payment.ts';
import { apiFetch, apiSend, getQueryOptions } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * Who pays: the holder of an entry's private link (/My, its token), someone sent a pay link (/PayFor, its
 * token), a company's manager signed in on the team page (the team's total; no token), or a giver on /Give
 * (the gift's pay token).
 */
export type PaidVia = 'my' | 'pay-link' | 'team' | 'gift';

const path = (token: string, via: PaidVia) =>
  via === 'team'
    ? '/api/team/pay'
    : `/api/${via === 'pay-link' ? 'pay-for' : via === 'gift' ? 'give/pay' : 'pay'}/${encodeURIComponent(token)}`;

/** The QR code our server draws of an InnBucks or O'mari attempt's code. */
export const codeQrUrl = (token: string, via: PaidVia, id: string) =>
  `${path(token, via)}/attempts/${encodeURIComponent(id)}/code-qr.svg`;

const offerKey = (token: string, via: PaidVia) =>
  via === 'pay-link'
    ? queryKeys.payLink(token)
    : via === 'team'
      ? ['team-pay']
      : via === 'gift'
        ? ['gift-pay', token]
        : ['pay-online', token];

export const getPaymentOfferQueryOptions = (token: string, via: PaidVia = 'my') =>
  getQueryOptions<PaymentOffer>(offerKey(token, via), path(token, via), { retry: false });

/** How the entry may be paid online (nothing shows when `enabled` is false). */
export const usePaymentOffer = (token: string, via: PaidVia = 'my') =>
  useQuery(getPaymentOfferQueryOptions(token, via));

/** An attempt, asked about every 3 s while it is pending; when it settles the entry is read again. */
export function usePaymentAttempt(
  token: string,
  id: string | undefined,
  via: PaidVia = 'my',
  /** Another page's query a settled payment changes (the team page's list). */
  refreshes?: QueryKey,
) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['pay-online', via, token, id],
    enabled: id !== undefined,
    queryFn: async ({ signal }) => {
      const attempt = await apiFetch<PaymentAttempt>(`${path(token, via)}/attempts/${id}`, { signal });
      if (attempt.state !== 'pending') {
        if (via === 'my') void queryClient.invalidateQueries({ queryKey: queryKeys.myEntry(token) });
        if (refreshes) void queryClient.invalidateQueries({ queryKey: refreshes });
        void queryClient.invalidateQueries({
          queryKey: getPaymentOfferQueryOptions(token, via).queryKey,
          exact: true,
        });
      }
      return attempt;
    },
    refetchInterval: (query) => (query.state.data?.state === 'pending' || !query.state.data ? 3000 : false),
  });
}

export const useStartPayment = (token: string, via: PaidVia = 'my') =>
  useMutation({
    mutationFn: (body: StartPayment) => apiSend<PaymentAttempt>(path(token, via), 'POST', body),
  });
