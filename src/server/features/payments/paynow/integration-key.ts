import { sealSecret, unsealSecret } from '../../../sealed-secret.ts';

const PURPOSE = 'paynow integration key v1';

/** The Paynow integration key, encrypted (decision record 011). */
export const encryptIntegrationKey = (secret: string, eventId: string, key: string) =>
  sealSecret(secret, PURPOSE, eventId, key);

/** The key, or null when it cannot be read (another server secret, or tampered with). */
export const decryptIntegrationKey = (secret: string, eventId: string, stored: string) =>
  unsealSecret(secret, PURPOSE, eventId, stored);
