import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkPaid, MarkPaidResult } from '../../../../shared/participants/participants.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getParticipantsQueryOptions, updateListRows } from './list-participants.ts';
import { getParticipantQueryOptions } from './participant.ts';

/** Several entries paid by one method; the rows marked show it at once, then the lists are fetched again. */
export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkPaid) =>
      apiFetch<MarkPaidResult>('/api/participants/mark-paid', { method: 'POST', body: JSON.stringify(body) }),
    onSuccess: ({ marked }) => {
      const paid = new Map(marked.map((entry) => [entry.id, entry]));
      updateListRows(queryClient, (row) => {
        const entry = paid.get(row.id);
        return entry
          ? { ...row, paymentStatus: 'paid', payment: { amount: entry.amount, currency: entry.currency } }
          : row;
      });
      void queryClient.invalidateQueries({ queryKey: getParticipantsQueryOptions().queryKey });
      for (const { id } of marked) {
        void queryClient.invalidateQueries({ queryKey: getParticipantQueryOptions(id).queryKey });
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
