// Plain values and helpers for showing an event; no zod here, so public pages stay small.

export const DISCIPLINES = ['run', 'cycle'] as const;
export type Discipline = (typeof DISCIPLINES)[number];
export const DISCIPLINE_LABELS: Record<Discipline, string> = { run: 'Runner', cycle: 'Cyclist' };

export const displayPhone = (event: { phoneDisplay: Record<string, string> }, e164: string) =>
  event.phoneDisplay[e164] ?? e164;
