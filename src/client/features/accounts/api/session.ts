import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '../../../../shared/accounts/account.ts';
import { apiFetch } from '../../../lib/api.ts';

export const getSessionQueryOptions = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: ({ signal }) => apiFetch<Session>('/api/account/session', { signal }),
    staleTime: 60_000,
    // Asked even when the phone says it is offline: a phone prepared for race morning has a kept answer
    // (the service worker's), and any other gets its error at once instead of waiting.
    networkMode: 'offlineFirst',
  });

/** The signed-in account (`data.user`), or `data.user === null` for a visitor. */
export const useSession = () => useQuery(getSessionQueryOptions());
