import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ParticipantDetail,
  ParticipantEditData,
  PaymentUpdateData,
} from '../../../../shared/participants/participants.ts';
import { apiFetch, apiSend, getQueryOptions } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getParticipantsQueryOptions, updateListRows } from './list-participants.ts';

const entryPath = (id: string) => `/api/participants/${encodeURIComponent(id)}`;

export const getParticipantQueryOptions = (id: string) =>
  getQueryOptions<ParticipantDetail>(['participants', 'entry', id], entryPath(id));

/** One entry with its payment and history. */
export const useParticipant = (id: string | undefined) =>
  useQuery({ ...getParticipantQueryOptions(id ?? ''), enabled: id !== undefined });

/**
 * Every change answers with the whole entry: show it at once, in the entry and in the lists' rows, then
 * refresh the lists and the dashboard.
 */
export function useChange<T>(
  request: (id: string, body: T) => Promise<ParticipantDetail>,
  alsoRefresh: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: T }) => request(id, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(getParticipantQueryOptions(detail.id).queryKey, detail);
      const { paymentStatus, payment, bib } = detail;
      updateListRows(queryClient, (row) =>
        row.id === detail.id ? { ...row, paymentStatus, payment, bib } : row,
      );
      void queryClient.invalidateQueries({ queryKey: getParticipantsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
      for (const queryKey of alsoRefresh) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const useRecordPayment = () =>
  useChange((id, body: PaymentUpdateData) =>
    apiSend<ParticipantDetail>(`${entryPath(id)}/payment`, 'PUT', body),
  );

export const useEditParticipant = () =>
  useChange((id, body: ParticipantEditData) => apiSend<ParticipantDetail>(entryPath(id), 'PUT', body));

export const useCancelParticipant = () =>
  useChange((id, _body: null) => apiFetch<ParticipantDetail>(`${entryPath(id)}/cancel`, { method: 'POST' }));
