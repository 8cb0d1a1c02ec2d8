import type { ManProgress, Submission } from '../../../../shared/progress/progress.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { submissionFileUrl } from '../api/man-progress.ts';
import { formatDueDate, formatSize, formatSubmittedAt } from '../format.ts';

export type MyAssignment = ManProgress['assignments'][number];

/** "Due 03 May 2024, 17:00". */
export function DueDate({ dueOn }: { dueOn: string }) {
  return (
    <p className="text-stone-700">
      Due <time dateTime={`${dueOn}T17:00+02:00`}>{formatDueDate(dueOn)}</time>, 17:00
    </p>
  );
}

/** Not submitted · Submitted on … · Late (submitted on …). */
export function SubmissionStatus({ assignment }: { assignment: MyAssignment }) {
  const { current } = assignment;
  if (!current) {
    const overdue = Date.now() > new Date(assignment.dueAt).getTime();
    return (
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone={overdue ? 'bad' : 'plain'}>Not submitted</Badge>
        {overdue && (
          <span className="text-sm text-stone-700">The deadline has passed; you can still upload.</span>
        )}
      </p>
    );
  }
  const on = <time dateTime={current.submittedAt}>{formatSubmittedAt(current.submittedAt)}</time>;
  if (current.late) {
    return (
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone="warn">Late</Badge>
        <span className="text-sm text-stone-700">Submitted on {on}, after the deadline</span>
      </p>
    );
  }
  return (
    <p className="font-semibold text-green-800">
      <span aria-hidden="true">✓ </span>Submitted on {on}
    </p>
  );
}

/** A download link to an uploaded document, with its size and when it came. */
export function SubmissionLink({
  submission,
  showDate = false,
}: {
  submission: Submission;
  showDate?: boolean;
}) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <a
        href={submissionFileUrl(submission.id)}
        download={submission.fileName}
        className="font-semibold break-all text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {submission.fileName}
      </a>
      <span className="text-sm text-stone-600">
        {formatSize(submission.size)}
        {showDate && (
          <>
            {' · '}
            <time dateTime={submission.submittedAt}>{formatSubmittedAt(submission.submittedAt)}</time>
          </>
        )}
        {showDate && submission.late && ' · Late'}
      </span>
    </span>
  );
}
