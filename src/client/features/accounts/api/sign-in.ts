import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { Session, SignInSchema } from '../../../../shared/accounts/account.ts';
import { apiSend } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { rememberSignedIn } from '../signed-in-hint.ts';
import { getSessionQueryOptions } from './session.ts';

export type SignInValues = z.output<typeof SignInSchema>;

/** The page's cache once the server has signed this account in (by the form, or an invitation's password). */
export function startSession(queryClient: QueryClient, session: Session) {
  // Whatever another account may have left in the cache is not this account's.
  const [event] = queryKeys.event;
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== event });
  queryClient.setQueryData(getSessionQueryOptions().queryKey, session);
  rememberSignedIn(Boolean(session.user));
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SignInValues) => apiSend<Session>('/api/account/sign-in', 'POST', values),
    onSuccess: (session) => startSession(queryClient, session),
  });
}

/** Chooses an invited account's password with the token of its link; the server signs it in. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { token: string; password: string }) =>
      apiSend<Session>('/api/account/accept-invitation', 'POST', values),
    onSuccess: (session) => startSession(queryClient, session),
  });
}
