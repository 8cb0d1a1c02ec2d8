import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { useSyncExternalStore } from 'react';
import {
  CHECK_IN_CODE,
  CHECK_IN_SEARCH_LIMIT,
  CHECK_IN_SEARCH_MIN,
  type CheckInAction,
  type CheckInEntry,
  CODE_DIGEST_LENGTH,
  isCheckInSearch,
} from '../../../shared/check-in/check-in.ts';
import type { RosterChanges, RosterRow } from '../../../shared/check-in/roster.ts';
import { harareToday } from '../../../shared/dates.ts';
import { downloadRoster } from './api/roster.ts';
import { deviceId, loadRoster, type StoredRoster, saveRoster, wipeRoster } from './roster-store.ts';

// The roster this phone was prepared with, as the check-in page reads it: loaded once per account, kept in
// step with IndexedDB. Only the account that prepared it sees it.

let current: StoredRoster | null | undefined;
const listeners = new Set<() => void>();
function publish(next: StoredRoster | null) {
  current = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The phone's roster for the signed-in account: undefined while it is read, null when there is none. */
export const useRoster = () => useSyncExternalStore(subscribe, () => current);
/** The same, outside React. */
export const currentRoster = () => current ?? null;

/** Whether the event's day is over by the phone's own clock (Harare's calendar). */
export const isRosterOver = (roster: Pick<StoredRoster, 'eventDate'>, now = new Date()) =>
  harareToday(now) > roster.eventDate;

/**
 * Forgets the roster: at logout, once the event's day is over, on the server's word. The service worker stops
 * keeping the check-in page for offline use too.
 */
export async function forgetRoster() {
  await wipeRoster();
  publish(null);
  navigator.serviceWorker?.controller?.postMessage({ type: 'check-in-wiped' });
}

/** Reads the roster for this account, wiping it first when the event's day is over. */
export async function openRoster(accountId: string) {
  const kept = await loadRoster();
  if (kept && isRosterOver(kept)) {
    await forgetRoster();
    return;
  }
  publish(kept && kept.accountId === accountId ? kept : null);
}

async function keep(roster: StoredRoster) {
  await saveRoster(roster);
  publish(roster);
}

/** Downloads the roster, telling its progress (total null when the size is not known), and keeps it. */
export async function prepareRoster(
  accountId: string,
  onProgress: (received: number, total: number | null) => void,
): Promise<StoredRoster> {
  const roster = await downloadRoster(await deviceId(), onProgress);
  const stored = { ...roster, accountId };
  await keep(stored);
  return stored;
}

/** Applies the server's changes since the roster's time; wipes it on the server's word. */
export async function applyChanges(changes: RosterChanges) {
  const roster = currentRoster();
  if (!roster) return;
  if (changes.wipe) {
    await forgetRoster();
    return;
  }
  const gone = new Set([...changes.removed, ...changes.entries.map((row) => row[0])]);
  const entries = [...roster.entries.filter((row) => !gone.has(row[0])), ...changes.entries];
  await keep({
    ...roster,
    asOf: changes.asOf,
    races: changes.races.length > 0 ? changes.races : roster.races,
    entries,
  });
}

function changeRow(registrationId: string, change: (row: RosterRow) => RosterRow) {
  const roster = currentRoster();
  if (!roster?.entries.some((row) => row[0] === registrationId)) return Promise.resolve();
  return keep({
    ...roster,
    entries: roster.entries.map((row) => (row[0] === registrationId ? change(row) : row)),
  });
}

/** A tap made on this phone, shown on its roster before the server has it. */
export function applyTapToRoster(registrationId: string, action: CheckInAction, by: string, at: string) {
  return changeRow(registrationId, (row) => {
    const next = [...row] as RosterRow;
    if (action === 'check-in') next[11] = row[11] ?? [at, by];
    if (action === 'undo-check-in') next[11] = null;
    if (action === 'tshirt-collected') next[12] = row[12] ?? [at, by];
    if (action === 'undo-tshirt-collected') next[12] = null;
    return next;
  });
}

/** The entry as the server answered it (a tap or a payment), on the roster too. */
export function applyEntryToRoster(entry: CheckInEntry) {
  return changeRow(entry.id, (row) => {
    const owes = entry.paymentStatus === 'unpaid' || entry.paymentStatus === 'part_paid';
    return [
      row[0],
      entry.reference,
      entry.firstName,
      entry.lastName,
      row[4],
      entry.bib,
      entry.tshirtSize,
      entry.paymentStatus,
      owes ? entry.fees.USD : null,
      owes ? entry.fees.ZWG : null,
      row[10],
      entry.checkedIn ? [entry.checkedIn.at, entry.checkedIn.by] : null,
      entry.tshirtCollected ? [entry.tshirtCollected.at, entry.tshirtCollected.by] : null,
      row[13],
    ];
  });
}

/** Cash taken on this phone and not sent yet: the entry shows paid until the server says otherwise. */
export const applyCashToRoster = (registrationId: string) =>
  changeRow(registrationId, (row) => {
    const next = [...row] as RosterRow;
    next[7] = 'paid';
    next[8] = null;
    next[9] = null;
    return next;
  });

/** An entry's payment on the phone's roster: its status and what it owes (USD, ZWG). */
export type RosterPayment = [RosterRow[7], RosterRow[8], RosterRow[9]];

/** The entry's payment on this phone's roster; undefined when the phone has no roster or not this entry. */
export function rosterPaymentOf(registrationId: string): RosterPayment | undefined {
  const row = currentRoster()?.entries.find((entry) => entry[0] === registrationId);
  return row && [row[7], row[8], row[9]];
}

/** Cash undone on this phone: the entry's payment on the roster as it was before. */
export const restorePaymentOnRoster = (registrationId: string, [status, usd, zwg]: RosterPayment) =>
  changeRow(registrationId, (row) => {
    const next = [...row] as RosterRow;
    next[7] = status;
    next[8] = usd;
    next[9] = zwg;
    return next;
  });

/** A roster row as the entry card shows it. */
export function rosterEntry(roster: Pick<StoredRoster, 'races'>, row: RosterRow): CheckInEntry {
  const race = roster.races[row[4]];
  const owes = row[8] !== null || row[9] !== null;
  return {
    id: row[0],
    reference: row[1],
    firstName: row[2],
    lastName: row[3],
    bib: row[5],
    discipline: race?.discipline ?? 'run',
    race: race?.label ?? '',
    tshirtSize: row[6],
    minor: row[13],
    paymentStatus: row[7],
    fees: owes ? { USD: row[8], ZWG: row[9] } : { USD: race?.feeUsd ?? null, ZWG: race?.feeZwg ?? null },
    checkedIn: row[11] ? { at: row[11][0], by: row[11][1] } : null,
    tshirtCollected: row[12] ? { at: row[12][0], by: row[12][1] } : null,
  };
}

/** The digest the roster keeps of a check-in code: the first 16 hex digits of its SHA-256. */
export const codeDigest = (code: string) =>
  bytesToHex(sha256(utf8ToBytes(code.toLowerCase()))).slice(0, CODE_DIGEST_LENGTH);

/** The entry a scanned code names, from the roster. */
export function rosterEntryByCode(roster: StoredRoster, code: string) {
  const digest = codeDigest(code);
  const row = roster.entries.find((entry) => entry[10] === digest);
  return row ? rosterEntry(roster, row) : undefined;
}

/**
 * The server's search, on the roster: a whole bib or check-in code at any length, and from 3 characters part
 * of a name (either way round) or reference; sorted by name, a short list.
 */
export function searchRoster(roster: StoredRoster, text: string): CheckInEntry[] {
  const query = text.trim();
  if (!isCheckInSearch(query)) return [];
  const lower = query.toLowerCase();
  const partial = query.length >= CHECK_IN_SEARCH_MIN;
  const bib = /^\d{1,9}$/.test(query) ? Number(query) : null;
  const digest = CHECK_IN_CODE.test(lower) ? codeDigest(lower) : null;
  const rows = roster.entries.filter(
    (row) =>
      (partial &&
        (`${row[2]} ${row[3]}`.toLowerCase().includes(lower) ||
          `${row[3]} ${row[2]}`.toLowerCase().includes(lower) ||
          row[1].toLowerCase().includes(lower))) ||
      (bib !== null && row[5] === bib) ||
      (digest !== null && row[10] === digest),
  );
  const key = (row: RosterRow) => [row[3].toLowerCase(), row[2].toLowerCase(), row[1]];
  rows.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x.join('\u0000').localeCompare(y.join('\u0000'));
  });
  return rows.slice(0, CHECK_IN_SEARCH_LIMIT).map((row) => rosterEntry(roster, row));
}
