import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../../lib/api.ts';
import { forgetRosterAtLogout, forgetSentWalkUpsAtLogout } from '../../check-in/index.ts';
import { rememberSignedIn } from '../signed-in-hint.ts';

/** Ends the session on the server, then forgets everything this account loaded and goes home. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/account/sign-out', { method: 'POST' }),
    onSuccess: () => {
      rememberSignedIn(false);
      void forgetRosterAtLogout();
      void forgetSentWalkUpsAtLogout();
      navigate('/', { replace: true });
      queryClient.clear();
    },
  });
}
