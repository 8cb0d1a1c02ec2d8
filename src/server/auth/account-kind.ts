import { AsyncLocalStorage } from 'node:async_hooks';
import type { Role } from '../../shared/accounts/account.ts';

export interface SignUp {
  /** The role the new account gets. */
  role: Extract<Role, 'participant' | 'company'>;
  /** The version of the privacy notice the sign-up form linked to (null while no event is set up). */
  privacyVersion: number | null;
}

/**
 * What a sign-up creates. Set only by our own sign-up routes around the call to better-auth, so no request
 * body or header can choose it; everything else gets the default role, participant, and no notice version.
 */
export const signUpContext = new AsyncLocalStorage<SignUp>();
