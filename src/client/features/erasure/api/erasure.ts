import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EraseInput, ErasureCounts, ErasureRequest } from '../../../../shared/privacy/erasure.ts';
import { apiFetch, apiSend, getQueryOptions } from '../../../lib/api.ts';

export const getErasureRequestsQueryOptions = () =>
  getQueryOptions<ErasureRequest[]>(['erasure-requests'], '/api/admin/erasure-requests');

export const useErasureRequests = () => useQuery(getErasureRequestsQueryOptions());

/** After an erasure every list may show the person: they all load again. */
function useAfterErasure() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/** An admin's "Erase this person". */
export function useErase() {
  const after = useAfterErasure();
  return useMutation({
    mutationFn: (input: EraseInput) => apiSend<ErasureCounts>('/api/admin/erasures', 'POST', input),
    onSuccess: after,
  });
}

/** Erase (the request's person) or decline a request. */
export function useDecideRequest() {
  const after = useAfterErasure();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'erase' | 'decline' }) =>
      apiFetch<unknown>(`/api/admin/erasure-requests/${id}/${decision}`, { method: 'POST', body: '{}' }),
    onSuccess: after,
  });
}
