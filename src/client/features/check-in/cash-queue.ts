import { useSyncExternalStore } from 'react';
import type { CashPayment, CheckInEntry } from '../../../shared/check-in/check-in.ts';
import { ApiError } from '../../lib/api.ts';
import { takeCashPayment } from './api/check-in.ts';
import { CASH_STORAGE_KEY, keptCash } from './cash-kept.ts';

// Cash taken at the table without signal (issue 37), kept on the phone with its own idempotency key and the
// account that took it, and sent when the signal returns; sending one twice pays nothing twice.
type KeptCash = CashPayment & { idempotencyKey: string; by: string };

let waiting: KeptCash[] = typeof localStorage === 'undefined' ? [] : keptCash<KeptCash>();
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

/** Tries the payment at once; without signal it is kept on the phone ('waiting'). */
export async function payCash(
  payment: CashPayment,
  by: string,
): Promise<{ kind: 'paid'; entry: CheckInEntry } | { kind: 'waiting' }> {
  const idempotencyKey = newKey();
  try {
    return { kind: 'paid', entry: await takeCashPayment({ ...payment, idempotencyKey }) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
      save([...waiting, { ...payment, idempotencyKey, by }]);
      return { kind: 'waiting' };
    }
    throw error;
  }
}

/** Sends this account's kept payments in order, until one cannot reach the server. */
export async function sendWaitingCash(accountId: string) {
  const answers: ({ kind: 'paid'; entry: CheckInEntry } | { kind: 'refused'; message: string })[] = [];
  for (const payment of waiting.filter((kept) => kept.by === accountId)) {
    const { by: _, ...sent } = payment;
    try {
      answers.push({ kind: 'paid', entry: await takeCashPayment(sent) });
    } catch (error) {
      if (!(error instanceof ApiError) || [0, 401, 429].includes(error.status) || error.status >= 500) break;
      answers.push({ kind: 'refused', message: error.message });
    }
    save(waiting.filter((other) => other.idempotencyKey !== payment.idempotencyKey));
  }
  return answers;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const none: string[] = [];
let shownFor: { account: string; of: KeptCash[]; ids: string[] } | undefined;

/** The entries this account took cash for that wait on the phone. */
export function useWaitingCash(accountId: string) {
  return useSyncExternalStore(subscribe, () => {
    if (waiting.length === 0) return none;
    if (shownFor?.account !== accountId || shownFor.of !== waiting) {
      const ids = waiting.filter((kept) => kept.by === accountId).map((kept) => kept.registrationId);
      shownFor = { account: accountId, of: waiting, ids };
    }
    return shownFor.ids;
  });
}

export const waitingCashOf = (accountId: string) => waiting.filter((kept) => kept.by === accountId);
