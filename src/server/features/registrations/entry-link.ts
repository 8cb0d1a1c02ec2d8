import { createHash, randomBytes } from 'node:crypto';

/**
 * A private link's token: 192 random bits, of which only the digest is stored. An entry's page is /My/<token>;
 * a waitlist offer's /Offer/<token>; the confirmation of a new email address /ConfirmEmail/<token>.
 */
export type PrivateLinkPage = 'My' | 'Offer' | 'ConfirmEmail';

export function newPrivateLink(publicUrl: string, page: PrivateLinkPage) {
  const token = randomBytes(24).toString('base64url');
  return { token, digest: entryLinkDigest(token), url: privateLinkUrl(publicUrl, page, token) };
}

export const newEntryLink = (publicUrl: string) => newPrivateLink(publicUrl, 'My');

export const entryLinkDigest = (token: string) => createHash('sha256').update(token).digest('base64url');

const privateLinkUrl = (publicUrl: string, page: PrivateLinkPage, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/${page}/${token}`;

export const entryLinkUrl = (publicUrl: string, token: string) => privateLinkUrl(publicUrl, 'My', token);

/** What an entry's QR code says (128 random bits): it only finds the entry on /CheckIn, for volunteers. */
export const newCheckInCode = () => randomBytes(16).toString('hex');
