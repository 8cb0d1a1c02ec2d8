import { randomBytes } from 'node:crypto';
import type { NotifyBy } from '../../shared/sms/sms-settings.ts';

/** Messages about an entrant under 18 go to the parent or guardian who consented, on that mobile. */
export const smsRecipientOf = (entrant: { age: number; mobile: string; guardianMobile?: string | null }) =>
  entrant.age < 18 && entrant.guardianMobile ? entrant.guardianMobile : entrant.mobile;

export const wantsSms = (notifyBy: NotifyBy) => notifyBy !== 'email';

/** The mail goes unless the entrant chose SMS alone and the text was queued: nobody is left untold. */
export const wantsMail = (notifyBy: NotifyBy, smsQueued: boolean) => notifyBy !== 'sms' || !smsQueued;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A short link's code: 20 characters of lowercase base32 (100 random bits), easy to retype from a basic
 * phone's screen; looked up lower-cased.
 */
export function newShortCode() {
  const bytes = randomBytes(13);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let index = 0; index < 20; index += 1) code += BASE32[Number((bits >> BigInt(5 * index)) & 31n)];
  return code;
}

/** A short code as typed: lower-cased, anything else refused (null). */
export const shortCodeAsTyped = (typed: string) =>
  /^[a-z2-7]{20}$/i.test(typed) ? typed.toLowerCase() : null;
