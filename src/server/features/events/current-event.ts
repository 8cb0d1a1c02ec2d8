import type { Discipline } from '../../../shared/events/event.ts';
import { priced } from '../../../shared/events/zwg-rate.ts';
import type { Database } from '../../db/client.ts';
import { type EventRow, findCurrentEvent, listRaces, type RaceOptionRow } from './repository.ts';

export interface EventSnapshot {
  event: EventRow;
  race(discipline: Discipline, label: string): RaceOptionRow | undefined;
  /** Every race of the event, in the order the forms list them. */
  races: readonly RaceOptionRow[];
}

/**
 * The current event and its races, kept in memory for the registration path. A copy can be outdated
 * (another process, or SQL by hand, changed the event): the registration insert compares the event's
 * revision and the caller reloads when it moved.
 */
export class CurrentEventCache {
  private snapshot?: Promise<EventSnapshot | undefined>;

  constructor(private readonly db: Database) {}

  get(): Promise<EventSnapshot | undefined> {
    if (!this.snapshot) this.reload();
    return this.snapshot as Promise<EventSnapshot | undefined>;
  }

  reload(): Promise<EventSnapshot | undefined> {
    const loading = this.load();
    this.snapshot = loading;
    // A failed load (database down) must not stay cached.
    loading.catch(() => {
      if (this.snapshot === loading) this.snapshot = undefined;
    });
    return loading;
  }

  private async load(): Promise<EventSnapshot | undefined> {
    const event = await findCurrentEvent(this.db);
    if (!event) return undefined;
    // Races after the event: a race changed in between raises the revision read above, so the copy is refused.
    // Each race's ZWG fee as entrants are asked for it: at the official rate when the event follows it.
    const races = (await listRaces(this.db, event.id)).map((race) => priced(race, event));
    const byKey = new Map(races.map((race) => [`${race.discipline}\n${race.label}`, race]));
    return { event, races, race: (discipline, label) => byKey.get(`${discipline}\n${label}`) };
  }
}
