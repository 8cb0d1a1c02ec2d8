import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonKind } from '../../../../shared/people/people.ts';
import { apiFetch } from '../../../lib/api.ts';

export interface Joined {
  message: string;
}

/** Where a public programme form sends its (already validated) values. */
export type JoinTarget = PersonKind | 'quick';

const PATHS: Record<JoinTarget, string> = {
  men: '/api/men',
  facilitators: '/api/facilitators',
  quick: '/api/men/quick',
};

export const postJoin = (target: JoinTarget, data: object) =>
  apiFetch<Joined>(PATHS[target], { method: 'POST', body: JSON.stringify(data) });

export function useJoin(target: JoinTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: object) => postJoin(target, data),
    // An admin using the form sees the new record in the registers and the totals at once.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) => ['people', 'dashboard'].includes(String(queryKey[0])),
      }),
  });
}
