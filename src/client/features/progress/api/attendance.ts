import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type {
  ATTENDANCE_STATUSES,
  AttendanceInputSchema,
  AttendanceMarksInputSchema,
  PickerSessionSchema,
} from '../../../../shared/progress/progress.ts';
import { apiFetch } from '../../../lib/api.ts';
import { putBack, showAtOnce } from '../../../lib/optimistic.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getGroupsQueryOptions } from './groups.ts';
import { getManProgressQueryOptions } from './man-progress.ts';

export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export type WorkoutSession = z.infer<typeof PickerSessionSchema>;
export type AttendanceMark = z.output<typeof AttendanceInputSchema>;
export type AttendanceMarks = z.output<typeof AttendanceMarksInputSchema>;

export const getSessionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.programmeSessions,
    queryFn: ({ signal }) => apiFetch<WorkoutSession[]>('/api/sessions', { signal }),
  });

/** The workout sessions in date order, earlier programme years' too (facilitators and admins). */
export const useSessions = () => useQuery(getSessionsQueryOptions());

/** Shows marks in the cell groups at once (onMutate), to be put back if the server refuses them. */
const showMarks = (queryClient: QueryClient, { sessionId, marks }: AttendanceMarks) =>
  showAtOnce(queryClient, getGroupsQueryOptions(sessionId).queryKey, (groups) =>
    groups?.map((group) => ({
      ...group,
      members: group.members.map((member) => {
        const mark = marks.find((m) => m.manId === member.manId);
        return mark ? { ...member, attendance: mark.status } : member;
      }),
    })),
  );

/** After a change the groups (their counts) and each man's progress are read again. */
const readAgain = (queryClient: QueryClient, manIds: string[]) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: getGroupsQueryOptions().queryKey }),
    ...manIds.map((manId) =>
      queryClient.invalidateQueries({ queryKey: getManProgressQueryOptions(manId).queryKey }),
    ),
  ]);

/** Marks one man's attendance at a session (PUT /api/attendance), shown at once, put back if refused. */
export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mark: AttendanceMark) =>
      apiFetch<void>('/api/attendance', { method: 'PUT', body: JSON.stringify(mark) }),
    onMutate: ({ sessionId, manId, status }) =>
      showMarks(queryClient, { sessionId, marks: [{ manId, status }] }),
    onError: (_error, _mark, shown) => putBack(queryClient, shown),
    onSettled: (_data, _error, mark) => readAgain(queryClient, [mark.manId]),
  });
}

/**
 * Several men's marks at once (PUT /api/attendance/marks): "Mark all present" and its undo (a null mark
 * clears one); shown at once, put back if refused.
 */
export function useMarkAttendanceOfMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (marks: AttendanceMarks) =>
      apiFetch<void>('/api/attendance/marks', { method: 'PUT', body: JSON.stringify(marks) }),
    onMutate: (marks) => showMarks(queryClient, marks),
    onError: (_error, _marks, shown) => putBack(queryClient, shown),
    onSettled: (_data, _error, { marks }) =>
      readAgain(
        queryClient,
        marks.map((mark) => mark.manId),
      ),
  });
}
