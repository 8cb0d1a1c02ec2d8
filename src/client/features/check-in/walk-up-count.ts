// How many walk-ups each account left waiting on this phone, kept beside the queue (IndexedDB, read
// asynchronously) so that Log Out can ask at once, without loading the queue on every signed-in page.
const COUNT_KEY = 'celebration.check-in.walk-ups-waiting';
const SENT = ' sent';

function counts(): Record<string, number> {
  try {
    const stored = JSON.parse(localStorage.getItem(COUNT_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? stored : {};
  } catch {
    return {};
  }
}

export const unsentWalkUpsOf = (accountId: string) => counts()[accountId] ?? 0;

/** Whether the phone lists walk-ups sent (so Log Out opens the queue to forget them only then). */
export const hasSentWalkUps = () => counts()[SENT] !== undefined;

/** The accounts' waiting walk-ups, and whether any were sent (kept under a name no account has). */
export function noteWalkUps(byAccount: Record<string, number>, anySent: boolean) {
  try {
    localStorage.setItem(COUNT_KEY, JSON.stringify(anySent ? { ...byAccount, [SENT]: 1 } : byAccount));
  } catch {
    // Storage refused (private mode): Log Out simply does not warn of walk-ups.
  }
}
