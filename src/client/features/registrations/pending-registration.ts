import { del, get, set } from 'idb-keyval';
import type { Discipline } from '../../../shared/events/event.ts';
import type { RegistrationAnswer, RegistrationData } from '../../../shared/registrations/registration.ts';
import type { WaitlistReceipt } from '../../../shared/waitlist/waitlist.ts';
import { ApiError, type FieldError } from '../../lib/api.ts';
import { postRegistration } from './api/register.ts';
import { flagPending, type SentNotice } from './pending-flag.ts';

// Registrations made without a connection, kept on the phone with their Idempotency-Key until the server has
// answered them. The service worker (service-worker/sw.js, on Background Sync) reads and writes the same IndexedDB
// keys (idb-keyval's default store) under the same Web Lock, so one of them sends an entry, never both.
const ENTRIES = 'pending-registrations';
/** What the service worker was answered while no page was sending: the next page shows it. */
const ANSWERS = 'pending-registration-answers';
const LOCK = 'pending-registration';
const SYNC_TAG = 'pending-registration';

export interface PendingRegistration {
  idempotencyKey: string;
  data: RegistrationData;
  /** Sent to the race's waitlist (/api/waitlist) rather than as an entry (/api/registrations). */
  waitlist: boolean;
  savedAt: string;
}

/**
 * A sent entry is remembered by its reference only: its receipt's private link is for the entrant's email, not
 * for whoever opens a page on this phone next.
 */
export type PendingAnswer =
  | ({ kind: 'sent'; discipline: Discipline } & SentNotice)
  | { kind: 'refused'; status: number; message: string; errors: FieldError[]; entry: PendingRegistration };

function sentAnswer(
  entry: PendingRegistration,
  receipt: RegistrationAnswer | WaitlistReceipt,
): PendingAnswer {
  return {
    kind: 'sent',
    discipline: entry.data.discipline,
    reference: receipt.reference,
    waitlist: 'onWaitlist' in receipt,
  };
}

/** Answers the service worker stored before it kept references only: the same, without the receipt. */
type StoredAnswer = PendingAnswer | { kind: 'sent'; receipt: RegistrationAnswer | WaitlistReceipt };
const neutral = (answer: StoredAnswer): PendingAnswer =>
  'receipt' in answer
    ? {
        kind: 'sent',
        discipline: answer.receipt.discipline,
        reference: answer.receipt.reference,
        waitlist: 'onWaitlist' in answer.receipt,
      }
    : answer;

/** Under the lock other tabs and the service worker take, where the browser has Web Locks. */
function exclusively<T>(use: () => Promise<T>): Promise<T> {
  return navigator.locks ? navigator.locks.request(LOCK, use) : use();
}

async function entries(): Promise<PendingRegistration[]> {
  return (await get<PendingRegistration[]>(ENTRIES)) ?? [];
}

/** Keeps the registration until it can be sent; the same key again replaces what it had (values corrected). */
export async function keepRegistration(entry: Omit<PendingRegistration, 'savedAt'>) {
  await exclusively(async () => {
    const others = (await entries()).filter((kept) => kept.idempotencyKey !== entry.idempotencyKey);
    await set(ENTRIES, [...others, { ...entry, savedAt: new Date().toISOString() }]);
  });
  flagPending(true);
  // Background Sync sends it even if the page is closed before the signal returns (Chromium browsers).
  try {
    const worker = await navigator.serviceWorker?.getRegistration();
    await (worker as SyncCapable | undefined)?.sync?.register(SYNC_TAG);
  } catch {
    // No service worker yet, or sync refused: the next visit or the `online` event sends it.
  }
}

type SyncCapable = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Forgets a kept registration that its form has since sent itself. */
export async function forgetRegistration(idempotencyKey: string) {
  await exclusively(async () => {
    const left = (await entries()).filter((kept) => kept.idempotencyKey !== idempotencyKey);
    if (left.length > 0) await set(ENTRIES, left);
    else await del(ENTRIES);
  });
  if (!(await get(ANSWERS)) && (await entries()).length === 0) flagPending(false);
}

/** The server could not be reached, or could not answer now: the entry stays for a later try. */
const worthRetrying = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;

/**
 * Sends what waits, oldest first, and deletes each entry once the server has answered it. Answers what the
 * server said (also to the service worker's sends since the last page), and whether any entry still waits.
 */
export function sendPendingRegistrations(): Promise<{ answers: PendingAnswer[]; waiting: boolean }> {
  return exclusively(async () => {
    const answers = ((await get<StoredAnswer[]>(ANSWERS)) ?? []).map(neutral);
    let left = await entries();
    for (const entry of [...left]) {
      let answer: PendingAnswer;
      try {
        answer = sentAnswer(entry, await postRegistration(entry.data, entry.idempotencyKey, entry.waitlist));
      } catch (error) {
        if (worthRetrying(error)) break;
        const refusal = error as ApiError;
        answer = {
          kind: 'refused',
          status: refusal.status,
          message: refusal.message,
          errors: refusal.errors,
          entry,
        };
      }
      answers.push(answer);
      left = left.filter((kept) => kept.idempotencyKey !== entry.idempotencyKey);
      if (left.length > 0) await set(ENTRIES, left);
      else await del(ENTRIES);
    }
    await del(ANSWERS);
    flagPending(left.length > 0);
    return { answers, waiting: left.length > 0 };
  });
}
