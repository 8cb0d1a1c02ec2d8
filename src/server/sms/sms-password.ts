import { sealSecret, unsealSecret } from '../sealed-secret.ts';

const PURPOSE = 'txt.co.zw remote password v1';

/** The SMS gateway's password, encrypted as the Paynow key is (decision record 011). */
export const encryptSmsPassword = (secret: string, eventId: string, password: string) =>
  sealSecret(secret, PURPOSE, eventId, password);

export const decryptSmsPassword = (secret: string, eventId: string, stored: string) =>
  unsealSecret(secret, PURPOSE, eventId, stored);
