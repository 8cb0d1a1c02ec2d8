import { createStore, get, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import type { FinishBib, FinishTap } from '../../../shared/results/finish-line.ts';
import { ApiError } from '../../lib/api.ts';
import { sendFinishItems } from './api/send-items.ts';

// What a finish-line phone records is kept in this browser's IndexedDB before anything is sent, so a tap or a
// bib made without signal (or whose answer was lost) goes when the signal returns. The whole unsent part of
// the queue is sent each time: the server skips what it has by (phone, sequence number), so nothing is
// recorded twice.

const RETRY_MS = 10_000;
let opened: ReturnType<typeof createStore> | undefined;
const store = () => {
  opened ??= createStore('celebration-finish-line', 'queue');
  return opened;
};

/** 32 random hex digits made once per browser (crypto.randomUUID needs a secure context; a LAN address is not). */
async function phoneId(): Promise<string> {
  const kept = await get<string>('phone-id', store());
  if (kept) return kept;
  const made = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  await set('phone-id', made, store());
  return made;
}

type Item = FinishTap | FinishBib;
/** An item as the phone keeps it: whether the server has it, and whether it was undone since. */
export type Kept<T extends Item> = T & { sent: boolean; undone?: boolean };
type Made<T extends Item> = T extends { undoes: number } ? never : Omit<T, 'seq'>;
export interface Log<T extends Item> {
  nextSeq: number;
  items: Kept<T>[];
}

export interface FinishQueue<T extends Item> {
  /** What this phone recorded; undefined while it is read from the phone. */
  useLog(): Log<T> | undefined;
  add(item: Made<T>): Promise<void>;
  /** Undoes the last item `which` picks: gone at once if never sent, otherwise the server is told. */
  undoLast(which: (item: Kept<T>) => boolean): Promise<void>;
  /** While the page is open: sends now, when the browser says it is online, and on a timer. */
  keepSending(onRefused: (message: string) => void): () => void;
}

function createFinishQueue<T extends Item>(kind: 'taps' | 'bibs'): FinishQueue<T> {
  let log: Log<T> | undefined;
  let loading: Promise<Log<T>> | undefined;
  const listeners = new Set<() => void>();
  let refused: ((message: string) => void) | undefined;

  /** The log as it is now (read from the phone the first time). */
  const load = async (): Promise<Log<T>> => {
    loading ??= get<Log<T>>(kind, store()).then((kept) => {
      log = kept ?? { nextSeq: 1, items: [] };
      for (const listener of listeners) listener();
      return log;
    });
    await loading;
    return log as Log<T>;
  };

  async function save(next: Log<T>) {
    log = next;
    for (const listener of listeners) listener();
    await set(kind, next, store());
  }

  let sending: Promise<void> | undefined;
  function send(): Promise<void> {
    sending ??= (async () => {
      try {
        const current = await load();
        const unsent = current.items.filter((item) => !item.sent);
        if (unsent.length === 0) return;
        const items = unsent.map(({ sent: _, undone: __, ...item }) => item);
        try {
          await sendFinishItems(kind, { phoneId: await phoneId(), items });
        } catch (error) {
          // No signal, a server restarting or a session that ended: kept, and sent again later.
          if (!(error instanceof ApiError) || [0, 401, 429].includes(error.status) || error.status >= 500)
            return;
          refused?.(error.message);
          return;
        }
        const sentSeqs = new Set(unsent.map((item) => item.seq));
        const latest = await load();
        await save({
          ...latest,
          items: latest.items.map((item) => (sentSeqs.has(item.seq) ? { ...item, sent: true } : item)),
        });
      } finally {
        sending = undefined;
      }
    })();
    return sending;
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    void load();
    return () => listeners.delete(listener);
  };

  return {
    useLog: () => useSyncExternalStore(subscribe, () => log),
    async add(made) {
      const current = await load();
      const item = { ...made, seq: current.nextSeq, sent: false } as unknown as Kept<T>;
      await save({ nextSeq: current.nextSeq + 1, items: [...current.items, item] });
      await sending;
      void send();
    },
    async undoLast(which) {
      const current = await load();
      const last = current.items.findLast((item) => !('undoes' in item) && !item.undone && which(item));
      if (!last) return;
      if (!last.sent) {
        await save({ ...current, items: current.items.filter((item) => item.seq !== last.seq) });
        return;
      }
      const undo = { seq: current.nextSeq, undoes: last.seq, sent: false } as unknown as Kept<T>;
      await save({
        nextSeq: current.nextSeq + 1,
        items: [...current.items.map((item) => (item === last ? { ...item, undone: true } : item)), undo],
      });
      await sending;
      void send();
    },
    keepSending(onRefused) {
      refused = onRefused;
      const sendNow = () => void send();
      addEventListener('online', sendNow);
      const timer = setInterval(sendNow, RETRY_MS);
      sendNow();
      return () => {
        removeEventListener('online', sendNow);
        clearInterval(timer);
        if (refused === onRefused) refused = undefined;
      };
    },
  };
}

export const tapQueue = createFinishQueue<FinishTap>('taps');
export const bibQueue = createFinishQueue<FinishBib>('bibs');

/** How many of the phone's records the server does not have yet. */
export const waitingCount = (log: Log<Item> | undefined) =>
  log?.items.filter((item) => !item.sent).length ?? 0;
