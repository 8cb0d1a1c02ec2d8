import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type {
  ATTENDANCE_STATUSES,
  AttendanceInputSchema,
  SessionSchema,
} from '../../../../shared/progress/progress.ts';
import { apiFetch } from '../../../lib/api.ts';
import { putBack, showAtOnce } from '../../../lib/optimistic.ts';
import { getGroupsQueryOptions } from './groups.ts';
import { getManProgressQueryOptions } from './man-progress.ts';

export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export type WorkoutSession = z.infer<typeof SessionSchema>;
export type AttendanceMark = z.output<typeof AttendanceInputSchema>;

export const getSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['programme', 'sessions'],
    queryFn: ({ signal }) => apiFetch<WorkoutSession[]>('/api/sessions', { signal }),
  });

/** The workout sessions in date order (facilitators and admins). */
export const useSessions = () => useQuery(getSessionsQueryOptions());

/**
 * Marks one man's attendance at a session (PUT /api/attendance), shown at once and put back if the
 * server refuses it; afterwards the groups and his progress are read again.
 */
export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mark: AttendanceMark) =>
      apiFetch<void>('/api/attendance', { method: 'PUT', body: JSON.stringify(mark) }),
    onMutate: (mark) =>
      showAtOnce(queryClient, getGroupsQueryOptions(mark.sessionId).queryKey, (groups) =>
        groups?.map((group) => ({
          ...group,
          members: group.members.map((member) =>
            member.manId === mark.manId ? { ...member, attendance: mark.status } : member,
          ),
        })),
      ),
    onError: (_error, _mark, shown) => putBack(queryClient, shown),
    onSettled: (_data, _error, mark) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getGroupsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getManProgressQueryOptions(mark.manId).queryKey }),
      ]),
  });
}
