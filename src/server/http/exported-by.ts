import { csvText } from './csv.ts';

const harare = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Harare',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Exported by Ana Admin on 2026-11-24 10:42 (Harare)": what every export says first, so a copy found later tells whose it was. */
export function exportedBy(name: string, at = new Date()) {
  const part = Object.fromEntries(harare.formatToParts(at).map(({ type, value }) => [type, value]));
  return `Exported by ${name} on ${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute} (Harare)`;
}

/**
 * A CSV export's first line, before its header row: the byte-order mark (so Excel reads the names right)
 * and "# Exported by …" in a cell of its own.
 */
export const exportedByCsvLine = (stamp: string) => csvText([[`# ${stamp}`]], { bom: true });
