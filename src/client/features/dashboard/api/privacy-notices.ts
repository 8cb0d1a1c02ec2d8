import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivacyNotices } from '../../../../shared/privacy/retention.ts';
import { apiFetch } from '../../../lib/api.ts';
import { dashboardQueryKey } from './dashboard.ts';

export const getPrivacyNoticesQueryOptions = () =>
  queryOptions({
    queryKey: [...dashboardQueryKey, 'privacy'],
    queryFn: ({ signal }) => apiFetch<PrivacyNotices>('/api/dashboard/privacy', { signal }),
    refetchOnWindowFocus: true,
  });

export const usePrivacyNotices = () => useQuery(getPrivacyNoticesQueryOptions());
