import { DISCIPLINES } from '../events/event-display.ts';
import type { WaitlistReceipt } from '../waitlist/waitlist.ts';
import type { RegistrationAnswer } from './registration.ts';

type Answer = RegistrationAnswer | WaitlistReceipt;

/**
 * Where a form sent without JavaScript goes once registered: /Thankyou with what that page shows, none of
 * it personal (the reference, race and fees; never a name, an address or the private link).
 */
export function thankYouPath(answer: Answer) {
  const search = new URLSearchParams({
    reference: answer.reference,
    discipline: answer.discipline,
    race: answer.raceType,
  });
  if ('onWaitlist' in answer) search.set('position', String(answer.position));
  else {
    if (answer.feeUsd !== null) search.set('usd', answer.feeUsd);
    if (answer.feeZwg !== null) search.set('zwg', answer.feeZwg);
    if ('alreadyRegistered' in answer) {
      search.set('found', answer.nothingDue ? 'settled' : 'due');
      if (answer.confirmationResent) search.set('resent', '1');
    }
  }
  return `/Thankyou?${search}`;
}

/** The answer a /Thankyou link carries, or undefined when it carries none. */
export function answerFromSearch(search: string): Answer | undefined {
  const params = new URLSearchParams(search);
  const reference = params.get('reference');
  const discipline = DISCIPLINES.find((d) => d === params.get('discipline'));
  const raceType = params.get('race');
  if (!reference || !discipline || !raceType) return undefined;
  const position = params.get('position');
  if (position !== null) {
    return { onWaitlist: true, reference, discipline, raceType, position: Number(position) };
  }
  const receipt = { reference, discipline, raceType, feeUsd: params.get('usd'), feeZwg: params.get('zwg') };
  const found = params.get('found');
  if (found === null) return receipt;
  return {
    ...receipt,
    alreadyRegistered: true,
    nothingDue: found === 'settled',
    confirmationResent: params.get('resent') === '1',
  };
}
