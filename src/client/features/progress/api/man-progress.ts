import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { ManProgress, TickInputSchema } from '../../../../shared/progress/progress.ts';
import { apiSend, getQueryOptions } from '../../../lib/api.ts';
import { putBack, showAtOnce } from '../../../lib/optimistic.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getGroupsQueryOptions } from './groups.ts';

/**
 * One man's record and progress, for his facilitator or an admin (GET /api/men/:id/progress); with no
 * man, the key of every man's.
 */
export const getManProgressQueryOptions = (manId?: string) =>
  getQueryOptions<ManProgress>(
    queryKeys.manProgress(manId),
    `/api/men/${encodeURIComponent(manId ?? '')}/progress`,
  );

export const useManProgress = (manId: string | undefined) =>
  useQuery({ ...getManProgressQueryOptions(manId ?? ''), enabled: Boolean(manId) });

export type Tick = z.output<typeof TickInputSchema>;

/** Ticks or unticks a checklist item that a facilitator or an admin decides (PUT /api/checklist-ticks). */
export function useTickChecklistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tick: Tick) => apiSend<void>('/api/checklist-ticks', 'PUT', tick),
    onMutate: (tick) =>
      showAtOnce(queryClient, getManProgressQueryOptions(tick.manId).queryKey, (progress) =>
        progress
          ? {
              ...progress,
              checklist: progress.checklist.map((item) =>
                item.id === tick.itemId ? { ...item, done: tick.done } : item,
              ),
            }
          : progress,
      ),
    onError: (_error, _tick, shown) => putBack(queryClient, shown),
    onSettled: (_data, _error, tick) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getManProgressQueryOptions(tick.manId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getGroupsQueryOptions().queryKey }),
      ]),
  });
}

/** The authorised download of an uploaded document (a plain link: the browser sends the session cookie). */
export const submissionFileUrl = (submissionId: string) =>
  `/api/submissions/${encodeURIComponent(submissionId)}/file`;
