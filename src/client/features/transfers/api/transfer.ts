import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MyTransfer,
  TransferAcceptData,
  TransferOffer,
  TransferSendData,
  TransferTaken,
} from '../../../../shared/registrations/transfer.ts';
import { apiFetch, apiSend, getQueryOptions } from '../../../lib/api.ts';

const mine = (token: string) => `/api/my/${encodeURIComponent(token)}/transfer`;
const offerPath = (token: string) => `/api/transfers/${encodeURIComponent(token)}`;

export const getMyTransferQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['my-transfer', token] as const,
    queryFn: ({ signal }) => apiFetch<MyTransfer>(mine(token), { signal }),
    retry: false,
  });

export const useMyTransfer = (token: string) => useQuery(getMyTransferQueryOptions(token));

/** Sending or withdrawing the link: the giver's page shows the server's answer. */
function useTransferChange<Body>(token: string, send: (body: Body) => Promise<MyTransfer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (transfer) => queryClient.setQueryData(getMyTransferQueryOptions(token).queryKey, transfer),
  });
}

export const useSendTransfer = (token: string) =>
  useTransferChange(token, (body: TransferSendData) => apiSend<MyTransfer>(mine(token), 'POST', body));

export const useWithdrawTransfer = (token: string) =>
  useTransferChange(token, (_: null) => apiFetch<MyTransfer>(mine(token), { method: 'DELETE' }));

export const getTransferOfferQueryOptions = (token: string) =>
  // A wrong link stays wrong: asking again only costs data.
  getQueryOptions<TransferOffer>(['transfer-offer', token], offerPath(token), { retry: false });

export const useTransferOffer = (token: string) => useQuery(getTransferOfferQueryOptions(token));

export const useTakeTransfer = (token: string) =>
  useMutation({
    mutationFn: (body: TransferAcceptData) => apiSend<TransferTaken>(offerPath(token), 'POST', body),
  });
