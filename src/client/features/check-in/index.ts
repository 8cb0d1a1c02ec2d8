// What other features use of check-in (decision record 015); the rest is its own.
import { hasSentWalkUps } from './walk-up-count.ts';

export { unsentCashOf } from './cash-kept.ts';
export { unsentTapsOf } from './tap-queue.ts';
/** At logout: the roster never stays on a phone for the next person (loaded only then: it is not small). */
export const forgetRosterAtLogout = () => import('./roster.ts').then((roster) => roster.forgetRoster());
export { unsentWalkUpsOf } from './walk-up-count.ts';

/** At logout: the names of the walk-ups sent from this phone go too (those still waiting stay, to be sent). */
export const forgetSentWalkUpsAtLogout = async () => {
  if (hasSentWalkUps()) await import('./walk-up-queue.ts').then((queue) => queue.forgetSentWalkUps());
};
