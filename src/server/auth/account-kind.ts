import { AsyncLocalStorage } from 'node:async_hooks';
import type { Role } from '../../shared/accounts/account.ts';

/**
 * The role a sign-up creates. Set only by our own sign-up routes around the call to better-auth, so
 * no request body or header can choose it; everything else gets the default, participant.
 */
export const signUpRole = new AsyncLocalStorage<Extract<Role, 'participant' | 'company'>>();
