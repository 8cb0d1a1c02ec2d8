import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FunRunDashboard } from '../../../../shared/dashboard/dashboard.ts';
import type { ProgrammeTotals } from '../../../../shared/people/people.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Live figures: fetched again every minute while the dashboard is open, and on coming back to it. */
const LIVE = { refetchInterval: 60_000, refetchOnWindowFocus: true, staleTime: 10_000 } as const;

export const getFunRunDashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.dashboard, 'fun-run'],
    queryFn: ({ signal }) => apiFetch<FunRunDashboard>('/api/dashboard/fun-run', { signal }),
    ...LIVE,
  });

export const getProgrammeTotalsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.dashboard, 'programme'],
    queryFn: ({ signal }) => apiFetch<ProgrammeTotals>('/api/dashboard/programme', { signal }),
    ...LIVE,
  });

export const useFunRunDashboard = () => useQuery(getFunRunDashboardQueryOptions());

export const useProgrammeTotals = () => useQuery(getProgrammeTotalsQueryOptions());
