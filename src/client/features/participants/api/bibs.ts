import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignBibs,
  AssignBibsResult,
  BibInput,
  RaceBibs,
} from '../../../../shared/participants/bibs.ts';
import type { ParticipantDetail } from '../../../../shared/participants/participants.ts';
import { apiFetch } from '../../../lib/api.ts';
import { getParticipantsQueryOptions } from './list-participants.ts';
import { useChange } from './participant.ts';

export const getRaceBibsQueryOptions = () =>
  queryOptions({
    queryKey: ['participants', 'race-bibs'],
    queryFn: ({ signal }) => apiFetch<RaceBibs[]>('/api/races/bibs', { signal }),
  });

/** Each race's bib range and what assigning its bibs would do. */
export const useRaceBibs = () => useQuery(getRaceBibsQueryOptions());

/** Bibs for a race's entries without one; the lists, the entries and the counts are fetched again. */
export function useAssignBibs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ raceId, body }: { raceId: string; body: AssignBibs }) =>
      apiFetch<AssignBibsResult>(`/api/races/${encodeURIComponent(raceId)}/bibs`, {
        method: 'POST',
        body: JSON.stringify(body),
      }),
    // Also after a refusal: the counts may have changed under another admin's hands.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: getParticipantsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getRaceBibsQueryOptions().queryKey });
      // Open entries show their bib.
      void queryClient.invalidateQueries({ queryKey: ['participants', 'entry'] });
    },
  });
}

/** One entry's bib set or cleared; the races' counts are fetched again. */
export const useSetBib = () =>
  useChange(
    (id, body: BibInput) =>
      apiFetch<ParticipantDetail>(`/api/participants/${encodeURIComponent(id)}/bib`, {
        method: 'PUT',
        body: JSON.stringify(body),
      }),
    [getRaceBibsQueryOptions().queryKey],
  );
