import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxList } from '../../../../shared/accounts/account.ts';
import { apiFetch } from '../../../lib/api.ts';

export const getOutboxQueryOptions = () =>
  queryOptions({
    queryKey: ['mail-outbox'],
    queryFn: ({ signal }) => apiFetch<OutboxList>('/api/mail-outbox', { signal }),
  });

export const useOutbox = () => useQuery(getOutboxQueryOptions());
