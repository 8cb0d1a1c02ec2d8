import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CauseSettings, CauseSettingsInput } from '../../../../shared/gifts/gifts.ts';
import { apiFetch, apiSend, getQueryOptions } from '../../../lib/api.ts';

export const getCauseQueryOptions = () => getQueryOptions<CauseSettings>(['admin-cause'], '/api/admin/cause');

export const useCause = () => useQuery(getCauseQueryOptions());

export function useSaveCause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CauseSettingsInput) => apiSend<CauseSettings>('/api/admin/cause', 'PUT', input),
    onSuccess: (saved) => queryClient.setQueryData(getCauseQueryOptions().queryKey, saved),
  });
}

/** Uploads the cause's photo (the server resizes it), or takes it away with null. */
export function useCausePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return apiFetch<CauseSettings>('/api/admin/cause/image', { method: 'DELETE' });
      const body = new FormData();
      body.append('file', file);
      return apiFetch<CauseSettings>('/api/admin/cause/image', { method: 'POST', body });
    },
    onSuccess: (saved) => queryClient.setQueryData(getCauseQueryOptions().queryKey, saved),
  });
}
