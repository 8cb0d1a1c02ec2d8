// The programme shows dates the way the spec writes them: sessions 24/02/24, due dates 03 May 2024.
// Session and due dates are calendar dates (YYYY-MM-DD), not instants: they are shown as stored.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parts(isoDate: string) {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  return { year, month, day };
}

/** "03 May 2024". */
export function formatDueDate(isoDate: string) {
  const { year, month, day } = parts(isoDate);
  return `${day} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

const harareDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Harare',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "03 May 2024, 14:05" in Harare time. */
export function formatSubmittedAt(iso: string) {
  const byType = Object.fromEntries(
    harareDateTime.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  // Month names from our own list: en-GB spells September "Sept" in newer ICU data.
  return `${byType.day} ${MONTHS[Number(byType.month) - 1]} ${byType.year}, ${byType.hour}:${byType.minute}`;
}

/** "1.2 MB", "340 KB". */
export function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * A stored (E.164) number for reading: Zimbabwe's +263 77 123 4567, others as stored. Kept small on
 * purpose: the dashboard would otherwise download the phone-number library only to show one number.
 */
export function formatPhoneForReading(e164: string) {
  const zimbabwe = /^\+263(\d{2})(\d{3})(\d{4})$/.exec(e164);
  return zimbabwe ? `+263 ${zimbabwe[1]} ${zimbabwe[2]} ${zimbabwe[3]}` : e164;
}
