import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Person, ProfileInput } from '../../../../shared/people/people.ts';
import { apiSend, getQueryOptions } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getProfileQueryOptions = () =>
  getQueryOptions<Person>(['programme', 'me', 'profile'], '/api/me/profile');

/** His own programme record (GET /api/me/profile). */
export const useProfile = () => useQuery(getProfileQueryOptions());

/** Saves his own details (PUT /api/me/profile); his email is his account's and is not sent. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileInput) => apiSend<Person>('/api/me/profile', 'PUT', profile),
    onSuccess: (saved) => {
      queryClient.setQueryData(getProfileQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.myProgress });
    },
  });
}
