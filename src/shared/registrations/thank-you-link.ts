import type { Discipline, PublicEvent } from '../events/event.ts';
import type { WaitlistReceipt } from '../waitlist/waitlist.ts';
import type { RegistrationAnswer } from './registration.ts';

type Answer = RegistrationAnswer | WaitlistReceipt;

/** An entry's reference (CFR25-0042) or a waitlist place's (CFR25-W0007): an edition's prefix and a number. */
const ENTRY_REFERENCE = /^[A-Z0-9]{2,10}-\d{4,9}$/;
const WAITLIST_REFERENCE = /^[A-Z0-9]{2,10}-W\d{4,9}$/;

type WithoutRace<A> = A extends unknown
  ? Omit<A, 'discipline' | 'raceType'> & { discipline?: Discipline; raceType?: string }
  : never;
/** What a /Thankyou link may show: an answer without its race when the race is not one of the event's. */
export type LinkedAnswer = WithoutRace<Answer>;

/**
 * What a /Thankyou link shows (forms posted without JavaScript were once answered with one; they are now
 * answered with the page itself), or undefined when it carries no reference. Anyone can write such a link, and
 * the page looks nothing up (that would let anyone step through references): it shows a reference only of
 * a reference's shape, the race only when it is one of the event's, and that race's fee from the event.
 */
export function answerFromSearch(search: string, event: PublicEvent | undefined): LinkedAnswer | undefined {
  const params = new URLSearchParams(search);
  const reference = params.get('reference') ?? '';
  const race = event?.races.find(
    (r) => r.discipline === params.get('discipline') && r.label === params.get('race'),
  );
  const raceShown = race ? { discipline: race.discipline, raceType: race.label } : {};
  const position = Number(params.get('position'));
  if (WAITLIST_REFERENCE.test(reference) && Number.isSafeInteger(position) && position > 0) {
    return { onWaitlist: true, reference, position, ...raceShown };
  }
  if (!ENTRY_REFERENCE.test(reference)) return undefined;
  const receipt = { reference, ...raceShown, feeUsd: race?.feeUsd ?? null, feeZwg: race?.feeZwg ?? null };
  const found = params.get('found');
  if (found !== 'settled' && found !== 'due') return receipt;
  return {
    ...receipt,
    alreadyRegistered: true,
    nothingDue: found === 'settled',
    confirmationResent: params.get('resent') === '1',
  };
}
