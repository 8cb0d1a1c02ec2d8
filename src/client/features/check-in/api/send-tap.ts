import type { CheckInTap, CheckInTapResult } from '../../../../shared/check-in/check-in.ts';
import { apiFetch } from '../../../lib/api.ts';

// Apart from the page's other calls: the signed-in layout counts unsent taps (tap-queue.ts) on every page,
// and must not load the roster's look-ups with it.

/**
 * On weak signal a request can hang for minutes: after a few seconds the tap is treated as not sent (it
 * stays queued, and its key makes sending it again harmless if the server did get it).
 */
export const TAP_TIMEOUT_MS = 8_000;

export const sendTap = (tap: CheckInTap) =>
  apiFetch<CheckInTapResult>('/api/check-in/taps', {
    method: 'POST',
    body: JSON.stringify(tap),
    signal: AbortSignal.timeout(TAP_TIMEOUT_MS),
  });
