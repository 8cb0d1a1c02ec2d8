import { useState } from 'react';
import type { Submission } from '../../../../shared/progress/progress.ts';
import { UPLOAD_LIMITS } from '../../../../shared/progress/progress-rules.ts';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { formatSubmittedAt } from '../../../lib/format.ts';
import { useDeleteSubmission } from '../api/delete-submission.ts';
import { SubmissionLink } from './assignment-status.tsx';

const STORED_MB = UPLOAD_LIMITS.storedBytesPerAccount / (1024 * 1024);

/**
 * His earlier versions of one assignment, each with Delete: the server keeps his last few and a limited
 * amount in all (UPLOAD_LIMITS), and deleting an old version makes room for a new one.
 */
export function EarlierUploads({ history }: { history: Submission[] }) {
  const [removing, setRemoving] = useState<Submission>();
  const remove = useDeleteSubmission();

  return (
    <details className="rounded-lg border border-stone-200 bg-stone-50 p-3">
      <summary className="cursor-pointer font-semibold text-stone-900">
        Earlier uploads ({history.length})
      </summary>
      <p className="mt-2 text-sm text-stone-700">
        Your last {UPLOAD_LIMITS.versionsKept} versions are kept, and up to {STORED_MB} MB of documents in
        all.
      </p>
      <ul className="mt-2 flex flex-col gap-2">
        {history.map((submission) => (
          <li key={submission.id} className="flex flex-wrap items-center justify-between gap-2">
            <SubmissionLink submission={submission} showDate />
            <button
              type="button"
              className={rowButtonClass}
              aria-label={`Delete ${submission.fileName} of ${formatSubmittedAt(submission.submittedAt)}`}
              onClick={() => {
                remove.reset();
                setRemoving(submission);
              }}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== undefined}
        title={`Delete ${removing?.fileName ?? ''}?`}
        confirmLabel="Delete this version"
        busy={remove.isPending}
        failure={remove.error}
        onConfirm={async () => {
          if (!removing || remove.isPending) return;
          await remove.mutateAsync(removing.id).then(
            () => setRemoving(undefined),
            () => undefined,
          );
        }}
        onCancel={() => setRemoving(undefined)}
      >
        <p>This earlier version is deleted for good. Your current document stays as it is.</p>
      </ConfirmDialog>
    </details>
  );
}
