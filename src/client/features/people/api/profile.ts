import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Person, ProfileInput } from '../../../../shared/people/people.ts';
import { apiFetch } from '../../../lib/api.ts';
import { myProgressQuery } from '../../progress/api/my-progress.ts';

export const profileQuery = queryOptions({
  queryKey: ['programme', 'me', 'profile'],
  queryFn: ({ signal }) => apiFetch<Person>('/api/me/profile', { signal }),
});

/** His own programme record (GET /api/me/profile). */
export const useProfile = () => useQuery(profileQuery);

/** Saves his own details (PUT /api/me/profile); his email is his account's and is not sent. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileInput) =>
      apiFetch<Person>('/api/me/profile', { method: 'PUT', body: JSON.stringify(profile) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQuery.queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: myProgressQuery.queryKey });
    },
  });
}
