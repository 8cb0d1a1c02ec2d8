import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEvent } from '../../../../shared/events/event.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getEvent = () => apiFetch<PublicEvent>('/api/event');

export const getEventQueryOptions = () => queryOptions({ queryKey: queryKeys.event, queryFn: getEvent });

/** The fun run as the public pages show it. */
export const useEvent = () => useQuery(getEventQueryOptions());
