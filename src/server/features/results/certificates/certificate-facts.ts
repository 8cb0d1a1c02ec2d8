/** What a certificate says: the same facts on the image and the PDF. */
export interface CertificateFacts {
  eventTitle: string;
  eventYear: number;
  name: string;
  /** "Runner, 10km". */
  race: string;
  /** "5 September 2099", or null when the edition has no date. */
  date: string | null;
  /** "52:14 — 34th of 210" when timed and published, else "Finisher". */
  achievement: string;
}

const ORDINAL_SUFFIXES: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const ordinalRule = new Intl.PluralRules('en-GB', { type: 'ordinal' });

/** 1st, 2nd, 3rd, 11th, 22nd… */
export const ordinal = (n: number) => `${n}${ORDINAL_SUFFIXES[ordinalRule.select(n)] ?? 'th'}`;

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "5 September 2099" for the calendar date 2099-09-05 (a date as stored, not an instant). */
export const formatLongDate = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`));

/** "52:14 — 34th of 210", "52:14" when the place is not known, "Finisher" without a time. */
export function achievementOf(time: string | null, place: number | null, finishers: number | null) {
  if (!time) return 'Finisher';
  return place && finishers ? `${time} — ${ordinal(place)} of ${finishers}` : time;
}
