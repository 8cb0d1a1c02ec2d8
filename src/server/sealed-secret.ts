import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Decision record 011: secrets an admin types (the Paynow integration key, the SMS gateway's password) are
// kept encrypted under a key derived from the server's secret, one key per purpose.
const derive = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'celebration', purpose, 32));

/** AES-256-GCM; the event's id is bound in, so a stored secret cannot be moved to another event. */
export function sealSecret(secret: string, purpose: string, eventId: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(secret, purpose), iv);
  cipher.setAAD(Buffer.from(eventId));
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The value, or null when it cannot be read (another server secret, or tampered with). */
export function unsealSecret(
  secret: string,
  purpose: string,
  eventId: string,
  stored: string,
): string | null {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', derive(secret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(eventId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
