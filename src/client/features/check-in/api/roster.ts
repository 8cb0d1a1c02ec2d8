import type { Roster, RosterChanges } from '../../../../shared/check-in/roster.ts';
import { ApiError, apiFetch, NETWORK_DOWN } from '../../../lib/api.ts';

/**
 * Prepares this phone: the roster, read as it arrives so the page can show its progress. The total is known
 * only when the answer is not compressed on the way (a compressed one tells its size before inflating).
 */
export async function downloadRoster(
  deviceId: string,
  onProgress: (received: number, total: number | null) => void,
): Promise<Roster> {
  let response: Response;
  try {
    response = await fetch('/api/check-in/roster', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId }),
    });
  } catch {
    throw new ApiError(
      0,
      'No connection: the list could not be downloaded. Try again where there is signal.',
    );
  }
  if (!response.ok || !response.body) {
    const body = await response.json().catch(() => undefined);
    throw new ApiError(
      response.status,
      body?.detail ?? body?.title ?? `The server answered ${response.status}. Please try again.`,
      [],
      typeof body?.code === 'string' ? body.code : undefined,
    );
  }
  const length = Number(response.headers.get('content-length'));
  const total = response.headers.get('content-encoding') || !(length > 0) ? null : length;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress(0, total);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress(received, total);
    }
  } catch {
    throw new ApiError(0, NETWORK_DOWN);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return JSON.parse(new TextDecoder().decode(bytes)) as Roster;
}

/** What changed since the roster's time (never the whole list again). */
export const rosterChanges = (query: { since: string; eventId: string; deviceId: string }) =>
  apiFetch<RosterChanges>(`/api/check-in/roster/changes?${new URLSearchParams(query)}`, {
    signal: AbortSignal.timeout(20_000),
  });
