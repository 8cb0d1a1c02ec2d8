/**
 * The pages a private link opens by its token: an entry's /My/<token>, a waitlist offer's /Offer/<token>,
 * the confirmation of a new email address /ConfirmEmail/<token>.
 */
export type PrivateLinkPage = 'My' | 'Offer' | 'ConfirmEmail';

/** The site's own addresses, made once from PUBLIC_URL: what mails and Paynow link to. */
export interface Links {
  /** The site's address, without a trailing slash. */
  site: string;
  /** A page's address, e.g. page('/About'). */
  page(path: string): string;
  /** A private link's address. */
  privateLink(page: PrivateLinkPage, token: string): string;
}

export function linksOf(publicUrl: string): Links {
  const site = publicUrl.replace(/\/$/, '');
  return {
    site,
    page: (path) => `${site}${path}`,
    privateLink: (page, token) => `${site}/${page}/${token}`,
  };
}
