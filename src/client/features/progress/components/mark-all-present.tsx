import { useState } from 'react';
import type { CellGroup } from '../../../../shared/progress/progress.ts';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { type AttendanceMarks, useMarkAttendanceOfMany } from '../api/attendance.ts';

/**
 * "Mark all present" for one cell group at one session (most men come; the few who did not are changed
 * after), with Undo, which puts back each man's mark as it was before.
 */
export function MarkAllPresent({ sessionId, group }: { sessionId: string; group: CellGroup }) {
  const markMany = useMarkAttendanceOfMany();
  const [before, setBefore] = useState<AttendanceMarks>();
  const [undone, setUndone] = useState(false);
  const count = group.members.length;

  function markAll() {
    const marksBefore = group.members.map((m) => ({ manId: m.manId, status: m.attendance }));
    setBefore(undefined);
    setUndone(false);
    markMany.mutate(
      { sessionId, marks: group.members.map((m) => ({ manId: m.manId, status: 'present' as const })) },
      { onSuccess: () => setBefore({ sessionId, marks: marksBefore }) },
    );
  }

  function undo() {
    if (!before) return;
    markMany.mutate(before, {
      onSuccess: () => {
        setBefore(undefined);
        setUndone(true);
      },
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <button
        type="button"
        className={rowButtonClass}
        aria-label={`Mark all present in ${group.name}`}
        disabled={markMany.isPending}
        onClick={markAll}
      >
        Mark all present
      </button>
      <p role="status" className="text-sm">
        {markMany.isPending ? (
          <span className="text-stone-600">Saving…</span>
        ) : before ? (
          <span className="font-semibold text-green-800">
            <span aria-hidden="true">✓ </span>
            {count === 1 ? 'Marked present.' : `All ${count} marked present.`}
          </span>
        ) : undone ? (
          <span className="text-stone-700">Put back as it was.</span>
        ) : null}
      </p>
      {before && !markMany.isPending && (
        <button type="button" className={rowButtonClass} onClick={undo}>
          Undo
        </button>
      )}
      {markMany.isError && (
        <p role="alert" className="w-full text-sm font-semibold text-red-800">
          Not saved: {errorText(markMany.error)}
        </p>
      )}
    </div>
  );
}
