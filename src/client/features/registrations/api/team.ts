import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParticipantEditData } from '../../../../shared/participants/participants.ts';
import type { RegistrationData, RegistrationReceipt } from '../../../../shared/registrations/registration.ts';
import type { Team, TeamEntryDetail } from '../../../../shared/registrations/team.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getTeamQueryOptions = () =>
  queryOptions({
    queryKey: ['team-registrations'],
    queryFn: ({ signal }) => apiFetch<Team>('/api/team/registrations', { signal }),
  });

export const useTeam = () => useQuery(getTeamQueryOptions());

/** One entry whole, for its edit form (the list leaves contacts out); read again after every team change. */
export const useTeamEntry = (id: string | undefined) =>
  useQuery({
    queryKey: [...getTeamQueryOptions().queryKey, id],
    queryFn: ({ signal }) =>
      apiFetch<TeamEntryDetail>(`/api/team/registrations/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== undefined,
  });

/** Registers one of the company's staff; the entry belongs to the signed-in company. */
export const postTeamRegistration = (data: RegistrationData, idempotencyKey: string) =>
  apiFetch<RegistrationReceipt>('/api/team/registrations', {
    method: 'POST',
    body: JSON.stringify(data),
    headers: { 'idempotency-key': idempotencyKey },
  });

/** After a team entry changes, the list, the total due and the race places are read again. */
function useTeamChange<Body>(send: (id: string, body: Body) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Body }) => send(id, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getTeamQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.event }),
      ]),
  });
}

/** Corrects one of the team's unpaid entries (until registration closes). */
export const useEditTeamEntry = () =>
  useTeamChange((id, body: ParticipantEditData) =>
    apiFetch<void>(`/api/team/registrations/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: JSON.stringify(body),
    }),
  );

/** Cancels one of the team's unpaid entries (until registration closes): its place is freed. */
export const useCancelTeamEntry = () =>
  useTeamChange((id, _body: null) =>
    apiFetch<void>(`/api/team/registrations/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
  );
