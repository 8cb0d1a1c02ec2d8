import { useQuery } from '@tanstack/react-query';
import type { WalkUp, WalkUpResult } from '../../../../shared/check-in/walk-up.ts';
import type { WalkUpPrompt, WalkUpReview } from '../../../../shared/check-in/walk-up-review.ts';
import type { PaymentAttempt } from '../../../../shared/payments/online-payment.ts';
import { ApiError, apiFetch, apiSend, getQueryOptions } from '../../../lib/api.ts';

/** On weak signal a request can hang for minutes: after this the walk-up is kept on the phone instead. */
const WALK_UP_TIMEOUT_MS = 10_000;

/** The form's errors name the entrant's fields as the public form does (the server nests them under `entrant`). */
export async function sendWalkUp(walkUp: WalkUp) {
  try {
    return await apiFetch<WalkUpResult>('/api/check-in/walk-ups', {
      method: 'POST',
      body: JSON.stringify(walkUp),
      signal: AbortSignal.timeout(WALK_UP_TIMEOUT_MS),
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.errors.length === 0) throw error;
    const errors = error.errors.map((e) => ({ ...e, path: e.path.replace(/^entrant\./, '') }));
    throw new ApiError(error.status, error.message, errors, error.code, error.retryAfterSeconds);
  }
}

export const startWalkUpPrompt = (id: string, prompt: WalkUpPrompt) =>
  apiSend<PaymentAttempt>(`/api/check-in/walk-ups/${encodeURIComponent(id)}/pay`, 'POST', prompt);

/** The table's prompt, asked about every 3 s until Paynow has settled it. */
export const useWalkUpAttempt = (id: string, attemptId: string | undefined) =>
  useQuery({
    queryKey: ['check-in', 'walk-up-attempt', id, attemptId],
    enabled: attemptId !== undefined,
    queryFn: ({ signal }) =>
      apiFetch<PaymentAttempt>(
        `/api/check-in/walk-ups/${encodeURIComponent(id)}/pay/attempts/${encodeURIComponent(attemptId ?? '')}`,
        { signal },
      ),
    refetchInterval: (query) => (query.state.data?.state === 'pending' || !query.state.data ? 3000 : false),
  });

export const walkUpReviewQueryOptions = () =>
  getQueryOptions<WalkUpReview>(['admin', 'walk-ups'], '/api/admin/walk-ups');

export const useWalkUpReview = () => useQuery(walkUpReviewQueryOptions());

export const clashDone = (id: string) =>
  apiFetch<void>(`/api/admin/walk-ups/clashes/${encodeURIComponent(id)}/done`, { method: 'POST' });
