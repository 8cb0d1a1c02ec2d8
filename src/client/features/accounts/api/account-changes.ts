import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountChanges } from '../../../../shared/accounts/account.ts';
import { apiFetch } from '../../../lib/api.ts';

/** Every recorded change of one account; without an id, the key of all of them. */
export const getAccountChangesQueryOptions = (id?: string) =>
  queryOptions({
    queryKey: id ? ['account-changes', id] : ['account-changes'],
    queryFn: ({ signal }) =>
      apiFetch<AccountChanges>(`/api/accounts/${encodeURIComponent(id ?? '')}/changes`, { signal }),
  });

export const useAccountChanges = (id: string, enabled: boolean) =>
  useQuery({ ...getAccountChangesQueryOptions(id), enabled });
