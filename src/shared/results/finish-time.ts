/** The longest finish time taken as real: a fun run is over long before a day is. */
export const LONGEST_FINISH_MS = 24 * 60 * 60 * 1000;

/**
 * A finish time as timers write it: "h:mm:ss", "mm:ss" or seconds, each with decimals allowed ("52:14.3").
 * Milliseconds, or undefined when it is no time or an impossible one (zero, a minute of 60, a day or more).
 */
export function parseFinishTime(typed: string): number | undefined {
  const text = typed.trim().replace(',', '.');
  const match = /^(?:(?:(\d{1,2}):)?([0-5]?\d):)?(\d+(?:\.\d{1,3})?)$/.exec(text);
  if (!match) return undefined;
  const [, hours, minutes, seconds] = match;
  const secondsValue = Number(seconds);
  // With minutes before them, seconds stop at 59; alone, a count of seconds may be any size.
  if (minutes !== undefined && secondsValue >= 60) return undefined;
  const ms = Math.round(((Number(hours ?? 0) * 60 + Number(minutes ?? 0)) * 60 + secondsValue) * 1000);
  return ms > 0 && ms < LONGEST_FINISH_MS ? ms : undefined;
}

/** A finish time as results show it: "52:14" under an hour, "1:02:09" over; tenths only when there are some. */
export function formatFinishTime(ms: number): string {
  const tenths = Math.round(ms / 100) % 10;
  const totalSeconds = Math.floor(Math.round(ms / 100) / 10);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  const clock = hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
  return tenths > 0 ? `${clock}.${tenths}` : clock;
}
