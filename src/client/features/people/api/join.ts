import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Joined, PersonKind } from '../../../../shared/people/people.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getPeopleQueryOptions } from './list-people.ts';

/** Where a public programme form sends its (already validated) values. */
export type JoinTarget = PersonKind | 'quick';

const PATHS: Record<JoinTarget, string> = {
  men: '/api/men',
  facilitators: '/api/facilitators',
  quick: '/api/men/quick',
};

/** The form's checked values; every form has names and an email address. */
export type JoinData = { firstName: string; lastName: string; email: string } & object;

export const postJoin = (target: JoinTarget, data: JoinData) =>
  apiFetch<Joined>(PATHS[target], { method: 'POST', body: JSON.stringify(data) });

export function useJoin(target: JoinTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: JoinData) => postJoin(target, data),
    // An admin using the form sees the new record in the registers and the totals at once.
    onSuccess: () =>
      Promise.all(
        [getPeopleQueryOptions().queryKey, queryKeys.dashboard].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
