import { useId, useState } from 'react';
import { formatShortDate } from '../../../../shared/dates.ts';
import type { ManProgress, Submission } from '../../../../shared/progress/progress.ts';
import {
  ATTENDANCE_LABELS,
  SESSION_STATE_LABELS,
  SESSIONS_TO_GRADUATE,
} from '../../../../shared/progress/progress-rules.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions, DialogError } from '../../../components/ui/dialog.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { formatPhoneForReading } from '../../../lib/format.ts';
import { useManProgress, useTickChecklistItem } from '../api/man-progress.ts';
import { DueDate, SubmissionLink, SubmissionStatus } from './assignment-status.tsx';
import { EmailLink } from './cell-group-card.tsx';

export interface ManagedMan {
  manId: string;
  name: string;
}

/** Manage: one man's record and progress — sessions, assignments with their documents, the checklist. */
export function ManProgressDialog({ man, onClose }: { man: ManagedMan | undefined; onClose: () => void }) {
  return (
    <Dialog open={man !== undefined} title={man?.name ?? ''} onClose={onClose} size="lg">
      {man && <ManProgressBody key={man.manId} manId={man.manId} />}
      {/* Stays in sight at the bottom while his record scrolls. */}
      <div className="sticky bottom-0 -mx-5 -mb-5 border-t border-stone-200 bg-white px-5 py-3 sm:-mx-6 sm:-mb-6 sm:px-6">
        <DialogActions>
          <button type="button" className={secondaryButtonClass} onClick={onClose}>
            Close
          </button>
        </DialogActions>
      </div>
    </Dialog>
  );
}

function SubHeading({ id, children }: { id: string; children: string }) {
  return (
    <h3 id={id} className="mb-2 text-lg font-bold text-stone-900">
      {children}
    </h3>
  );
}

function ManProgressBody({ manId }: { manId: string }) {
  const progress = useManProgress(manId);
  const ids = { sessions: useId(), assignments: useId(), checklist: useId() };
  if (progress.isPending) return <Loading label="Loading his progress…" />;
  if (progress.isError) {
    return <QueryError query={progress} />;
  }
  const { man, sessions, assignments, checklist, summary, cellGroup } = progress.data;
  const target = Math.min(SESSIONS_TO_GRADUATE, summary.sessionsTotal);
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        <dt className="text-stone-600">Email</dt>
        <dd className="min-w-0">
          <EmailLink email={man.email} />
        </dd>
        <dt className="text-stone-600">Mobile</dt>
        <dd>
          {man.mobile ? (
            <a href={`tel:${man.mobile}`} className="text-brand-800 underline underline-offset-2">
              {formatPhoneForReading(man.mobile)}
            </a>
          ) : (
            <span className="text-stone-600">Not given</span>
          )}
        </dd>
        <dt className="text-stone-600">Cell group</dt>
        <dd>{cellGroup?.name ?? 'None'}</dd>
        <dt className="text-stone-600">Progress</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <span>
            {summary.attended} of {summary.sessionsTotal} sessions · {summary.onTime} of{' '}
            {summary.assignmentsTotal} assignments on time
          </span>
          {!summary.canStillGraduate && (
            <Badge tone="bad">{`Cannot reach ${target} of ${summary.sessionsTotal}`}</Badge>
          )}
        </dd>
      </dl>

      <section aria-labelledby={ids.sessions}>
        <SubHeading id={ids.sessions}>Sessions</SubHeading>
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
          {sessions.map((session) => (
            <li key={session.id} className="grid grid-cols-[1fr_auto] items-center gap-x-3 px-3 py-2">
              <span>
                <span className="font-medium">{session.name}</span>{' '}
                <span className="text-sm text-stone-600">
                  {formatShortDate(session.heldOn)}
                  {session.startTime && ` · ${session.startTime}`}
                </span>
              </span>
              <span className="flex flex-wrap justify-end gap-1">
                {session.registered && <Badge tone="plain">Registered</Badge>}
                {session.attendance ? (
                  <Badge
                    tone={
                      session.attendance === 'absent'
                        ? 'bad'
                        : session.attendance === 'present'
                          ? 'good'
                          : 'warn'
                    }
                  >
                    {ATTENDANCE_LABELS[session.attendance]}
                  </Badge>
                ) : (
                  !session.registered && (
                    <span className="text-sm text-stone-600">
                      {session.state === 'open' ? 'Not marked' : SESSION_STATE_LABELS.inactive}
                    </span>
                  )
                )}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={ids.assignments}>
        <SubHeading id={ids.assignments}>Assignments</SubHeading>
        <ul className="flex flex-col gap-3">
          {assignments.map((assignment) => (
            <li key={assignment.id} className="rounded-lg border border-stone-200 p-3">
              <p className="font-semibold">{assignment.title}</p>
              <DueDate dueOn={assignment.dueOn} />
              <SubmissionStatus assignment={assignment} />
              <Documents submissions={[assignment.current, ...assignment.history]} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={ids.checklist}>
        <SubHeading id={ids.checklist}>Welcome checklist</SubHeading>
        <ManChecklist manId={man.id} items={checklist} />
      </section>
    </div>
  );
}

/** His current document first, then the earlier ones, each a download link. */
function Documents({ submissions }: { submissions: (Submission | null)[] }) {
  const documents = submissions.filter((submission) => submission !== null);
  if (documents.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-col gap-1">
      {documents.map((submission) => (
        <li key={submission.id}>
          <SubmissionLink submission={submission} showDate />
        </li>
      ))}
    </ul>
  );
}

function ManChecklist({ manId, items }: { manId: string; items: ManProgress['checklist'] }) {
  const tick = useTickChecklistItem();
  // The box follows the click at once; a refused save puts the records' answer back.
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const choose = (itemId: string, done: boolean) => {
    setChosen((current) => ({ ...current, [itemId]: done }));
    tick.mutate(
      { itemId, manId, done },
      {
        onError: () =>
          setChosen((current) => {
            const { [itemId]: _refused, ...rest } = current;
            return rest;
          }),
      },
    );
  };
  return (
    <>
      <ul className="flex flex-col gap-2">
        {items.map((item) =>
          item.kind === 'manual' ? (
            <li key={item.id}>
              <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg p-1 hover:bg-stone-50">
                <input
                  type="checkbox"
                  checked={chosen[item.id] ?? item.done}
                  onChange={(event) => choose(item.id, event.target.checked)}
                  className="mt-0.5 size-6 shrink-0 accent-green-700"
                />
                <span>{item.text}</span>
              </label>
            </li>
          ) : (
            <li key={item.id} className="flex items-start gap-3 p-1">
              <span
                aria-hidden="true"
                className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${item.done ? 'bg-green-700 text-white' : 'border-2 border-stone-400'}`}
              >
                {item.done ? '✓' : ''}
              </span>
              <span>
                {item.text}
                <span className="block text-sm font-semibold text-stone-800">
                  {item.progress?.label}
                  <span className="sr-only">{item.done ? ' (done)' : ' (not done yet)'}</span>
                  <span className="font-normal text-stone-600"> · follows the records</span>
                </span>
              </span>
            </li>
          ),
        )}
      </ul>
      <p role="status" className="mt-1 min-h-5 text-sm text-stone-600">
        {tick.isPending ? 'Saving…' : tick.isSuccess ? 'Saved' : ''}
      </p>
      {tick.isError && <DialogError>Not saved: {errorText(tick.error)}</DialogError>}
    </>
  );
}
