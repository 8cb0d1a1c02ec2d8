import type { PublicEvent } from '../../../../shared/events/event.ts';
import { DISCIPLINES, displayPhone } from '../../../../shared/events/event-display.ts';
import { formatClosingTime, formatEventDay, lowestFees } from '../../../../shared/events/event-facts.ts';
import { formatFees } from '../../../../shared/money.ts';

/** When, where, from how much and until when: the facts a visitor looks for first, over the photo. */
export function EventFacts({ event }: { event: PublicEvent }) {
  const from = lowestFees(event.races);
  const fees = formatFees(from.usd, from.zwg, ' / ');
  const facts = [
    ['Date', event.eventDate ? formatEventDay(event.eventDate) : 'To be announced'],
    ...(event.venue ? [['Venue', event.venue]] : []),
    ...(fees ? [['Entry', `from ${fees}`]] : []),
    ...(event.registrationClosesAt && event.registrationOpen
      ? [['Registration closes', formatClosingTime(event.registrationClosesAt)]]
      : []),
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-base sm:grid-cols-[auto_1fr] sm:text-lg">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-brand-100">{term}</dt>
          <dd className="-mt-2 mb-1 text-white sm:mt-0 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Instead of the Register buttons once registration has closed: said plainly, not as a small badge. */
export function RegistrationClosed({ event }: { event: PublicEvent }) {
  return (
    <div className="w-full max-w-xl rounded-xl bg-white/95 p-5 text-stone-900 shadow-lg">
      <p className="text-2xl font-bold">Registration has closed</p>
      <p className="mt-1">
        {event.registrationClosesAt
          ? `Registration closed on ${formatClosingTime(event.registrationClosesAt)}. `
          : ''}
        Questions? Call{' '}
        <a href={`tel:${event.contactPhone}`} className="font-semibold text-brand-700 underline">
          {displayPhone(event, event.contactPhone)}
        </a>
        .
      </p>
    </div>
  );
}

const GROUPS = { run: 'Runners', cycle: 'Cyclists' } as const;

/** Each race with its start time and fee, runners then cyclists. */
export function RaceList({ event }: { event: PublicEvent }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {DISCIPLINES.map((discipline) => {
        const races = event.races.filter((race) => race.discipline === discipline);
        if (races.length === 0) return null;
        return (
          <div key={discipline} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
            <h3 className="mb-2 text-lg font-semibold text-stone-900">{GROUPS[discipline]}</h3>
            <ul className="divide-y divide-stone-100">
              {races.map((race) => (
                <li key={race.label} className="flex flex-col py-2 sm:flex-row sm:justify-between sm:gap-x-4">
                  <span className="font-medium text-stone-900">
                    {race.label}
                    {race.full && <span className="ml-2 text-sm font-normal text-red-700">Full</span>}
                  </span>
                  <span className="text-stone-700">
                    {race.startTime ? `Starts ${race.startTime}` : 'Start time to be announced'}
                    {' · '}
                    {formatFees(race.feeUsd, race.feeZwg, ' / ') ?? 'fee to be confirmed'}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
