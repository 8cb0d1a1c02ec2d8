import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { Session, SignInSchema } from '../../../../shared/accounts/account.ts';
import { apiSend } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { rememberSignedIn } from '../signed-in-hint.ts';
import { getSessionQueryOptions } from './session.ts';

export type SignInValues = z.output<typeof SignInSchema>;

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SignInValues) => apiSend<Session>('/api/account/sign-in', 'POST', values),
    onSuccess: (session) => {
      // Whatever another account may have left in the cache is not this account's.
      const [event] = queryKeys.event;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== event });
      queryClient.setQueryData(getSessionQueryOptions().queryKey, session);
      rememberSignedIn(Boolean(session.user));
    },
  });
}
