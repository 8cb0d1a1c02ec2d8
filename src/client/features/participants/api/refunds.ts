import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EntryRefunds,
  MoneyBack,
  OpenCredits,
  RecordRefundData,
} from '../../../../shared/payments/refunds.ts';
import { apiFetch, apiSend, getQueryOptions } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getParticipantsQueryOptions } from './list-participants.ts';
import { getParticipantQueryOptions } from './participant.ts';

const refundsPath = (id: string) => `/api/participants/${encodeURIComponent(id)}/refunds`;

export const getEntryRefundsQueryOptions = (id: string) =>
  getQueryOptions<EntryRefunds>(['participants', 'entry', id, 'refunds'], refundsPath(id));

/** An entry's refunds and credits, and the same person's credits it may use. */
export const useEntryRefunds = (id: string) => useQuery(getEntryRefundsQueryOptions(id));

export const creditNoteUrl = (id: string, number: number) =>
  `/api/participants/${encodeURIComponent(id)}/credit-notes/${number}.pdf`;

/** A refund or credit recorded, or a credit used: the entry's history, the lists and the dashboard change too. */
function useRefundChange<T>(request: (id: string, body: T) => Promise<EntryRefunds>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: T }) => request(id, body),
    onSuccess: (refunds, { id }) => {
      queryClient.setQueryData(getEntryRefundsQueryOptions(id).queryKey, refunds);
      void queryClient.invalidateQueries({ queryKey: getParticipantQueryOptions(id).queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: getParticipantsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: getMoneyBackQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getOpenCreditsQueryOptions().queryKey });
    },
  });
}

export const useRecordRefund = () =>
  useRefundChange((id, body: RecordRefundData) => apiSend<EntryRefunds>(refundsPath(id), 'POST', body));

export const useApplyCredit = () =>
  useRefundChange((id, creditId: number) =>
    apiFetch<EntryRefunds>(`/api/participants/${encodeURIComponent(id)}/credits/${creditId}/use`, {
      method: 'POST',
    }),
  );

export const getMoneyBackQueryOptions = () =>
  getQueryOptions<MoneyBack>(['participants', 'money-to-give-back'], '/api/money-to-give-back');

/** Entries with money to give back or credit (cancelled after paying, or paid too much). */
export const useMoneyBack = () => useQuery(getMoneyBackQueryOptions());

export const getOpenCreditsQueryOptions = () =>
  getQueryOptions<OpenCredits>(['participants', 'credits'], '/api/credits');

/** Credits kept for people, not yet used nor expired. */
export const useOpenCredits = () => useQuery(getOpenCreditsQueryOptions());
