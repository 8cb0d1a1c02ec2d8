import { useSyncExternalStore } from 'react';
import type { CheckInAction, CheckInTap, CheckInTapResult } from '../../../shared/check-in/check-in.ts';
import { ApiError } from '../../lib/api.ts';
import { sendTap } from './api/send-tap.ts';

// Taps are kept on the phone until the server has answered them, so a tap made without signal (or whose
// answer was lost) is sent again, with the same key, when the connection returns: the server applies a
// key once. Each is kept with the account that made it, and only that account sends it: the server records
// the volunteer who sends a tap as the one who made it, so a phone passed to another volunteer keeps the
// first one's taps until that volunteer signs in on it again.
const STORAGE_KEY = 'celebration.check-in.waiting';
const RETRY_MS = 10_000;

/** A tap as the phone keeps it. Kept before accounts were noted, `by` is missing: whoever is signed in sends it. */
type KeptTap = CheckInTap & { by?: string };

function read(): KeptTap[] {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored : [];
  } catch {
    return [];
  }
}

let waiting: KeptTap[] = read();
/** The signed-in account on the check-in page. */
let account: string | undefined;
const isMine = (tap: KeptTap) => tap.by === undefined || tap.by === account;
const listeners = new Set<() => void>();
const answered = new Map<string, (answer: TapAnswer) => void>();

/** What became of a tap: the server's answer, kept on the phone for later, or refused for good. */
export type TapAnswer =
  | { kind: 'sent'; result: CheckInTapResult }
  | { kind: 'waiting' }
  | { kind: 'refused'; message: string };
type Answered = Exclude<TapAnswer, { kind: 'waiting' }>;

// A tap being sent for the first time is on the phone already (in case the page closes), but not yet said
// to be waiting: on good signal that would flash on every tap.
const firstTry = new Set<string>();
let shown: KeptTap[] = [];
let othersCount = 0;

function notify() {
  shown = waiting.filter((tap) => isMine(tap) && !firstTry.has(tap.idempotencyKey));
  othersCount = waiting.filter((tap) => !isMine(tap)).length;
  for (const listener of listeners) listener();
}

function save(next: KeptTap[]) {
  waiting = next;
  localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  notify();
}

/** 16 random bytes as hex: crypto.randomUUID needs a secure context, a venue's address may not be one. */
function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let flushing: Promise<void> | undefined;
let lastSent: ((answer: Answered) => void) | undefined;

/** Sends the waiting taps in the order they were made, until one cannot reach the server. */
export function sendWaiting(): Promise<void> {
  flushing ??= (async () => {
    try {
      for (const tap of waiting.filter(isMine)) {
        let answer: Answered;
        const { by: _, ...sent } = tap;
        try {
          answer = { kind: 'sent', result: await sendTap(sent) };
        } catch (error) {
          // No network, a server down or restarting, or a session that ended (the volunteer signs in
          // again): keep it and try later. Anything else the server refused for good.
          if (!(error instanceof ApiError) || [0, 401, 429].includes(error.status) || error.status >= 500) {
            break;
          }
          answer = { kind: 'refused', message: error.message };
        }
        save(waiting.filter((other) => other.idempotencyKey !== tap.idempotencyKey));
        // The screen that made the tap is waiting for its answer; taps sent later from the queue are told to the page.
        const waitingScreen = answered.get(tap.idempotencyKey);
        answered.delete(tap.idempotencyKey);
        if (waitingScreen) waitingScreen(answer);
        else lastSent?.(answer);
      }
    } finally {
      flushing = undefined;
    }
  })();
  return flushing;
}

/** Told of the taps sent later from the queue, answered or refused. */
export function onTapSent(listener: (answer: Answered) => void) {
  lastSent = listener;
  return () => {
    if (lastSent === listener) lastSent = undefined;
  };
}

/**
 * Keeps the tap on the phone, then tries to send it: the answer when the server gave one at once,
 * 'waiting' when it stays queued.
 */
export async function tap(registrationId: string, action: CheckInAction): Promise<TapAnswer> {
  const made: KeptTap = {
    idempotencyKey: newKey(),
    registrationId,
    action,
    at: new Date().toISOString(),
    by: account,
  };
  firstTry.add(made.idempotencyKey);
  save([...waiting, made]);
  const answer = new Promise<TapAnswer>((resolve) => answered.set(made.idempotencyKey, resolve));
  try {
    await flushing;
    await sendWaiting();
  } finally {
    firstTry.delete(made.idempotencyKey);
    notify();
  }
  if (waiting.some((other) => other.idempotencyKey === made.idempotencyKey)) {
    answered.delete(made.idempotencyKey);
    return { kind: 'waiting' };
  }
  return answer;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The signed-in account's taps waiting on the phone for the connection (not those being sent for the first time). */
export function useWaitingTaps() {
  return useSyncExternalStore(subscribe, () => shown);
}

/** How many taps on the phone another account made: they wait for it to sign in here again. */
export function useOthersWaitingCount() {
  return useSyncExternalStore(subscribe, () => othersCount);
}

/** This account's taps not sent yet: the roster shows them over what the server last said. */
export const waitingTapsOf = (accountId: string) =>
  waiting.filter((kept) => kept.by === undefined || kept.by === accountId);

/** How many of this account's taps have not reached the server yet (read when it is about to log out). */
export const unsentTapsOf = (accountId: string) => read().filter((tap) => tap.by === accountId).length;

let started = false;

/**
 * Sends this account's waiting taps now, when the browser says it is online again, and on a timer (the
 * event is not reliable).
 */
export function keepSendingWaiting(accountId: string) {
  account = accountId;
  notify();
  if (started) {
    void sendWaiting();
    return;
  }
  started = true;
  window.addEventListener('online', () => void sendWaiting());
  // Another tab of the page may have queued taps: this one sends them too, once it holds them.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) {
      waiting = read();
      notify();
    }
  });
  setInterval(() => {
    if (waiting.some(isMine)) void sendWaiting();
  }, RETRY_MS);
  if (waiting.some(isMine)) void sendWaiting();
}
