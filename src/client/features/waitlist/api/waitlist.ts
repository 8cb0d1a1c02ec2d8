import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Waitlist } from '../../../../shared/waitlist/waitlist.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getWaitlistQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-waitlist'],
    queryFn: ({ signal }) => apiFetch<Waitlist>('/api/admin/waitlist', { signal }),
  });

export const useWaitlist = () => useQuery(getWaitlistQueryOptions());

/** Offering a place or removing someone: the answer is the new list; the dashboard's count moves. */
export function useChangeWaitlist(action: 'offer' | 'remove') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<Waitlist>(`/api/admin/waitlist/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
    onSuccess: (waitlist) => {
      queryClient.setQueryData(getWaitlistQueryOptions().queryKey, waitlist);
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
