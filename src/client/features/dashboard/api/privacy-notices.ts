import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivacyNotices } from '../../../../shared/privacy/retention.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getPrivacyNoticesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.dashboard, 'privacy'],
    queryFn: ({ signal }) => apiFetch<PrivacyNotices>('/api/dashboard/privacy', { signal }),
    refetchOnWindowFocus: true,
  });

export const usePrivacyNotices = () => useQuery(getPrivacyNoticesQueryOptions());
