import type { DatabaseHandle } from '../db/client.ts';

/** How often a server adds its counts to the shared ones and learns the others'. */
const FLUSH_EVERY_MS = 50;
/** How often counters whose window has passed are deleted. */
const SWEEP_EVERY_MS = 60_000;

interface Counter {
  /** The count every server had reached, as of this server's last flush. */
  known: number;
  /** Counted here and on its way to PostgreSQL. */
  sending: number;
  /** Counted here since. */
  pending: number;
  window: number;
  resetsAt: number;
}

interface RateLimitResult {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: RateLimitResult) => void;

interface StoreParams {
  routeInfo?: { method?: string | string[]; url?: string };
  /** Names a limiter made by createRateLimit, which has no route (see limitAction). */
  groupId?: string;
}

// Adds each key's count to the shared one, or starts it again when its window has passed; answers the totals.
const FLUSH = {
  name: 'rate_counters_add',
  text: `insert into rate_counters as c (key, count, resets_at)
    select key, count, now() + make_interval(secs => window_ms / 1000.0)
    from unnest($1::text[], $2::int[], $3::bigint[]) as t(key, count, window_ms)
    on conflict (key) do update set
      count = case when c.resets_at <= now() then excluded.count else c.count + excluded.count end,
      resets_at = case when c.resets_at <= now() then excluded.resets_at else c.resets_at end
    returning key, count, (extract(epoch from (resets_at - now())) * 1000)::int as ttl`,
};
const SWEEP = {
  name: 'rate_counters_sweep',
  text: 'delete from rate_counters where resets_at < now()',
};

/**
 * @fastify/rate-limit's store on PostgreSQL, shared by every server on it: a client over a limit is refused
 * whichever server it reaches. Requests are decided from memory (the shared count as last known, plus what
 * this server has counted since), and the counts go to PostgreSQL in one statement for all keys every
 * FLUSH_EVERY_MS: a request costs no round trip of its own. So a server lets through at most the requests of
 * one flush interval beyond a limit that others reached.
 */
export function sharedRateLimitStore(database: Pick<DatabaseHandle, 'run'>) {
  const counters = new Map<string, Counter>();
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastSweep = Date.now();

  async function flush() {
    timer = undefined;
    const batch = [...counters].filter(([, counter]) => counter.pending > 0);
    if (batch.length === 0) return;
    const sent = batch.map(([key, counter]) => {
      const count = counter.pending;
      counter.sending = count;
      counter.pending = 0;
      return { key, count, counter };
    });
    try {
      const rows = await database.run<{ key: string; count: number; ttl: number }>(FLUSH, [
        sent.map((each) => each.key),
        sent.map((each) => each.count),
        sent.map((each) => each.counter.window),
      ]);
      const now = Date.now();
      for (const row of rows) {
        const counter = counters.get(row.key);
        if (!counter) continue;
        counter.known = row.count;
        counter.sending = 0;
        counter.resetsAt = now + row.ttl;
      }
      if (now - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now;
        await database.run(SWEEP, []);
        for (const [key, counter] of counters) {
          if (counter.resetsAt <= now && counter.pending === 0) counters.delete(key);
        }
      }
    } catch {
      // PostgreSQL unreachable: the counts stay here and go with the next flush; limits hold per server meanwhile.
      for (const each of sent) {
        each.counter.pending += each.count;
        each.counter.sending = 0;
      }
    }
  }

  function schedule() {
    if (timer || flushing) return;
    timer = setTimeout(() => {
      flushing = flush().finally(() => {
        flushing = undefined;
        if ([...counters.values()].some((counter) => counter.pending > 0)) schedule();
      });
    }, FLUSH_EVERY_MS);
    timer.unref();
  }

  const counted = (counter: Counter) => counter.known + counter.sending + counter.pending;

  function counterOf(key: string, window: number, now: number) {
    let counter = counters.get(key);
    if (!counter || counter.resetsAt <= now) {
      counter = { known: 0, sending: 0, pending: counter?.pending ?? 0, window, resetsAt: now + window };
      counters.set(key, counter);
    }
    return counter;
  }

  return class SharedRateLimitStore {
    /** Each route's limit counts apart (as the plugin's own store does); createRateLimit's name theirs in the key. */
    private readonly prefix: string;

    // The plugin gives a limit's merged options (its types say a route's).
    constructor(options: object = {}) {
      const params = options as StoreParams;
      const route = params.routeInfo ?? {};
      this.prefix = `${route.method ?? ''} ${route.url ?? ''} ${params.groupId ?? ''}|`;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const now = Date.now();
      const counter = counterOf(this.prefix + key, timeWindow, now);
      counter.pending += 1;
      schedule();
      callback(null, { current: counted(counter), ttl: counter.resetsAt - now });
    }

    read(key: string, callback: Callback) {
      const now = Date.now();
      const counter = counters.get(this.prefix + key);
      if (!counter || counter.resetsAt <= now) return callback(null, { current: 0, ttl: 0 });
      callback(null, { current: counted(counter), ttl: counter.resetsAt - now });
    }

    child(options: object) {
      return new SharedRateLimitStore(options);
    }
  };
}
