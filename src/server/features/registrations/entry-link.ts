import { createHash, randomBytes } from 'node:crypto';
import type { Links, PrivateLinkPage } from '../../links.ts';

/** A private link's token: 192 random bits, of which only the digest is stored. */
export function newPrivateLink(links: Links, page: PrivateLinkPage) {
  const token = randomBytes(24).toString('base64url');
  return { token, digest: entryLinkDigest(token), url: links.privateLink(page, token) };
}

export const newEntryLink = (links: Links) => newPrivateLink(links, 'My');

export const entryLinkDigest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** What an entry's QR code says (128 random bits): it only finds the entry on /CheckIn, for volunteers. */
export const newCheckInCode = () => randomBytes(16).toString('hex');
