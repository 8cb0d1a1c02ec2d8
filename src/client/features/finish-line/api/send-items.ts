import { apiFetch } from '../../../lib/api.ts';

/** On weak signal a request can hang: after a few seconds it counts as not sent (it stays queued). */
const SEND_TIMEOUT_MS = 8_000;

export const sendFinishItems = (
  kind: 'taps' | 'bibs',
  /** FinishTapsBatch or FinishBibsBatch, as the queue of that kind holds it. */
  batch: { phoneId: string; items: object[] },
) =>
  apiFetch<{ received: number }>(`/api/finish-line/${kind}`, {
    method: 'POST',
    body: JSON.stringify(batch),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
