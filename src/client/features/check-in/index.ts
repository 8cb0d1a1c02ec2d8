// What other features use of check-in (decision record 015); the rest is its own.
export { unsentCashOf } from './cash-kept.ts';
export { unsentTapsOf } from './tap-queue.ts';
/** At logout: the roster never stays on a phone for the next person (loaded only then: it is not small). */
export const forgetRosterAtLogout = () => import('./roster.ts').then((roster) => roster.forgetRoster());
