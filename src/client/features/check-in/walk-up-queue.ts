import { createStore, get, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import type { WalkUp, WalkUpResult } from '../../../shared/check-in/walk-up.ts';
import type { Discipline } from '../../../shared/events/event-display.ts';
import { ApiError } from '../../lib/api.ts';
import { sendWalkUp } from './api/walk-ups.ts';
import { loadRoster } from './roster-store.ts';
import { noteWalkUps } from './walk-up-count.ts';

// Walk-ups taken without signal (issue 37) wait in this phone's IndexedDB with their idempotency key and are
// sent, in the order taken and once each, when the signal returns; the server registers them even over
// capacity and keeps a same-person clash apart. Each is kept with the account that took it, which alone
// sends it (the server records the sender as the volunteer who took it), as check-in taps are.

const RETRY_MS = 10_000;

/** A walk-up as the phone keeps it: what is sent, who took it, and what the table was shown. */
export interface KeptWalkUp {
  walkUp: WalkUp;
  by: string;
  name: string;
  race: string;
}

/** What became of a walk-up sent from the phone: its name and bib only, for the list on the page. */
export interface SentWalkUp {
  key: string;
  /** The account that took it (the list shows each volunteer their own). */
  by: string;
  name: string;
  race: string;
  at: string;
  answer:
    | { kind: 'registered'; reference: string; bib: number | null; overCapacity: boolean }
    | { kind: 'clash'; clashWith: string }
    | { kind: 'refused'; message: string };
}

interface Kept {
  waiting: KeptWalkUp[];
  sent: SentWalkUp[];
  /** Per race id: the numbers of this phone's block it has given, so none is given twice. */
  given: Record<string, number[]>;
}

let opened: ReturnType<typeof createStore> | undefined;
// Opened on first use: its own database, apart from the roster (wiped at logout while walk-ups still wait).
const store = () => {
  opened ??= createStore('celebration-walk-ups', 'queue');
  return opened;
};
const KEPT = 'kept';

let kept: Kept = { waiting: [], sent: [], given: {} };
let loaded: Promise<void> | undefined;
let account: string | undefined;
const listeners = new Set<() => void>();
let shown = { waiting: [] as KeptWalkUp[], sent: [] as SentWalkUp[] };

const load = () => {
  loaded ??= get<Kept>(KEPT, store())
    .then((stored) => {
      if (stored)
        kept = { waiting: stored.waiting ?? [], sent: stored.sent ?? [], given: stored.given ?? {} };
      notify();
    })
    .catch(() => undefined);
  return loaded;
};

function notify() {
  shown = {
    waiting: kept.waiting.filter((item) => item.by === account),
    sent: kept.sent.filter((item) => item.by === account),
  };
  for (const listener of listeners) listener();
}

async function save(next: Kept) {
  kept = next;
  notify();
  const waiting: Record<string, number> = {};
  for (const item of next.waiting) waiting[item.by] = (waiting[item.by] ?? 0) + 1;
  noteWalkUps(waiting, next.sent.length > 0);
  await set(KEPT, next, store());
}

/**
 * The next number of this phone's block for the race (by discipline and label, as the form names it) that neither this phone nor the roster gave; null
 * ("bib at sync") when the phone was not prepared, the race has no block, or the block is used up.
 */
export async function provisionalBib(discipline: Discipline, label: string): Promise<number | null> {
  await load();
  const roster = await loadRoster().catch(() => undefined);
  const raceId = roster?.races.find((race) => race.discipline === discipline && race.label === label)?.id;
  const block = roster?.bibBlocks.find((candidate) => candidate.raceId === raceId);
  if (!raceId || !roster || !block) return null;
  const used = new Set([
    ...(kept.given[raceId] ?? []),
    ...roster.entries.map((row) => row[5]).filter((bib) => bib !== null),
  ]);
  for (let bib = block.from; bib <= block.to; bib++) {
    if (!used.has(bib)) {
      await save({ ...kept, given: { ...kept.given, [raceId]: [...(kept.given[raceId] ?? []), bib] } });
      return bib;
    }
  }
  return null;
}

/** Keeps a walk-up on the phone; it goes with the next sending. */
export async function keepWalkUp(item: KeptWalkUp) {
  await load();
  await save({ ...kept, waiting: [...kept.waiting, item] });
}

const answerOf = (result: WalkUpResult): SentWalkUp['answer'] =>
  result.outcome === 'clash'
    ? { kind: 'clash', clashWith: result.clashWith ?? '' }
    : {
        kind: 'registered',
        reference: result.entry?.reference ?? '',
        bib: result.entry?.bib ?? null,
        overCapacity: result.overCapacity,
      };

let flushing: Promise<void> | undefined;

/** Sends this account's waiting walk-ups in the order taken, until one cannot reach the server. */
export function sendWaitingWalkUps(): Promise<void> {
  flushing ??= (async () => {
    try {
      await load();
      for (const item of kept.waiting.filter((waiting) => waiting.by === account)) {
        let answer: SentWalkUp['answer'];
        try {
          answer = answerOf(await sendWalkUp(item.walkUp));
        } catch (error) {
          // No network, a server restarting or a session that ended: keep it and try later.
          if (!(error instanceof ApiError) || [0, 401, 429].includes(error.status) || error.status >= 500) {
            break;
          }
          answer = { kind: 'refused', message: error.message };
        }
        const key = item.walkUp.idempotencyKey;
        const sent: SentWalkUp = {
          key,
          by: item.by,
          name: item.name,
          race: item.race,
          at: new Date().toISOString(),
          answer,
        };
        await save({
          ...kept,
          waiting: kept.waiting.filter((other) => other.walkUp.idempotencyKey !== key),
          sent: [sent, ...kept.sent.filter((other) => other.key !== key)].slice(0, 50),
        });
      }
    } finally {
      flushing = undefined;
    }
  })();
  return flushing;
}

/** At logout: the list of walk-ups sent (entrants' names) does not stay for the next person; those waiting do. */
export async function forgetSentWalkUps() {
  await load();
  await save({ ...kept, sent: [] });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The signed-in account's walk-ups waiting on the phone, and what became of those sent. */
export const useWalkUpQueue = () => useSyncExternalStore(subscribe, () => shown);

let started = false;

/** Sends this account's waiting walk-ups now, when the browser says it is online again, and on a timer. */
export function keepSendingWalkUps(accountId: string) {
  account = accountId;
  notify();
  if (started) {
    void sendWaitingWalkUps();
    return;
  }
  started = true;
  window.addEventListener('online', () => void sendWaitingWalkUps());
  setInterval(() => {
    if (kept.waiting.some((item) => item.by === account)) void sendWaitingWalkUps();
  }, RETRY_MS);
  void sendWaitingWalkUps();
}
