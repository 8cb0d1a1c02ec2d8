import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEvent } from '../../../../shared/events/event.ts';
import { apiFetch } from '../../../lib/api.ts';

export const eventQuery = queryOptions({
  queryKey: ['event'],
  queryFn: () => apiFetch<PublicEvent>('/api/event'),
});

export const useEvent = () => useQuery(eventQuery);
