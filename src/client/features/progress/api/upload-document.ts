import type { ManProgress } from '../../../../shared/progress/progress.ts';
import { UPLOAD_LIMITS } from '../../../../shared/progress/progress-rules.ts';
import { ApiError } from '../../../lib/api.ts';

const UPLOAD_FAILED = 'The upload did not finish — check your connection and try again.';

/**
 * Sends one document for an assignment (POST /api/me/assignments/:id/submission, multipart). Uses
 * XMLHttpRequest because fetch reports no upload progress; `onProgress` gets 0–1 as the bytes leave.
 */
export function uploadDocument(
  assignmentId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ManProgress> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/me/assignments/${encodeURIComponent(assignmentId)}/submission`);
    request.setRequestHeader('accept', 'application/json');
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const body = request.response as { detail?: string; title?: string; errors?: unknown } | null;
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body as unknown as ManProgress);
        return;
      }
      // The server's problem+json says what went wrong (too large, over his storage, too many uploads).
      const detail =
        body?.detail ??
        body?.title ??
        (request.status === 413
          ? `The file is too large. Documents may be at most ${UPLOAD_LIMITS.fileBytes / (1024 * 1024)} MB.`
          : `The server answered ${request.status}. Please try again.`);
      const retryAfter = Number(request.getResponseHeader('retry-after'));
      reject(
        new ApiError(
          request.status,
          detail,
          [],
          undefined,
          Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
        ),
      );
    });
    request.addEventListener('error', () => reject(new ApiError(0, UPLOAD_FAILED)));
    request.addEventListener('abort', () => reject(new ApiError(0, 'The upload was cancelled.')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
