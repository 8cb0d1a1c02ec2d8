import { createHash, randomBytes } from 'node:crypto';

/** A private link's token: 192 random bits, of which only the digest is stored. */
export function newEntryLink(publicUrl: string) {
  const token = randomBytes(24).toString('base64url');
  return { token, digest: entryLinkDigest(token), url: entryLinkUrl(publicUrl, token) };
}

export const entryLinkDigest = (token: string) => createHash('sha256').update(token).digest('base64url');

export const entryLinkUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/My/${token}`;

/** What an entry's QR code says (128 random bits): it only finds the entry on /CheckIn, for volunteers. */
export const newCheckInCode = () => randomBytes(16).toString('hex');
