import { useSyncExternalStore } from 'react';

// Every public page checks on load whether a registration waits on this phone. The entries themselves are
// in IndexedDB (pending-registration.ts, loaded only when needed); this flag in localStorage is the check
// that stays tiny, so a phone with nothing waiting never downloads that code.
const FLAG = 'celebration:pending-registration';
const SEND = 'celebration:send-pending';

// A phone may be shared: whoever holds it next should know the details are still on it.
export const PENDING_MESSAGE =
  'No connection. Your registration is saved on this phone and will be sent when you are back online; until then its details stay on this phone';

/**
 * What a send from the phone's keeping tells whoever holds the phone then, who may be someone else: the
 * reference only, never the entry's private link (that goes to the entrant's email).
 */
export interface SentNotice {
  reference: string;
  /** Kept a place on a race's waitlist rather than an entry. */
  waitlist: boolean;
}
const NONE: SentNotice[] = [];
let sentNotices = NONE;

const listeners = new Set<() => void>();
let shownByForm = 0;

function notify() {
  for (const listener of listeners) listener();
}

export function isPendingFlagged() {
  try {
    return localStorage.getItem(FLAG) !== null;
  } catch {
    return false;
  }
}

export function flagPending(waiting: boolean) {
  try {
    if (waiting) localStorage.setItem(FLAG, '1');
    else localStorage.removeItem(FLAG);
  } catch {
    // Storage refused: the entry is still in IndexedDB, and the form that kept it still sends it.
  }
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab kept or sent an entry.
  const onStorage = (event: StorageEvent) => event.key === FLAG && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

/** Whether a registration waits on this phone to be sent. */
export const usePendingFlag = () => useSyncExternalStore(subscribe, isPendingFlagged, () => false);

/** Whether the page-wide banner should show: not while the form that kept the entry says it beside its button. */
export const usePendingBanner = () =>
  useSyncExternalStore(
    subscribe,
    () => shownByForm === 0 && isPendingFlagged(),
    () => false,
  );

/** The form says it itself while mounted: the banner stays away, so the message is not read out twice. */
export function formShowsPending() {
  shownByForm += 1;
  notify();
  return () => {
    shownByForm -= 1;
    notify();
  };
}

/** "Send now": the page's sender (pending-sender.tsx) does it. */
export const sendPendingNow = () => window.dispatchEvent(new Event(SEND));

export function onSendPendingNow(send: () => void) {
  window.addEventListener(SEND, send);
  return () => window.removeEventListener(SEND, send);
}

/** Shows, on every page of this tab until dismissed, that registrations kept on the phone were sent. */
export function announceSent(notices: SentNotice[]) {
  if (notices.length === 0) return;
  sentNotices = [...sentNotices, ...notices];
  notify();
}

export function dismissSent() {
  sentNotices = NONE;
  notify();
}

export const useSentNotices = () =>
  useSyncExternalStore(
    subscribe,
    () => sentNotices,
    () => NONE,
  );
