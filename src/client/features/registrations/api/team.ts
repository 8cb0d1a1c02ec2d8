import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationData, RegistrationReceipt } from '../../../../shared/registrations/registration.ts';
import type { Team } from '../../../../shared/registrations/team.ts';
import { apiFetch } from '../../../lib/api.ts';

export const getTeamQueryOptions = () =>
  queryOptions({
    queryKey: ['team-registrations'],
    queryFn: ({ signal }) => apiFetch<Team>('/api/team/registrations', { signal }),
  });

export const useTeam = () => useQuery(getTeamQueryOptions());

/** Registers one of the company's staff; the entry belongs to the signed-in company. */
export const postTeamRegistration = (data: RegistrationData, idempotencyKey: string) =>
  apiFetch<RegistrationReceipt>('/api/team/registrations', {
    method: 'POST',
    body: JSON.stringify(data),
    headers: { 'idempotency-key': idempotencyKey },
  });
