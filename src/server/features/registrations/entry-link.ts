import { hash, randomBytes } from 'node:crypto';
import type { Links, PrivateLinkPage } from '../../links.ts';

/**
 * Random bytes for tokens, drawn from a pool: a call to the system's generator costs about 9 µs whatever its
 * size, and a registration made two (issue 44's profile). Each byte is handed out once.
 */
let pool = Buffer.alloc(0);
let taken = 0;
function randomChunk(size: number) {
  if (taken + size > pool.length) {
    pool = randomBytes(4096);
    taken = 0;
  }
  taken += size;
  return pool.subarray(taken - size, taken);
}

/** A private link's token: 192 random bits, of which only the digest is stored. */
export function newPrivateLink(links: Links, page: PrivateLinkPage) {
  const token = randomChunk(24).toString('base64url');
  return { token, digest: entryLinkDigest(token), url: links.privateLink(page, token) };
}

export const newEntryLink = (links: Links) => newPrivateLink(links, 'My');

// One-shot: a Hash object costs more than the digest of a short text.
export const entryLinkDigest = (token: string) => hash('sha256', token, 'base64url');

/** What an entry's QR code says (128 random bits): it only finds the entry on /CheckIn, for volunteers. */
export const newCheckInCode = () => randomChunk(16).toString('hex');
