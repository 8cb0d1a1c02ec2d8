import { type ReactNode, useId } from 'react';
import type { FunRunDashboard } from '../../../../shared/dashboard/dashboard.ts';
import { DISCIPLINE_LABELS, DISCIPLINES, type Discipline } from '../../../../shared/events/event-display.ts';

// Plain HTML and CSS bars rather than a chart library: three bar charts need a few kilobytes, not the tens
// a canvas library costs, the text stays text (readable at any zoom, on any phone), and each chart has its
// figures as a table for screen readers and for copying.

const DAY_MS = 86_400_000;
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', timeZone: 'UTC' });
const fullDayLabel = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  timeZone: 'UTC',
});
const formatDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));
const formatFullDay = (day: string) => fullDayLabel.format(new Date(`${day}T00:00:00Z`));
const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

const DISCIPLINE_BAR: Record<Discipline, string> = { run: 'bg-brand-600', cycle: 'bg-sky-700' };
const PLURAL: Record<Discipline, string> = { run: 'Runners', cycle: 'Cyclists' };

export default function DashboardCharts({ figures }: { figures: FunRunDashboard }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <PerDayChart perDay={figures.perDay} />
      </div>
      <PerRaceChart perRace={figures.perRace} />
      <TshirtChart tshirts={figures.tshirts} />
    </div>
  );
}

/** A chart's frame: title and summary (the text alternative), the picture, and its figures as a table. */
function ChartCard({
  title,
  summary,
  empty,
  children,
  figures,
}: {
  title: string;
  summary: string;
  empty?: string;
  children: ReactNode;
  /** The table's caption, column headings and rows. */
  figures: FiguresTableProps;
}) {
  const titleId = useId();
  return (
    <figure
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <figcaption>
        <h3 id={titleId} className="text-lg font-bold text-stone-900">
          {title}
        </h3>
        <p className="text-sm text-stone-700">{empty ?? summary}</p>
      </figcaption>
      {!empty && (
        <>
          {/* The picture repeats the summary and the table; screen readers get those instead. */}
          <div aria-hidden="true">{children}</div>
          <details className="mt-auto text-sm">
            <summary className="cursor-pointer rounded font-semibold text-brand-700 underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand-600">
              Show the figures as a table
            </summary>
            {/* Not a scrolling box: a long table (one row a day) grows the page, reachable without a tab stop. */}
            <div className="mt-2">
              <FiguresTable {...figures} />
            </div>
          </details>
        </>
      )}
    </figure>
  );
}

interface FiguresTableProps {
  caption: string;
  headings: string[];
  rows: ReactNode[][];
}

function FiguresTable({ caption, headings, rows }: FiguresTableProps) {
  return (
    <table className="w-full border-collapse text-left">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {headings.map((heading, index) => (
            <th
              key={heading}
              scope="col"
              className={`border-b border-stone-300 px-2 py-1 font-semibold ${index > 0 ? 'text-right' : ''}`}
            >
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional figures
          <tr key={row} className="odd:bg-stone-50">
            {cells.map((cell, index) =>
              index === 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <th key={index} scope="row" className="px-2 py-1 font-normal">
                  {cell}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <td key={index} className="px-2 py-1 text-right tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every day from the first registration to the last, days without one counted 0. */
function everyDay(perDay: FunRunDashboard['perDay']) {
  const counts = new Map(perDay.map((d) => [d.day, d.count]));
  const first = perDay[0]?.day;
  const last = perDay.at(-1)?.day;
  if (!first || !last) return [];
  const days: { day: string; count: number }[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push({ day, count: counts.get(day) ?? 0 });
  }
  return days;
}

function PerDayChart({ perDay }: { perDay: FunRunDashboard['perDay'] }) {
  const days = everyDay(perDay);
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const busiest = days.reduce((best, d) => (d.count > (best?.count ?? -1) ? d : best), days[0]);
  const max = Math.max(1, busiest?.count ?? 0);
  const first = days[0];
  const last = days.at(-1);
  const summary =
    first && last && busiest
      ? `${count(total, 'registration', 'registrations')} from ${formatFullDay(first.day)} to ${formatFullDay(last.day)}; the busiest day was ${formatFullDay(busiest.day)} with ${busiest.count}.`
      : '';
  return (
    <ChartCard
      title="Registrations per day"
      summary={summary}
      empty={days.length === 0 ? 'No registrations yet: the chart starts with the first one.' : undefined}
      figures={{
        caption: 'Registrations per day',
        headings: ['Day', 'Registrations'],
        rows: days.filter((d) => d.count > 0).map((d) => [formatFullDay(d.day), d.count]),
      }}
    >
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <div className="flex h-40 flex-col justify-between text-right text-xs text-stone-600 tabular-nums">
          <span>{max}</span>
          <span>0</span>
        </div>
        <div className="flex h-40 items-end gap-px border-b border-l border-stone-400">
          {days.map((d) => (
            <div
              key={d.day}
              title={`${formatFullDay(d.day)}: ${d.count}`}
              className="min-w-0 flex-1 rounded-t-sm bg-brand-600"
              style={{ height: `${(d.count / max) * 100}%` }}
            />
          ))}
        </div>
        <span />
        <div className="mt-1 flex justify-between text-xs text-stone-600">
          <span>{first && formatDay(first.day)}</span>
          {last && last !== first && <span>{formatDay(last.day)}</span>}
        </div>
      </div>
    </ChartCard>
  );
}

interface BarRow {
  key: string;
  label: string;
  value: number;
  limit?: number | null;
  bar: string;
  note: string;
}

/** Bars for runners, then for cyclists, each under its heading; a discipline without any is left out. */
function BarsPerDiscipline({
  max,
  heading,
  rows,
}: {
  max: number;
  heading: (discipline: Discipline) => ReactNode;
  rows: (discipline: Discipline) => BarRow[];
}) {
  return (
    <div className="flex flex-col gap-4">
      {DISCIPLINES.map((discipline) => {
        const own = rows(discipline);
        if (own.length === 0) return null;
        return (
          <div key={discipline}>
            <p className="mb-1.5 text-sm font-semibold text-stone-900">{heading(discipline)}</p>
            <Bars max={max} rows={own} />
          </div>
        );
      })}
    </div>
  );
}

/** Horizontal bars: one per row, the label above the bar on a phone, beside it from `sm`. */
function Bars({ rows, max }: { rows: BarRow[]; max: number }) {
  return (
    <ul className="flex flex-col gap-2.5">
      {rows.map((row) => (
        <li
          key={row.key}
          className="grid grid-cols-[1fr_auto] items-center gap-x-3 sm:grid-cols-[7rem_1fr_auto]"
        >
          <span className="truncate text-sm font-medium text-stone-800 sm:col-start-1">{row.label}</span>
          <span className="text-right text-sm text-stone-700 tabular-nums sm:col-start-3 sm:row-start-1">
            {row.note}
          </span>
          <span className="relative col-span-2 h-5 rounded bg-stone-100 sm:col-span-1 sm:col-start-2 sm:row-start-1">
            <span
              className={`absolute inset-y-0 left-0 rounded ${row.bar}`}
              style={{ width: `${(row.value / max) * 100}%` }}
            />
            {row.limit != null && (
              <span
                className="absolute inset-y-[-3px] w-0.5 bg-stone-900"
                style={{ left: `calc(${(row.limit / max) * 100}% - 1px)` }}
              />
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

function PerRaceChart({ perRace }: { perRace: FunRunDashboard['perRace'] }) {
  const max = Math.max(1, ...perRace.map((r) => Math.max(r.count, r.capacity ?? 0)));
  const full = perRace.filter((r) => r.capacity !== null && r.count >= r.capacity);
  const entrants = perRace.reduce((sum, r) => sum + r.count, 0);
  const summary = `${count(entrants, 'entrant', 'entrants')} in ${count(perRace.length, 'race', 'races')}${
    full.length
      ? `; full: ${full.map((r) => `${r.race} (${PLURAL[r.discipline].toLowerCase()})`).join(', ')}`
      : ''
  }. A black line marks a race's capacity.`;
  const limitText = (r: FunRunDashboard['perRace'][number]) =>
    r.capacity === null
      ? `${r.count} · no limit`
      : `${r.count} of ${r.capacity}${r.count >= r.capacity ? ' · full' : ''}`;
  return (
    <ChartCard
      title="Entrants per race"
      summary={summary}
      empty={perRace.length === 0 ? 'There are no races yet: add them in the event settings.' : undefined}
      figures={{
        caption: 'Entrants per race',
        headings: ['Race', 'Entrants', 'Capacity'],
        rows: perRace.map((r) => [
          `${r.race} · ${DISCIPLINE_LABELS[r.discipline]}`,
          r.count,
          r.capacity === null ? 'No limit' : r.capacity,
        ]),
      }}
    >
      <BarsPerDiscipline
        max={max}
        heading={(discipline) => PLURAL[discipline]}
        rows={(discipline) =>
          perRace
            .filter((r) => r.discipline === discipline)
            .map((r) => ({
              key: r.race,
              label: r.race,
              value: r.count,
              limit: r.capacity,
              bar: r.capacity !== null && r.count >= r.capacity ? 'bg-red-700' : DISCIPLINE_BAR[discipline],
              note: limitText(r),
            }))
        }
      />
    </ChartCard>
  );
}

function TshirtChart({ tshirts }: { tshirts: FunRunDashboard['tshirts'] }) {
  const max = Math.max(1, ...tshirts.map((t) => t.count));
  const totals = DISCIPLINES.map((d) => ({
    discipline: d,
    total: tshirts.filter((t) => t.discipline === d).reduce((sum, t) => sum + t.count, 0),
  }));
  const summary = `The order to place: ${totals
    .filter((t) => t.total > 0)
    .map((t) => `${count(t.total, 'shirt', 'shirts')} for ${PLURAL[t.discipline].toLowerCase()}`)
    .join(' and ')}.`;
  return (
    <ChartCard
      title="T-shirt sizes"
      summary={summary}
      empty={tshirts.length === 0 ? 'No T-shirts to order yet.' : undefined}
      figures={{
        caption: 'T-shirt sizes per discipline',
        headings: ['Size', 'Runners', 'Cyclists'],
        rows: sizesInOrder(tshirts).map((size) => [
          size,
          tshirts.find((t) => t.discipline === 'run' && t.size === size)?.count ?? 0,
          tshirts.find((t) => t.discipline === 'cycle' && t.size === size)?.count ?? 0,
        ]),
      }}
    >
      <BarsPerDiscipline
        max={max}
        heading={(discipline) => (
          <>
            {PLURAL[discipline]} · {totals.find((t) => t.discipline === discipline)?.total}
          </>
        )}
        rows={(discipline) =>
          tshirts
            .filter((t) => t.discipline === discipline)
            .map((t) => ({
              key: t.size,
              label: t.size,
              value: t.count,
              bar: DISCIPLINE_BAR[discipline],
              note: String(t.count),
            }))
        }
      />
    </ChartCard>
  );
}

/** The sizes of both disciplines in the event's order (the server sends each discipline's in order). */
function sizesInOrder(tshirts: FunRunDashboard['tshirts']) {
  const sizes: string[] = [];
  for (const t of tshirts) if (!sizes.includes(t.size)) sizes.push(t.size);
  return sizes;
}
