import { useMutation, useQuery } from '@tanstack/react-query';
import type { NewPayLink, PayLink, PayLinkMade } from '../../../../shared/payments/pay-link.ts';
import { apiSend, getQueryOptions } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What a pay link shows (payments' online section reads the same query as its offer). */
export const getPayLinkQueryOptions = (token: string) =>
  // A wrong link stays wrong: asking again only costs data.
  getQueryOptions<PayLink>(queryKeys.payLink(token), `/api/pay-for/${encodeURIComponent(token)}`, {
    retry: false,
  });

export const usePayLink = (token: string) => useQuery(getPayLinkQueryOptions(token));

/** "Send a pay link": a new link made by the holder of the entry's private link. */
export const useMakePayLink = (myToken: string) =>
  useMutation({
    mutationFn: (body: NewPayLink) =>
      apiSend<PayLinkMade>(`/api/my/${encodeURIComponent(myToken)}/pay-links`, 'POST', body),
  });
