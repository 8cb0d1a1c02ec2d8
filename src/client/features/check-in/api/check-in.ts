import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CashPayment, CheckInCounts, CheckInEntry } from '../../../../shared/check-in/check-in.ts';
import { apiFetch } from '../../../lib/api.ts';
import { searchEntries } from '../lookup.ts';
import { TAP_TIMEOUT_MS } from './send-tap.ts';

export const checkInQueryKey = ['check-in'] as const;

/** Answered from the phone's roster when the server is silent (lookup.ts): asked even when the phone is offline. */
export const searchEntriesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...checkInQueryKey, 'entries', q],
    queryFn: ({ signal }) => searchEntries(q, signal),
    enabled: q.length > 0,
    networkMode: 'always',
  });

export const useSearchEntries = (q: string) => useQuery(searchEntriesQueryOptions(q));

export { entryByCode } from '../lookup.ts';

/** The counts are live: asked again every 15 seconds while the page is open. */
export const checkInCountsQueryOptions = () =>
  queryOptions({
    queryKey: [...checkInQueryKey, 'counts'],
    queryFn: ({ signal }) => apiFetch<CheckInCounts>('/api/check-in/counts', { signal }),
    refetchInterval: 15_000,
    refetchOnWindowFocus: true,
  });

export const useCheckInCounts = () => useQuery(checkInCountsQueryOptions());

export const takeCashPayment = (payment: CashPayment) =>
  apiFetch<CheckInEntry>('/api/check-in/cash-payments', {
    method: 'POST',
    body: JSON.stringify(payment),
    signal: AbortSignal.timeout(TAP_TIMEOUT_MS),
  });
