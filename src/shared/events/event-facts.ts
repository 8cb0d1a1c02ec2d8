// The event's day, closing time and lowest fees as the landing page shows them.

const eventDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
/** "Saturday 14 March 2026" for the event's day (YYYY-MM-DD). */
export const formatEventDay = (isoDate: string) => eventDay.format(new Date(`${isoDate}T00:00:00Z`));

const closingTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Harare',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** "Friday 27 February 2026 at 17:00" (Harare) for an ISO time. */
export const formatClosingTime = (iso: string) => closingTime.format(new Date(iso));

/** The lowest fee in each currency among the races: what the landing page quotes as "from". */
export function lowestFees(races: readonly { feeUsd: string | null; feeZwg: string | null }[]) {
  const lowest = (fees: (string | null)[]) => {
    const set = fees.filter((fee): fee is string => fee !== null);
    return set.length ? set.reduce((a, b) => (Number(b) < Number(a) ? b : a)) : null;
  };
  return { usd: lowest(races.map((r) => r.feeUsd)), zwg: lowest(races.map((r) => r.feeZwg)) };
}
