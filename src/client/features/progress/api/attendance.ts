import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ATTENDANCE_STATUSES, CellGroup } from '../../../../shared/progress/progress.ts';
import { apiFetch } from '../../../lib/api.ts';

export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export interface WorkoutSession {
  id: string;
  name: string;
  heldOn: string;
  state: 'open' | 'inactive';
}

export const sessionsQuery = queryOptions({
  queryKey: ['programme', 'sessions'],
  queryFn: ({ signal }) => apiFetch<WorkoutSession[]>('/api/sessions', { signal }),
});

/** The workout sessions in date order (facilitators and admins). */
export const useSessions = () => useQuery(sessionsQuery);

export const groupsKey = ['programme', 'groups'] as const;

/** His cell groups (all of them for an admin) with each member's progress and attendance at `sessionId`. */
export const useGroups = (sessionId?: string) =>
  useQuery({
    queryKey: [...groupsKey, sessionId ?? null],
    queryFn: ({ signal }) =>
      apiFetch<CellGroup[]>(
        sessionId ? `/api/groups?session=${encodeURIComponent(sessionId)}` : '/api/groups',
        { signal },
      ),
  });

export interface AttendanceMark {
  sessionId: string;
  manId: string;
  status: AttendanceStatus;
}

/**
 * Marks one man's attendance at a session (PUT /api/attendance), shown at once and put back if the
 * server refuses it; afterwards the groups and his progress are read again.
 */
export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mark: AttendanceMark) =>
      apiFetch<void>('/api/attendance', { method: 'PUT', body: JSON.stringify(mark) }),
    onMutate: async (mark) => {
      const key = [...groupsKey, mark.sessionId];
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CellGroup[]>(key);
      queryClient.setQueryData<CellGroup[]>(key, (groups) =>
        groups?.map((group) => ({
          ...group,
          members: group.members.map((member) =>
            member.manId === mark.manId ? { ...member, attendance: mark.status } : member,
          ),
        })),
      );
      return { key, before };
    },
    onError: (_error, _mark, context) => {
      if (context?.before) queryClient.setQueryData(context.key, context.before);
    },
    onSettled: (_data, _error, mark) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupsKey }),
        queryClient.invalidateQueries({ queryKey: manProgressKey(mark.manId) }),
      ]),
  });
}

export const manProgressKey = (manId: string) => ['programme', 'man', manId] as const;
