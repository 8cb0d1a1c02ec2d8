import type { PublicEvent } from '../../../../shared/events/event.ts';
import { displayPhone } from '../../../../shared/events/event-display.ts';

// A module of its own: the registration forms show it while the edition is a draft, and need nothing else of
// the landing's facts (issue 34: /Register's first load grows by at most 1 KiB).

/** Instead of the Register buttons while the edition is a draft: nothing to enter yet, and whom to ask. */
export function RegistrationOpensSoon({ event, onPhoto = true }: { event: PublicEvent; onPhoto?: boolean }) {
  return (
    <div
      className={`w-full max-w-xl rounded-xl p-5 text-stone-900 ${onPhoto ? 'bg-white/95 shadow-lg' : 'border border-stone-200 bg-white'}`}
    >
      <p className="text-2xl font-bold">Registration opens soon</p>
      <p className="mt-1">
        The organisers are getting the {event.year} fun run ready. Come back soon to register. Questions? Call{' '}
        <a href={`tel:${event.contactPhone}`} className="font-semibold text-brand-700 underline">
          {displayPhone(event, event.contactPhone)}
        </a>
        .
      </p>
    </div>
  );
}
