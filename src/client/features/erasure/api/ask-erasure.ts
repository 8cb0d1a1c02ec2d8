import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErasureAsk, MyErasureRequest } from '../../../../shared/privacy/erasure.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `path`: the entrant's (/api/my/<token>/erasure-request) or the participant's (/api/me/erasure-request). */
export const getMyErasureRequestQueryOptions = (path: string) =>
  queryOptions({
    queryKey: ['my-erasure-request', path],
    queryFn: ({ signal }) => apiFetch<MyErasureRequest>(path, { signal }),
    retry: false,
  });

export const useMyErasureRequest = (path: string) => useQuery(getMyErasureRequestQueryOptions(path));

export function useAskErasure(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ErasureAsk) =>
      apiFetch<MyErasureRequest>(path, { method: 'POST', body: JSON.stringify(body) }),
    onSuccess: (answer) => queryClient.setQueryData(getMyErasureRequestQueryOptions(path).queryKey, answer),
  });
}
