import type { Limit } from '../../http/limits.ts';

interface Window {
  start: number;
  searches: number;
  /** Entries the searches answered, counted once per answer. */
  shown: number;
}

/**
 * Each account's searches, counted in fixed windows of `limit.window`: the search that reaches `limit.max` in
 * a window is told so, once. Windows that have ended are forgotten, so memory follows the accounts searching.
 */
export class SearchCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: Limit,
    private readonly now = () => Date.now(),
  ) {}

  /** Counts one search; the window so far when this one is the account's `limit.max`th in it. */
  count(accountId: string, shown: number): { searches: number; shown: number; since: Date } | undefined {
    const now = this.now();
    let window = this.windows.get(accountId);
    if (!window || now - window.start >= this.limit.window) {
      this.forgetEnded(now);
      window = { start: now, searches: 0, shown: 0 };
      this.windows.set(accountId, window);
    }
    window.searches += 1;
    window.shown += shown;
    if (window.searches !== this.limit.max) return undefined;
    return { searches: window.searches, shown: window.shown, since: new Date(window.start) };
  }

  private forgetEnded(now: number) {
    for (const [account, window] of this.windows) {
      if (now - window.start >= this.limit.window) this.windows.delete(account);
    }
  }
}
