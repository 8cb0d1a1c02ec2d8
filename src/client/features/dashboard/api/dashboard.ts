import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FunRunDashboard } from '../../../../shared/dashboard/dashboard.ts';
import type { ProgrammeTotals } from '../../../../shared/people/people.ts';
import { apiFetch } from '../../../lib/api.ts';

/** Live figures: fetched again every minute while the dashboard is open, and on coming back to it. */
const LIVE = { refetchInterval: 60_000, refetchOnWindowFocus: true, staleTime: 10_000 } as const;

/** The key of both sets of figures: a change to entries, people or the event makes them out of date. */
export const dashboardQueryKey = ['dashboard'] as const;

export const getFunRunDashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...dashboardQueryKey, 'fun-run'],
    queryFn: ({ signal }) => apiFetch<FunRunDashboard>('/api/dashboard/fun-run', { signal }),
    ...LIVE,
  });

export const getProgrammeTotalsQueryOptions = () =>
  queryOptions({
    queryKey: [...dashboardQueryKey, 'programme'],
    queryFn: ({ signal }) => apiFetch<ProgrammeTotals>('/api/dashboard/programme', { signal }),
    ...LIVE,
  });

export const useFunRunDashboard = () => useQuery(getFunRunDashboardQueryOptions());

export const useProgrammeTotals = () => useQuery(getProgrammeTotalsQueryOptions());
