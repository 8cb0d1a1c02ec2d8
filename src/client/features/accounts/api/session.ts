import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '../../../../shared/accounts/account.ts';
import { apiFetch } from '../../../lib/api.ts';

export const getSessionQueryOptions = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: ({ signal }) => apiFetch<Session>('/api/account/session', { signal }),
    staleTime: 60_000,
  });

/** The signed-in account (`data.user`), or `data.user === null` for a visitor. */
export const useSession = () => useQuery(getSessionQueryOptions());
