const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Paynow's "27-Nov-2026 14:35" (d-MMM-yyyy HH:mm) as "14:35 on 27 Nov 2026"; anything else as Paynow wrote it. */
export function expiryText(expires: string) {
  const parts = /^(\d{1,2})-([A-Za-z]{3})-(\d{4}) (\d{1,2}):(\d{2})$/.exec(expires.trim());
  if (!parts || !MONTHS.includes(parts[2] ?? '')) return expires;
  const [, day, month, year, hour, minute] = parts;
  return `${hour?.padStart(2, '0')}:${minute} on ${Number(day)} ${month} ${year}`;
}
