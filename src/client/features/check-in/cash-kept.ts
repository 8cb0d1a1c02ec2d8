// Where cash taken without signal waits on the phone (cash-queue.ts); read alone at logout, without the rest.
export const CASH_STORAGE_KEY = 'celebration.check-in.cash-waiting';

export function keptCash<T extends { by: string }>(): T[] {
  try {
    const stored = JSON.parse(localStorage.getItem(CASH_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored : [];
  } catch {
    return [];
  }
}

/** How many cash payments this account took that have not reached the server yet. */
export const unsentCashOf = (accountId: string) => keptCash().filter((kept) => kept.by === accountId).length;
