import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { useMyProgress } from '../../features/progress/api/my-progress.ts';
import { AssignmentCard } from '../../features/progress/components/assignment-card.tsx';

/** /UploadButton: each assignment with its upload control, his current document and his earlier uploads. */
export default function AssignmentsPage() {
  const progress = useMyProgress();
  return (
    <div className="max-w-3xl">
      <PageHeading title="Assignments">
        <p>
          Upload each book assignment as a PDF or Word document (.pdf, .doc or .docx, at most 10 MB) by 17:00
          on its due date. A late upload is still accepted and marked Late. A new upload replaces your current
          document; the earlier ones stay in your history.
        </p>
      </PageHeading>
      {progress.isPending && <Loading label="Loading your assignments…" />}
      <QueryError query={progress} missingIsFinal />
      {progress.data && progress.data.assignments.length === 0 && (
        <p className="text-stone-700">No assignments have been set yet.</p>
      )}
      {progress.data && (
        <div className="flex flex-col gap-5">
          {progress.data.assignments.map((assignment) => (
            <AssignmentCard key={assignment.id} assignment={assignment} full headingLevel={2} />
          ))}
        </div>
      )}
    </div>
  );
}
