import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitlistOffer } from '../../../../shared/waitlist/waitlist.ts';
import { apiFetch, getQueryOptions } from '../../../lib/api.ts';

const path = (token: string) => `/api/offers/${encodeURIComponent(token)}`;

export const getOfferQueryOptions = (token: string) =>
  // A wrong link stays wrong: asking again only costs data.
  getQueryOptions<WaitlistOffer>(['waitlist-offer', token], path(token), { retry: false });

export const useOffer = (token: string) => useQuery(getOfferQueryOptions(token));

/** Accepting or declining: the offer is the server's answer. */
export function useAnswerOffer(token: string, answer: 'accept' | 'decline') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<WaitlistOffer>(`${path(token)}/${answer}`, { method: 'POST' }),
    onSuccess: (offer) => queryClient.setQueryData(getOfferQueryOptions(token).queryKey, offer),
  });
}
