// One way to write a calendar date everywhere, as the spec does (24/02/24), and Harare's clock.

/** "22/11/26" for the calendar date 2026-11-22 (YYYY-MM-DD, shown as stored: not an instant). */
export function formatShortDate(isoDate: string) {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  return `${day}/${month}/${year.slice(-2)}`;
}

// Made once: making one costs about a millisecond, and every GET /api/event asks whether the event is over
// (issue 44 §2: 4.6 s of the server's CPU in one mixed-load run).
const harareDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Harare' });

/** Today's date in Harare, the events' clock, as YYYY-MM-DD. */
export function harareToday(now = new Date()) {
  return harareDate.format(now);
}

const harareDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Harare',
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "24/11/26, 14:00" in Harare time, for an instant (mails, where the reader's clock is not known). */
export const formatHarareDateTime = (instant: Date | string) => harareDateTime.format(new Date(instant));
