import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CellGroup } from '../../../../shared/progress/progress.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * His cell groups (all of them for an admin) with each member's attendance at `sessionId` (null: none);
 * with no argument, the key of them all.
 */
export const getGroupsQueryOptions = (sessionId?: string | null) =>
  queryOptions({
    queryKey: queryKeys.cellGroups(sessionId),
    queryFn: ({ signal }) =>
      apiFetch<CellGroup[]>(
        sessionId ? `/api/groups?session=${encodeURIComponent(sessionId)}` : '/api/groups',
        { signal },
      ),
  });

/** His cell groups (all of them for an admin) with each member's progress and attendance at `sessionId`. */
export const useGroups = (sessionId?: string) => useQuery(getGroupsQueryOptions(sessionId ?? null));
