import { useSyncExternalStore } from 'react';
import type { CheckInEntries, CheckInEntry } from '../../../shared/check-in/check-in.ts';
import { ApiError, apiFetch } from '../../lib/api.ts';
import { currentRoster, rosterEntryByCode, searchRoster } from './roster.ts';
import type { StoredRoster } from './roster-store.ts';

// Look-ups at the table (issue 37): the server answers while it can; on a phone prepared for race morning, a
// server silent for 2 seconds, or a phone that knows it is offline, is answered from the phone's roster, and
// the page says so.
const FALLBACK_MS = 2_000;

/** The time of the roster the last look-up was answered from; null when the server answered it. */
let offlineAsOf: string | null = null;
const listeners = new Set<() => void>();
function answeredFrom(asOf: string | null) {
  if (offlineAsOf === asOf) return;
  offlineAsOf = asOf;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const useOfflineAnswers = () => useSyncExternalStore(subscribe, () => offlineAsOf);

/** Only no answer at all (no network, a timeout, a server down) falls back; a refusal is the server's word. */
const unanswered = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status === 502 ||
  error.status === 503 ||
  error.status === 504;

async function withFallback<T>(
  ask: (signal: AbortSignal) => Promise<T>,
  fromRoster: (roster: StoredRoster) => T,
  signal?: AbortSignal,
): Promise<T> {
  const roster = currentRoster();
  if (!roster) return ask(signal ?? new AbortController().signal);
  if (!navigator.onLine) {
    answeredFrom(roster.asOf);
    return fromRoster(roster);
  }
  const timeout = AbortSignal.timeout(FALLBACK_MS);
  try {
    const answer = await ask(signal ? AbortSignal.any([signal, timeout]) : timeout);
    answeredFrom(null);
    return answer;
  } catch (error) {
    if (signal?.aborted || !unanswered(error)) throw error;
    answeredFrom(roster.asOf);
    return fromRoster(roster);
  }
}

export const searchEntries = (q: string, signal?: AbortSignal) =>
  withFallback<CheckInEntries>(
    (asked) =>
      apiFetch<CheckInEntries>(`/api/check-in/entries?q=${encodeURIComponent(q)}`, { signal: asked }),
    (roster) => ({ entries: searchRoster(roster, q) }),
    signal,
  );

export const entryByCode = (code: string) =>
  withFallback<CheckInEntry>(
    (signal) => apiFetch<CheckInEntry>(`/api/check-in/code/${encodeURIComponent(code)}`, { signal }),
    (roster) => {
      const entry = rosterEntryByCode(roster, code);
      if (!entry) {
        throw new ApiError(
          404,
          'This QR code is not on this phone’s list: it may be cancelled, or registered after the list was made.',
        );
      }
      return entry;
    },
  );
