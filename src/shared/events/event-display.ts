// Plain values and helpers for showing an event; no zod here, so public pages stay small.

export const DISCIPLINES = ['run', 'cycle'] as const;
export type Discipline = (typeof DISCIPLINES)[number];
export const DISCIPLINE_LABELS: Record<Discipline, string> = { run: 'Runner', cycle: 'Cyclist' };

export const displayPhone = (event: { phoneDisplay: Record<string, string> }, e164: string) =>
  event.phoneDisplay[e164] ?? e164;

/**
 * The address of the calendar file (.ics) for the day of a race (the whole day when no race is named); under
 * /api/event, as it holds nothing personal.
 */
export const calendarPath = (race?: { discipline: Discipline; raceType: string }) =>
  race
    ? `/api/event/calendar.ics?${new URLSearchParams({ discipline: race.discipline, race: race.raceType })}`
    : '/api/event/calendar.ics';
