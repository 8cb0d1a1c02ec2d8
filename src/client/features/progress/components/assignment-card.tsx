import { Link } from 'react-router';
import { DueDate, type MyAssignment, SubmissionLink, SubmissionStatus } from './assignment-status.tsx';
import { EarlierUploads } from './earlier-uploads.tsx';
import { UploadControl } from './upload-control.tsx';

/**
 * One assignment: due date, his status, his current document and an upload control; with `full`,
 * also his earlier uploads, which he may delete (the /UploadButton page), otherwise a link there.
 */
export function AssignmentCard({
  assignment,
  full = false,
  headingLevel = 3,
}: {
  assignment: MyAssignment;
  full?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `assignment-${assignment.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-1">
        <Heading id={headingId} className="text-lg font-bold text-stone-900">
          {assignment.title}
        </Heading>
        <DueDate dueOn={assignment.dueOn} />
        <SubmissionStatus assignment={assignment} />
        {assignment.current && (
          <p className="text-stone-800">
            <span className="text-stone-600">Your document: </span>
            <SubmissionLink submission={assignment.current} />
          </p>
        )}
      </div>
      <UploadControl assignmentId={assignment.id} title={assignment.title} />
      {full && assignment.history.length > 0 && <EarlierUploads history={assignment.history} />}
      {!full && assignment.history.length > 0 && (
        <Link
          to="/UploadButton"
          className="self-start text-sm font-semibold text-brand-800 underline underline-offset-2"
        >
          Earlier uploads ({assignment.history.length})
        </Link>
      )}
    </article>
  );
}
