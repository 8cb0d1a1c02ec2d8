import type { CheckInCounts } from '../../../../shared/check-in/check-in.ts';
import { DISCIPLINE_LABELS } from '../../../../shared/events/event-display.ts';

/** Per race: how many of its entrants are checked in, and the T-shirts still to hand out per size. */
export function CheckInCountsList({ counts }: { counts: CheckInCounts }) {
  const races = counts.races.filter((race) => race.registered > 0);
  if (races.length === 0) return <p>No one has entered a race yet.</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {races.map((race) => (
        <li key={race.id} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
          <h3 className="font-bold text-stone-900">
            {DISCIPLINE_LABELS[race.discipline]}s · {race.race}
          </h3>
          <p className="mt-1 text-lg">
            <strong className="text-2xl">{race.checkedIn}</strong> of {race.registered} checked in
          </p>
          <div className="mt-2 h-2 rounded-full bg-stone-200" aria-hidden="true">
            <div
              className="h-2 rounded-full bg-brand-700"
              style={{ width: `${Math.round((100 * race.checkedIn) / race.registered)}%` }}
            />
          </div>
          <p className="mt-2 text-sm text-stone-700">
            T-shirts left:{' '}
            {race.tshirtsLeft.every((size) => size.count === 0)
              ? 'none'
              : race.tshirtsLeft.map((size) => `${size.size} ${size.count}`).join(' · ')}
          </p>
        </li>
      ))}
    </ul>
  );
}
