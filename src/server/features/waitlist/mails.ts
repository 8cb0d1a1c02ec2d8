import { formatHarareDateTime } from '../../../shared/dates.ts';
import { DISCIPLINE_LABELS, type Discipline } from '../../../shared/events/event-display.ts';
import { greeting } from '../../../shared/shown-name.ts';

export const JOINED_KIND = 'waitlist-joined';
export const OFFER_KIND = 'waitlist-offer';
export const OFFER_LAPSED_KIND = 'waitlist-offer-lapsed';

interface Who {
  email: string;
  firstName: string;
  reference: string;
}
interface Race {
  title: string;
  year: number;
  discipline: Discipline;
  label: string;
}

const raceName = (race: Race) => `${DISCIPLINE_LABELS[race.discipline]} ${race.label}`;

export function joinedMail(race: Race, who: Who, position: number) {
  return {
    to: who.email,
    kind: JOINED_KIND,
    subject: `${race.title}: you are on the waitlist for ${race.label}`,
    text: [
      `${greeting(who.firstName)},`,
      '',
      `You are on the waitlist for the ${race.title} ${race.year}, ${raceName(race)}.`,
      `You are number ${position} on the waitlist for ${race.label}. Your waitlist reference is ${who.reference}.`,
      '',
      'When a place frees, the first person waiting is offered it by email, with a link to accept it.',
      'You are not registered yet: there is nothing to pay until you accept a place.',
    ].join('\n'),
  };
}

export function offerMail(race: Race, who: Who, link: string, expiresAt: Date) {
  const until = formatHarareDateTime(expiresAt);
  return {
    to: who.email,
    kind: OFFER_KIND,
    subject: `${race.title}: a place in ${race.label} is yours until ${until}`,
    text: [
      `${greeting(who.firstName)},`,
      '',
      `A place has freed in the ${race.title} ${race.year}, ${raceName(race)}, and it is offered to you (waitlist reference ${who.reference}).`,
      '',
      `Accept it (or tell us you do not need it) here before ${until} (Harare time):`,
      link,
      '',
      'After that time the place passes to the next person waiting. Keep this link to yourself.',
    ].join('\n'),
  };
}
