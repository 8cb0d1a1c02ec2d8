import { createStore, del, get, set } from 'idb-keyval';
import type { Roster } from '../../../shared/check-in/roster.ts';

/**
 * The roster a volunteer's phone was prepared with (issue 37), kept in this browser's IndexedDB, never sent
 * anywhere. Wiped at logout, once the event's day is over by the phone's clock, and on the server's word.
 * The device id names this phone's preparation (its bib blocks) and outlives a wipe.
 */
export interface StoredRoster extends Roster {
  /** Which account prepared it: another volunteer signing in on the phone does not see it. */
  accountId: string;
}

let opened: ReturnType<typeof createStore> | undefined;
// Opened on first use: the check-in page's other users (and tests without IndexedDB) never open it.
const store = () => {
  opened ??= createStore('celebration-check-in', 'roster');
  return opened;
};
const ROSTER = 'roster';
const DEVICE = 'device-id';

export const loadRoster = () => get<StoredRoster>(ROSTER, store());
export const saveRoster = (roster: StoredRoster) => set(ROSTER, roster, store());
export const wipeRoster = () => del(ROSTER, store());

/** This phone's id, made once: 32 random hex digits (crypto.randomUUID needs a secure context). */
export async function deviceId(): Promise<string> {
  const kept = await get<string>(DEVICE, store());
  if (kept) return kept;
  const made = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  await set(DEVICE, made, store());
  return made;
}
