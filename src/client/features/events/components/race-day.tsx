import type { PublicEvent } from '../../../../shared/events/event.ts';
import { calendarPath, type Discipline } from '../../../../shared/events/event-display.ts';
import { formatEventDay } from '../../../../shared/events/event-facts.ts';

/** When and where an entrant's race is, with its day as a calendar file: on /Thankyou and on /My. */
export function RaceDay({
  event,
  discipline,
  raceType,
}: {
  event: PublicEvent;
  discipline: Discipline;
  raceType: string;
}) {
  const race = event.races.find((r) => r.discipline === discipline && r.label === raceType);
  const facts = [
    ['Date', event.eventDate ? formatEventDay(event.eventDate) : 'To be announced'],
    ['Venue', event.venue || 'To be announced'],
    ['Start', race?.startTime ? `${race.startTime} (${raceType})` : 'To be announced'],
  ];
  return (
    <section aria-labelledby="race-day-heading" className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="race-day-heading" className="text-2xl font-bold text-stone-900">
        When and where
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-stone-600">{term}</dt>
            <dd className="font-medium text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      {event.eventDate && (
        <p className="mt-4 flex flex-col items-start gap-1">
          <a
            href={calendarPath({ discipline, raceType })}
            download
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          >
            Add to calendar
          </a>
          <span className="text-sm text-stone-600">A calendar file (.ics) for your phone or computer.</span>
        </p>
      )}
    </section>
  );
}
