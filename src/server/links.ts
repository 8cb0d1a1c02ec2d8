import type { Env } from './env.ts';
import { listenOrigins } from './listen-addresses.ts';

/**
 * The pages a private link opens by its token: an entry's /My/<token>, a waitlist offer's /Offer/<token>,
 * the confirmation of a new email address /ConfirmEmail/<token>, a place given to someone /Transfer/<token>,
 * a "pay for me" link /PayFor/<token>.
 */
export type PrivateLinkPage = 'My' | 'Offer' | 'ConfirmEmail' | 'Transfer' | 'PayFor';

/**
 * The site's own addresses, made once at start: PUBLIC_URL when it is set; without it, the addresses the
 * server listens on. Never from a request's Host header, which whoever sends the request chooses.
 */
export interface Links {
  /** Where mails and Paynow send people, without a trailing slash: PUBLIC_URL, or the first address that is not loopback. */
  site: string;
  /** Every origin our pages may be opened at: the same-origin checks trust these and no other. */
  origins: readonly string[];
  /** A page's address, e.g. page('/About'). */
  page(path: string): string;
  /** A private link's address. */
  privateLink(page: PrivateLinkPage, token: string): string;
}

export function linksOf(env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): Links {
  const origins = env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).origin] : listenOrigins(env.HOST, env.PORT);
  const site = (env.PUBLIC_URL ?? origins[0] ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    site,
    origins,
    page: (path) => `${site}${path}`,
    privateLink: (page, token) => `${site}/${page}/${token}`,
  };
}
