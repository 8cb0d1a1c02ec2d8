import { useMutation } from '@tanstack/react-query';
import type { ManProgress } from '../../../../shared/progress/progress.ts';
import { apiFetch } from '../../../lib/api.ts';
import { useSetMyProgress } from './my-progress.ts';

/** Deletes one of his uploaded documents (DELETE /api/me/submissions/:id); his progress comes back. */
export function useDeleteSubmission() {
  const setProgress = useSetMyProgress();
  return useMutation({
    mutationFn: (submissionId: string) =>
      apiFetch<ManProgress>(`/api/me/submissions/${encodeURIComponent(submissionId)}`, { method: 'DELETE' }),
    onSuccess: setProgress,
  });
}
