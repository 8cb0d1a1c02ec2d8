// Every limit of the HTTP layer, in one place so the docs and the tests cite the same numbers.

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export interface Limit {
  max: number;
  /** Milliseconds. */
  window: number;
}

/**
 * Per client address (a shared church Wi-Fi gets some room) and per email address in the body, counting
 * every call. Sign-in counts wrong passwords instead, per email: see SIGN_IN_THROTTLE.
 */
export const AUTH_LIMITS = {
  signIn: { ip: { max: 60, window: MINUTE } },
  signUp: { ip: { max: 100, window: 10 * MINUTE }, email: { max: 3, window: 10 * MINUTE } },
  emailLink: { ip: { max: 30, window: 10 * MINUTE }, email: { max: 3, window: 10 * MINUTE } },
} satisfies Record<string, { ip: Limit; email?: Limit }>;

/**
 * Wrong passwords, counted so that guessing is slowed while the owner, from a client that has not
 * failed, can always sign in (see sign-in-throttle.ts).
 */
export const SIGN_IN_THROTTLE = {
  /**
   * Strict, per (email, client address): after `max` wrong passwords that client is refused for that
   * email until `window` has passed since its last wrong one.
   */
  perClient: { max: 10, window: 15 * MINUTE },
  /**
   * Gentle, per email from any address: after `freeFailures` wrong passwords, each further one makes
   * every client that has failed for this email wait, first `firstWait`, then twice as long each time,
   * up to `maxWait`. Forgotten `window` after the last wrong password.
   */
  perEmail: { freeFailures: 10, firstWait: SECOND, maxWait: 15 * MINUTE, window: 60 * MINUTE },
  /** Emails and (email, address) pairs remembered at most, oldest forgotten first: memory stays bounded. */
  maxEntries: 20_000,
};
