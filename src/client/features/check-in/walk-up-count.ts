// How many walk-ups each account left waiting on this phone, kept beside the queue (IndexedDB, read
// asynchronously) so that Log Out can ask at once, without loading the queue on every signed-in page.
const COUNT_KEY = 'celebration.check-in.walk-ups-waiting';

function counts(): Record<string, number> {
  try {
    const stored = JSON.parse(localStorage.getItem(COUNT_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? stored : {};
  } catch {
    return {};
  }
}

export const unsentWalkUpsOf = (accountId: string) => counts()[accountId] ?? 0;

export function noteWaitingWalkUps(byAccount: Record<string, number>) {
  try {
    localStorage.setItem(COUNT_KEY, JSON.stringify(byAccount));
  } catch {
    // Storage refused (private mode): Log Out simply does not warn of walk-ups.
  }
}
