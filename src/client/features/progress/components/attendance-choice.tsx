import { useState } from 'react';
import { ATTENDANCE_LABELS, ATTENDANCE_STATUSES } from '../../../../shared/progress/progress-rules.ts';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { type AttendanceStatus, useMarkAttendance } from '../api/attendance.ts';

const CHECKED = {
  present: 'has-checked:border-green-700 has-checked:bg-green-700',
  late: 'has-checked:border-amber-700 has-checked:bg-amber-700',
  excused: 'has-checked:border-stone-700 has-checked:bg-stone-700',
  absent: 'has-checked:border-red-700 has-checked:bg-red-700',
} as const;

/**
 * Register: Present, Late, Excused or Absent for one man at one session, saved the moment it is chosen
 * (shown at once, put back with a message if the server refuses), with "Saved" once it is stored.
 */
export function AttendanceChoice({
  sessionId,
  manId,
  name,
  status,
}: {
  sessionId: string;
  manId: string;
  name: string;
  status: AttendanceStatus | null;
}) {
  const mark = useMarkAttendance();
  const [savedAs, setSavedAs] = useState<AttendanceStatus>();
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Register {name}</legend>
      <div className="grid grid-cols-4 gap-1 sm:flex sm:flex-wrap">
        {ATTENDANCE_STATUSES.map((choice) => (
          <label
            key={choice}
            className={`flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-stone-400 bg-white px-2 text-sm font-semibold text-stone-900 hover:bg-stone-100 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 sm:px-3 ${CHECKED[choice]}`}
          >
            <input
              type="radio"
              name={`attendance-${sessionId}-${manId}`}
              value={choice}
              checked={status === choice}
              onChange={() => {
                setSavedAs(undefined);
                mark.mutate({ sessionId, manId, status: choice }, { onSuccess: () => setSavedAs(choice) });
              }}
              className="sr-only"
            />
            {ATTENDANCE_LABELS[choice]}
          </label>
        ))}
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm">
        {mark.isPending ? (
          <span className="text-stone-600">Saving…</span>
        ) : savedAs && !mark.isError ? (
          <span className="font-semibold text-green-800">
            <span aria-hidden="true">✓ </span>Saved: {ATTENDANCE_LABELS[savedAs]}
          </span>
        ) : null}
      </p>
      {mark.isError && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          Not saved: {errorText(mark.error)}
        </p>
      )}
    </fieldset>
  );
}
