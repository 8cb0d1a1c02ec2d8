import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountList,
  AccountSummary,
  AccountUpdate,
  Invitation,
} from '../../../../shared/accounts/account.ts';
import { apiFetch, apiSend } from '../../../lib/api.ts';
import { getAccountChangesQueryOptions } from './account-changes.ts';

interface AccountsQuery {
  q: string;
  page: number;
}

function getAccounts({ q, page }: AccountsQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page) });
  if (q) params.set('q', q);
  return apiFetch<AccountList>(`/api/accounts?${params}`, { signal });
}

/** One page of a search; without a query, the key of every page of every search. */
export const getAccountsQueryOptions = (query?: AccountsQuery) =>
  queryOptions({
    queryKey: query ? ['accounts', query] : ['accounts'],
    queryFn: ({ signal }) => getAccounts(query ?? { q: '', page: 1 }, signal),
  });

export const useAccounts = (q: string, page: number) =>
  useQuery({ ...getAccountsQueryOptions({ q, page }), placeholderData: keepPreviousData });

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AccountUpdate }) =>
      apiFetch<AccountSummary>(`/api/accounts/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: JSON.stringify(change),
      }),
    onSuccess: (updated) => {
      // Show the change at once on every cached page, then check with the server.
      const { queryKey } = getAccountsQueryOptions();
      queryClient.setQueriesData<AccountList>({ queryKey }, (list) =>
        list ? { ...list, accounts: list.accounts.map((a) => (a.id === updated.id ? updated : a)) } : list,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: getAccountChangesQueryOptions(updated.id).queryKey }),
      ]);
    },
  });
}

/** Invites a volunteer or an admin; the list then shows the new account first. */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: Invitation) =>
      apiSend<AccountSummary>('/api/accounts/invitations', 'POST', invitation),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAccountsQueryOptions().queryKey }),
  });
}

/** Sends an invited account its invitation again, with a new link. */
export function useInviteAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<AccountSummary>(`/api/accounts/${encodeURIComponent(id)}/invitation`, { method: 'POST' }),
    onSuccess: (updated) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getAccountsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAccountChangesQueryOptions(updated.id).queryKey }),
      ]),
  });
}
