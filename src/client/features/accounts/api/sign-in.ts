import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '../../../../shared/accounts/account.ts';
import { apiFetch } from '../../../lib/api.ts';
import { sessionQuery } from './session.ts';

export interface SignInValues {
  email: string;
  password: string;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SignInValues) =>
      apiFetch<Session>('/api/account/sign-in', { method: 'POST', body: JSON.stringify(values) }),
    onSuccess: (session) => {
      // Whatever another account may have left in the cache is not this account's.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'event' });
      queryClient.setQueryData(sessionQuery.queryKey, session);
    },
  });
}
