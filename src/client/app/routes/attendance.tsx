import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatShortDate, harareToday } from '../../../shared/dates.ts';
import { SESSION_STATE_LABELS } from '../../../shared/progress/progress-rules.ts';
import { rowButtonClass } from '../../components/ui/button.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { Cell, DataTable, rowClass } from '../../components/ui/table.tsx';
import { useSessions, type WorkoutSession } from '../../features/progress/api/attendance.ts';
import { useGroups } from '../../features/progress/api/groups.ts';
import { AttendanceChoice } from '../../features/progress/components/attendance-choice.tsx';
import {
  type ManagedMan,
  ManProgressDialog,
} from '../../features/progress/components/man-progress-dialog.tsx';
import { MarkAllPresent } from '../../features/progress/components/mark-all-present.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';

/**
 * The session to show first: the nearest one held today or later (attendance is taken on the day); when
 * every session is past, the latest one.
 */
export function defaultSession(sessions: WorkoutSession[], today = harareToday()) {
  return sessions.find((session) => session.heldOn >= today) ?? sessions.at(-1);
}

const optionText = (s: WorkoutSession) =>
  [
    s.name,
    formatShortDate(s.heldOn),
    s.startTime,
    s.thisYear && s.state === 'inactive' ? SESSION_STATE_LABELS.inactive : null,
  ]
    .filter(Boolean)
    .join(' · ');

/** This programme year's sessions, then earlier years' (kept for their attendance), newest year first. */
function yearsOf(sessions: WorkoutSession[]) {
  const earlier = sessions.filter((s) => !s.thisYear).reverse();
  return [
    ['This programme year', sessions.filter((s) => s.thisYear)],
    ...(earlier.length ? [['Earlier years', earlier] as const] : []),
  ] as const;
}

/** /Managean: pick a session; each cell group's members with Manage (his progress) and Register (attendance). */
export default function ManageAttendance() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const sessions = useSessions();
  const chosenId = params.get('session');
  const session =
    sessions.data?.find((s) => s.id === chosenId) ??
    (sessions.data ? defaultSession(sessions.data) : undefined);
  const groups = useGroups(session?.id);
  const [managing, setManaging] = useState<ManagedMan>();
  const [groupId, setGroupId] = useState('');
  const shownGroups = groups.data?.filter((group) => !groupId || group.id === groupId);

  return (
    <>
      <PageHeading title="Manage attendance">
        <p>
          Choose a workout session, then mark each man Present, Late, Excused or Absent; each choice is saved
          at once. Manage shows a man’s progress and documents
          {user.role === 'admin'
            ? '. As an admin you see every cell group.'
            : ' for the men in your cell groups.'}
        </p>
      </PageHeading>
      {sessions.isPending && <Loading label="Loading sessions…" />}
      <QueryError query={sessions} />
      {sessions.data && sessions.data.length === 0 && (
        <p className="text-stone-700">No workout sessions have been planned yet.</p>
      )}
      {session && sessions.data && (
        <div className="mb-6 flex flex-col gap-4 sm:flex-row">
          <SelectField
            label="Workout Session"
            fieldClassName="w-full max-w-md"
            value={session.id}
            onChange={(event) => setParams({ session: event.target.value }, { replace: true })}
          >
            {yearsOf(sessions.data).map(([label, shown]) => (
              <optgroup key={label} label={label}>
                {shown.map((s) => (
                  <option key={s.id} value={s.id}>
                    {optionText(s)}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
          {/* An admin sees every group: one at a time is easier to work through. */}
          {groups.data && groups.data.length > 1 && (
            <SelectField
              label="Cell Group"
              fieldClassName="w-full sm:max-w-xs"
              value={groupId}
              onChange={(event) => setGroupId(event.target.value)}
            >
              <option value="">All {groups.data.length} groups</option>
              {groups.data.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </SelectField>
          )}
        </div>
      )}
      {session?.place && (
        <p className="-mt-3 mb-6 text-stone-700">
          {session.startTime ? `Starts ${session.startTime} at` : 'At'} {session.place}
        </p>
      )}
      {session && groups.isPending && <Loading label="Loading cell groups…" />}
      <QueryError query={groups} />
      {session && groups.data?.length === 0 && (
        <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">
          {user.role === 'admin'
            ? 'There are no cell groups yet. Add them under Programme settings.'
            : 'You do not lead a cell group yet. The programme office assigns groups to facilitators.'}
        </p>
      )}
      {session && shownGroups && (
        <div className="flex flex-col gap-8">
          {shownGroups.map((group) => (
            <section key={group.id} aria-labelledby={`group-${group.id}`} className="flex flex-col gap-3">
              <div className="flex flex-col gap-2">
                <div>
                  <h2 id={`group-${group.id}`} className="text-xl font-bold text-stone-900">
                    Cell Group: {group.name}
                  </h2>
                  <p className="text-stone-700">
                    {group.facilitator ? `Facilitator: ${group.facilitator.name}` : 'No facilitator yet'} ·{' '}
                    {group.members.length} {group.members.length === 1 ? 'man' : 'men'}
                  </p>
                </div>
                {group.members.length > 0 && (
                  <MarkAllPresent key={session.id} sessionId={session.id} group={group} />
                )}
              </div>
              {group.members.length === 0 ? (
                <p className="text-stone-700">No men in this group yet.</p>
              ) : (
                <DataTable label={`Members of ${group.name}`} columns={['Name', 'Surname', 'Register', '']}>
                  {group.members.map((member) => {
                    const name = `${member.firstName} ${member.lastName}`.trim();
                    return (
                      <tr key={member.manId} className={rowClass}>
                        <Cell label="Name" className="font-semibold text-stone-900 sm:w-44">
                          {member.firstName}
                        </Cell>
                        <Cell label="Surname" className="font-semibold text-stone-900 sm:w-44">
                          {member.lastName}
                        </Cell>
                        <Cell label="Register" className="mt-2 sm:mt-0">
                          <AttendanceChoice
                            key={session.id}
                            sessionId={session.id}
                            manId={member.manId}
                            name={name}
                            status={member.attendance}
                          />
                        </Cell>
                        <Cell className="sm:text-right">
                          <button
                            type="button"
                            className={`${rowButtonClass} w-full sm:w-auto`}
                            aria-label={`Manage ${name}`}
                            onClick={() => setManaging({ manId: member.manId, name })}
                          >
                            Manage
                          </button>
                        </Cell>
                      </tr>
                    );
                  })}
                </DataTable>
              )}
            </section>
          ))}
        </div>
      )}
      <ManProgressDialog man={managing} onClose={() => setManaging(undefined)} />
    </>
  );
}
