// The event's day, closing time and lowest fees as the landing page shows them.

// Made on first use, not when the module loads: the browser's first format loads its locale data (~20 ms
// on a fast machine, four times that on a cheap phone). In the page's render, which React does in slices,
// it is one short task; in the module's start it lengthened the longest.
let eventDay: Intl.DateTimeFormat | undefined;
let closingTime: Intl.DateTimeFormat | undefined;

/** "Saturday 14 March 2026" for the event's day (YYYY-MM-DD). */
export function formatEventDay(isoDate: string) {
  eventDay ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return eventDay.format(new Date(`${isoDate}T00:00:00Z`));
}

/** "Friday 27 February 2026 at 17:00" (Harare) for an ISO time. */
export function formatClosingTime(iso: string) {
  closingTime ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Harare',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return closingTime.format(new Date(iso));
}

/** The lowest fee in each currency among the races: what the landing page quotes as "from". */
export function lowestFees(races: readonly { feeUsd: string | null; feeZwg: string | null }[]) {
  const lowest = (fees: (string | null)[]) => {
    const set = fees.filter((fee): fee is string => fee !== null);
    return set.length ? set.reduce((a, b) => (Number(b) < Number(a) ? b : a)) : null;
  };
  return { usd: lowest(races.map((r) => r.feeUsd)), zwg: lowest(races.map((r) => r.feeZwg)) };
}
