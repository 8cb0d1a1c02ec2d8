import { sql } from 'drizzle-orm';
import { programmeYears, workoutSessions } from './schema/index.ts';

/**
 * A year's start that has sessions: one whose sessions were all deleted (a year started by mistake) no
 * longer counts, and the year before it is this year again.
 */
const startsWithSessions = sql`exists (
  select 1 from ${workoutSessions} s where s.held_on >= ${programmeYears.startsOn}
)`;

/**
 * A session of this programme year: held on or after the latest start of a year (none before the first year
 * an admin started: every session is this year's). Men's dashboards and the progress counts read only these;
 * the attendance picker lists earlier years' too, for their marks are kept.
 */
export const inThisProgrammeYear = sql<boolean>`not exists (
  select 1 from ${programmeYears}
  where ${programmeYears.startsOn} > ${workoutSessions.heldOn} and ${startsWithSessions}
)`;

/** A session as the settings and the attendance picker list it, saying whether it is this year's. */
export const sessionWithYear = {
  id: workoutSessions.id,
  name: workoutSessions.name,
  heldOn: workoutSessions.heldOn,
  state: workoutSessions.state,
  startTime: workoutSessions.startTime,
  place: workoutSessions.place,
  thisYear: inThisProgrammeYear,
};
