import { useSyncExternalStore } from 'react';
import type { CashPayment, CheckInEntry } from '../../../shared/check-in/check-in.ts';
import { ApiError } from '../../lib/api.ts';
import { takeCashPayment } from './api/check-in.ts';
import { CASH_STORAGE_KEY, keptCash } from './cash-kept.ts';
import type { RosterPayment } from './roster.ts';

// Cash taken at the table, kept on the phone with its own idempotency key and the account that took it: held
// a minute for Undo (issue 38), then sent, or kept until the signal returns (issue 37); sending one twice
// pays nothing twice. The server numbers the receipt only when it arrives, so an undone payment uses none.
export type KeptCash = CashPayment & {
  idempotencyKey: string;
  by: string;
  /** Not sent before this time (ms since 1970): the minute the volunteer has to undo it. */
  notBefore?: number;
  /** The entry's payment on the phone's roster before the cash, put back on Undo. */
  before?: RosterPayment;
};

/** How long cash taken at the table waits on the phone before it is sent. */
export const CASH_HOLD_MS = 60_000;
/** Waiting again after the server could not be reached (the roster's sync also tries, every minute). */
const RETRY_MS = 15_000;

let waiting: KeptCash[] = typeof localStorage === 'undefined' ? [] : keptCash<KeptCash>();
const sending = new Set<string>();
const listeners = new Set<() => void>();
function save(next: KeptCash[]) {
  waiting = next;
  localStorage.setItem(CASH_STORAGE_KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/** Keeps the payment on the phone for CASH_HOLD_MS, then it is sent as one kept without signal is. */
export function holdCash(payment: CashPayment, by: string, before?: RosterPayment): KeptCash {
  const kept: KeptCash = {
    ...payment,
    idempotencyKey: newKey(),
    by,
    notBefore: Date.now() + CASH_HOLD_MS,
    ...(before && { before }),
  };
  save([...waiting, kept]);
  return kept;
}

/** Takes back a payment still on the phone; undefined once it is on its way to the server, or there. */
export function undoCash(idempotencyKey: string): KeptCash | undefined {
  const kept = waiting.find((other) => other.idempotencyKey === idempotencyKey);
  if (!kept || sending.has(idempotencyKey)) return undefined;
  save(waiting.filter((other) => other !== kept));
  return kept;
}

export type CashAnswer = { kind: 'paid'; entry: CheckInEntry } | { kind: 'refused'; message: string };
const isDue = (kept: KeptCash, now: number) => (kept.notBefore ?? 0) <= now;
const answered = new Set<(answer: CashAnswer) => void>();

/** Each answer the server gives a kept payment, whichever sender (the timer, the roster's sync) sent it. */
export function onCashSent(listener: (answer: CashAnswer) => void) {
  answered.add(listener);
  return () => void answered.delete(listener);
}

/** Sends this account's kept payments whose minute is over, in order, until one cannot reach the server. */
export async function sendWaitingCash(accountId: string) {
  const answers: CashAnswer[] = [];
  const due = waiting.filter((kept) => kept.by === accountId && isDue(kept, Date.now()));
  for (const payment of due) {
    // Undone meanwhile, or already on its way from another sender (the roster's sync).
    if (!waiting.includes(payment) || sending.has(payment.idempotencyKey)) continue;
    const { by: _, notBefore: __, before: ___, ...sent } = payment;
    sending.add(payment.idempotencyKey);
    try {
      answers.push({ kind: 'paid', entry: await takeCashPayment(sent) });
    } catch (error) {
      if (!(error instanceof ApiError) || [0, 401, 429].includes(error.status) || error.status >= 500) break;
      answers.push({ kind: 'refused', message: error.message });
    } finally {
      sending.delete(payment.idempotencyKey);
    }
    save(waiting.filter((other) => other.idempotencyKey !== payment.idempotencyKey));
    for (const listener of answered) listener(answers[answers.length - 1] as CashAnswer);
  }
  return answers;
}

/**
 * While the check-in page is open: each held payment is sent when its minute is over (at once for those whose
 * minute passed while the page was closed), and those the server could not take are tried again.
 */
export function keepSendingCash(accountId: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const plan = (atLeast = 0) => {
    clearTimeout(timer);
    const mine = waiting.filter((kept) => kept.by === accountId);
    if (stopped || mine.length === 0) return;
    const next = Math.min(...mine.map((kept) => kept.notBefore ?? 0));
    timer = setTimeout(send, Math.max(atLeast, next - Date.now()));
  };
  const send = async () => {
    await sendWaitingCash(accountId);
    const stuck = waiting.some((kept) => kept.by === accountId && isDue(kept, Date.now()));
    plan(stuck ? RETRY_MS : 0);
  };
  const replan = () => plan();
  listeners.add(replan);
  plan();
  return () => {
    stopped = true;
    clearTimeout(timer);
    listeners.delete(replan);
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The cash this account took for an entry that is still on the phone (held or waiting for signal). */
export function useKeptCash(accountId: string, registrationId: string) {
  return useSyncExternalStore(subscribe, () =>
    waiting.find((kept) => kept.by === accountId && kept.registrationId === registrationId),
  );
}

export const waitingCashOf = (accountId: string) => waiting.filter((kept) => kept.by === accountId);
