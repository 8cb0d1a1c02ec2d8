// Times are stored in UTC and shown in Harare, the way the spec writes dates (24/02/24).
const HARARE = 'Africa/Harare';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: HARARE,
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

const date = new Intl.DateTimeFormat('en-GB', {
  timeZone: HARARE,
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
});

/** "21/11/25, 14:03" in Harare time. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** "21/11/25" in Harare time. */
export const formatDate = (iso: string) => date.format(new Date(iso));
