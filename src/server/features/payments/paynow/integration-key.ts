import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Decision record 011: the Paynow integration key is kept encrypted under a key derived from the server's secret.
const derive = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'celebration', 'paynow integration key v1', 32));

/** AES-256-GCM; the event's id is bound in, so a stored key cannot be moved to another event. */
export function encryptIntegrationKey(secret: string, eventId: string, key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(secret), iv);
  cipher.setAAD(Buffer.from(eventId));
  const sealed = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The key, or null when it cannot be read (another server secret, or tampered with). */
export function decryptIntegrationKey(secret: string, eventId: string, stored: string): string | null {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', derive(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(eventId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
