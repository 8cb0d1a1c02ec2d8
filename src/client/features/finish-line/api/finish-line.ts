import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FinishLineMerge, FinishRaces, InsertBib } from '../../../../shared/results/finish-line.ts';
import { apiFetch, apiSend, getQueryOptions } from '../../../lib/api.ts';

export const finishRacesQueryOptions = () =>
  getQueryOptions<FinishRaces>(['finish-line', 'races'], '/api/finish-line/races');
export const useFinishRaces = () => useQuery(finishRacesQueryOptions());

export const finishMergeQueryOptions = (raceId: string) =>
  getQueryOptions<FinishLineMerge>(['finish-line', 'merge', raceId], `/api/admin/finish-line/${raceId}`);
export const useFinishMerge = (raceId: string) =>
  useQuery({ ...finishMergeQueryOptions(raceId), enabled: raceId !== '' });

/** A change to the merge: the server answers the merge as it is now. */
function useMergeChange<T>(raceId: string, change: (input: T) => Promise<FinishLineMerge>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (merge) => queryClient.setQueryData(finishMergeQueryOptions(raceId).queryKey, merge),
  });
}

export const useInsertTap = (raceId: string) =>
  useMergeChange(raceId, (time: string) =>
    apiSend<FinishLineMerge>(`/api/admin/finish-line/${raceId}/taps`, 'POST', { time }),
  );
export const useInsertBib = (raceId: string) =>
  useMergeChange(raceId, (bib: InsertBib) =>
    apiSend<FinishLineMerge>(`/api/admin/finish-line/${raceId}/bibs`, 'POST', bib),
  );
export const useDeleteRow = (raceId: string) =>
  useMergeChange(raceId, ({ kind, id }: { kind: 'taps' | 'bibs'; id: string }) =>
    apiFetch<FinishLineMerge>(`/api/admin/finish-line/${raceId}/${kind}/${id}`, { method: 'DELETE' }),
  );

export const useSaveFinishLine = (raceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<{ saved: number }>(`/api/admin/finish-line/${raceId}/results`, 'POST', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'results'] }),
  });
};
