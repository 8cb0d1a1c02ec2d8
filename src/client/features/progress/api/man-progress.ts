import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManProgress } from '../../../../shared/progress/progress.ts';
import { apiFetch } from '../../../lib/api.ts';
import { groupsKey, manProgressKey } from './attendance.ts';

/** One man's record and progress, for his facilitator or an admin (GET /api/men/:id/progress). */
export const useManProgress = (manId: string | undefined) =>
  useQuery({
    queryKey: manProgressKey(manId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<ManProgress>(`/api/men/${encodeURIComponent(manId ?? '')}/progress`, { signal }),
    enabled: Boolean(manId),
  });

export interface Tick {
  itemId: string;
  manId: string;
  done: boolean;
}

/** Ticks or unticks a checklist item that a facilitator or an admin decides (PUT /api/checklist-ticks). */
export function useTickChecklistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tick: Tick) =>
      apiFetch<void>('/api/checklist-ticks', { method: 'PUT', body: JSON.stringify(tick) }),
    onMutate: async (tick) => {
      const key = manProgressKey(tick.manId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ManProgress>(key);
      queryClient.setQueryData<ManProgress>(key, (progress) =>
        progress
          ? {
              ...progress,
              checklist: progress.checklist.map((item) =>
                item.id === tick.itemId ? { ...item, done: tick.done } : item,
              ),
            }
          : progress,
      );
      return { key, before };
    },
    onError: (_error, _tick, context) => {
      if (context?.before) queryClient.setQueryData(context.key, context.before);
    },
    onSettled: (_data, _error, tick) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: manProgressKey(tick.manId) }),
        queryClient.invalidateQueries({ queryKey: groupsKey }),
      ]),
  });
}

/** The authorised download of an uploaded document (a plain link: the browser sends the session cookie). */
export const submissionFileUrl = (submissionId: string) =>
  `/api/submissions/${encodeURIComponent(submissionId)}/file`;
