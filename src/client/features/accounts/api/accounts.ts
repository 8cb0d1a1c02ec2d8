import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountList, AccountSummary, AccountUpdate } from '../../../../shared/accounts/account.ts';
import { apiFetch } from '../../../lib/api.ts';

export const useAccounts = (q: string, page: number) =>
  useQuery({
    queryKey: ['accounts', q, page],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (q) params.set('q', q);
      return apiFetch<AccountList>(`/api/accounts?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

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
      queryClient.setQueriesData<AccountList>({ queryKey: ['accounts'] }, (list) =>
        list ? { ...list, accounts: list.accounts.map((a) => (a.id === updated.id ? updated : a)) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: ['accounts'] });
    },
  });
}
