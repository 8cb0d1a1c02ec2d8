import type { Discipline } from '../../../shared/events/event.ts';
import { priced } from '../../../shared/events/zwg-rate.ts';
import type { Database } from '../../db/client.ts';
import {
  type EventRow,
  findCurrentEvent,
  listRaces,
  type RaceOptionRow,
  readEventState,
} from './repository.ts';

export interface EventSnapshot {
  event: EventRow;
  race(discipline: Discipline, label: string): RaceOptionRow | undefined;
  /** Every race of the event, in the order the forms list them. */
  races: readonly RaceOptionRow[];
  /** The races with a capacity whose every place is held (entries and the waitlist's), by id. */
  full: ReadonlySet<string>;
}

/**
 * How fresh the public pages' copy is kept. A copy checked less than `checkAfterMs` ago is served as it is;
 * older, it is served while one check runs in the background for every request; older than `waitAfterMs`
 * (a quiet server), the request waits for the check. So a change made by another server (or by SQL, or a
 * job) shows within about `checkAfterMs` under load and `waitAfterMs` at worst, at one small read per
 * `checkAfterMs` whatever the load.
 */
export interface EventFreshness {
  checkAfterMs: number;
  waitAfterMs: number;
}

export const EVENT_FRESHNESS: EventFreshness = { checkAfterMs: 250, waitAfterMs: 1000 };

/** The freshness EVENT_CHECK_MS asks for. */
export const eventFreshnessOf = (checkAfterMs: number): EventFreshness => ({
  checkAfterMs,
  waitAfterMs: checkAfterMs * 4,
});

interface Check {
  promise: Promise<void>;
  /** The changes made here before it began: a check sees them all. */
  changes: number;
}

/**
 * The current event, its races and which of them are full, kept in memory: the registration path and the
 * public pages (`/`, `/api/event`, the forms) read this one copy. A copy can be outdated (another process, a
 * job, or SQL by hand changed the event or filled a race): the registration insert compares the event's
 * revision and the caller reloads when it moved (`get`); the public pages' reads (`fresh`) follow the
 * database by a shared check of its revision and full races (`EventFreshness`), and at once after a change
 * made through this server (`changed`).
 */
export class CurrentEventCache {
  private snapshot?: Promise<EventSnapshot | undefined>;
  private changes = 0;
  private checked = { changes: -1, at: Number.NEGATIVE_INFINITY };
  private checking?: Check;
  private checkStartedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    private readonly freshness: EventFreshness = EVENT_FRESHNESS,
  ) {}

  get(): Promise<EventSnapshot | undefined> {
    if (!this.snapshot) this.reload();
    return this.snapshot as Promise<EventSnapshot | undefined>;
  }

  /** The copy, checked against the database as `EventFreshness` says: for the public pages. */
  async fresh(): Promise<EventSnapshot | undefined> {
    const now = performance.now();
    const age = now - this.checked.at;
    // A slow database must not make every request wait: while a check that began lately runs, the copy it
    // checks is served (it can be no fresher than the database's answer).
    const quiet = !this.checking && now - this.checkStartedAt >= this.freshness.waitAfterMs;
    if (
      !this.snapshot ||
      this.checked.changes < this.changes ||
      (age >= this.freshness.waitAfterMs && quiet)
    ) {
      await this.check(this.changes);
    } else if (age >= this.freshness.checkAfterMs && !this.checking) {
      // A failed check is retried by a later request, which waits for it once the copy is too old.
      this.check(this.changes).catch(() => {});
    }
    return this.get();
  }

  /** Something was changed through this server that may touch the event or its races' places. */
  changed() {
    this.changes += 1;
  }

  reload(): Promise<EventSnapshot | undefined> {
    const started = { changes: this.changes, at: performance.now() };
    const loading = this.load();
    this.snapshot = loading;
    // A failed load (database down) must not stay cached.
    loading.then(
      () => this.markChecked(started),
      () => {
        if (this.snapshot === loading) this.snapshot = undefined;
      },
    );
    return loading;
  }

  /** A check that began once `changes` had been made: the one running, or the next. */
  private check(changes: number): Promise<void> {
    const running = this.checking;
    if (running && running.changes >= changes) return running.promise;
    const started = { changes: this.changes, at: performance.now() };
    this.checkStartedAt = started.at;
    const promise = (running ? running.promise.catch(() => {}) : Promise.resolve())
      .then(() => this.compare())
      .then(() => this.markChecked(started))
      .finally(() => {
        if (this.checking?.promise === promise) this.checking = undefined;
      });
    this.checking = { promise, changes: started.changes };
    return promise;
  }

  private async compare() {
    if (!this.snapshot) {
      await this.reload();
      return;
    }
    const held = this.snapshot;
    const [state, snapshot] = await Promise.all([readEventState(this.db), held.catch(() => undefined)]);
    if (this.snapshot !== held) return; // reloaded meanwhile, by a registration: that copy is newer
    if (!state || !snapshot || state.id !== snapshot.event.id || state.revision !== snapshot.event.revision) {
      await this.reload();
      return;
    }
    if (!sameSet(snapshot.full, state.full)) {
      this.snapshot = Promise.resolve({ ...snapshot, full: new Set(state.full) });
    }
  }

  private markChecked(started: { changes: number; at: number }) {
    if (started.at > this.checked.at) this.checked = started;
  }

  private async load(): Promise<EventSnapshot | undefined> {
    const event = await findCurrentEvent(this.db);
    if (!event) return undefined;
    // Races after the event: a race changed in between raises the revision read above, so the copy is refused.
    // Each race's ZWG fee as entrants are asked for it: at the official rate when the event follows it.
    const races = (await listRaces(this.db, event.id)).map((race) => priced(race, event));
    // Full races last: a place taken after the event was read is caught by the next check.
    const state = await readEventState(this.db);
    const full = new Set(state?.id === event.id ? state.full : []);
    const byKey = new Map(races.map((race) => [`${race.discipline}\n${race.label}`, race]));
    return { event, races, full, race: (discipline, label) => byKey.get(`${discipline}\n${label}`) };
  }
}

function sameSet(set: ReadonlySet<string>, list: readonly string[]) {
  return set.size === list.length && list.every((id) => set.has(id));
}
