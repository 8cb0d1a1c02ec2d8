import { SIGN_IN_THROTTLE } from './limits.ts';

interface Failures {
  count: number;
  /** When these failures are forgotten (ms since the epoch). */
  forgetAt: number;
}

interface EmailFailures extends Failures {
  /** Until then, clients that have failed for this email are refused. */
  waitUntil: number;
}

/**
 * Wrong passwords, remembered so that guessing slows down while the owner can still sign in.
 *
 * - Per (email, client address), strictly: after `perClient.max` wrong passwords that client is refused
 *   for this email until `perClient.window` has passed since its last wrong one.
 * - Per email, gently: after `perEmail.freeFailures` wrong passwords from any addresses, each further one
 *   sets a wait (1 s, 2 s, 4 s … up to `perEmail.maxWait`) during which every client that has failed for
 *   this email is refused with Retry-After.
 * - A client with no wrong password for this email is never refused here, so nobody can lock the owner
 *   out from elsewhere. (The per-address limit on all calls still applies; it also bounds how many
 *   attempts one client can have in flight before their failures are counted.)
 *
 * Refused attempts are not failures and do not extend any wait. A correct password clears that
 * client's failures, not the email's. Kept in this process's memory, like the rate-limit plugin's
 * counters, and bounded: the oldest entries are forgotten first. On PostgreSQL, SharedSignInThrottle keeps
 * them for every server (shared-sign-in-throttle.ts).
 */
export class SignInThrottle implements WrongPasswords {
  private readonly clients = new Map<string, Failures>();
  private readonly emails = new Map<string, EmailFailures>();

  constructor(
    private readonly limits = SIGN_IN_THROTTLE,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Seconds this client must wait before trying this email again; 0 when it may try now. */
  retryAfter(email: string, address: string): number {
    const now = this.now();
    const client = current(this.clients, clientKey(email, address), now);
    if (!client) return 0;
    if (client.count >= this.limits.perClient.max) return seconds(client.forgetAt - now);
    const account = current(this.emails, emailKey(email), now);
    return account && account.waitUntil > now ? seconds(account.waitUntil - now) : 0;
  }

  failed(email: string, address: string) {
    const now = this.now();
    const { perClient, perEmail, maxEntries } = this.limits;
    const client = current(this.clients, clientKey(email, address), now);
    remember(this.clients, clientKey(email, address), maxEntries, {
      count: (client?.count ?? 0) + 1,
      forgetAt: now + perClient.window,
    });
    const account = current(this.emails, emailKey(email), now);
    const count = (account?.count ?? 0) + 1;
    const beyond = count - perEmail.freeFailures;
    remember(this.emails, emailKey(email), maxEntries, {
      count,
      forgetAt: now + perEmail.window,
      waitUntil:
        beyond > 0
          ? now + Math.min(perEmail.maxWait, perEmail.firstWait * 2 ** (beyond - 1))
          : (account?.waitUntil ?? 0),
    });
  }

  succeeded(email: string, address: string) {
    this.clients.delete(clientKey(email, address));
  }
}

export const emailKey = (email: string) => email.trim().toLowerCase();
export const clientKey = (email: string, address: string) => `${emailKey(email)}\n${address}`;
export const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** What sign-in asks of a throttle: this process's (SignInThrottle) or every server's (SharedSignInThrottle). */
export interface WrongPasswords {
  retryAfter(email: string, address: string): number | Promise<number>;
  failed(email: string, address: string): void | Promise<void>;
  succeeded(email: string, address: string): void | Promise<void>;
}

function current<T extends Failures>(map: Map<string, T>, key: string, now: number): T | undefined {
  const entry = map.get(key);
  if (entry && entry.forgetAt <= now) {
    map.delete(key);
    return undefined;
  }
  return entry;
}

/** Stores `entry` as the newest; beyond `max` entries, forgets the oldest. */
function remember<T>(map: Map<string, T>, key: string, max: number, entry: T) {
  map.delete(key);
  map.set(key, entry);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}
