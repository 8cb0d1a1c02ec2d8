// The full metadata (which kind of number) is ~+20 KiB: the server alone reads it, the phone's form does not.
import { type NumberType, parsePhoneNumberFromString } from 'libphonenumber-js/max';

export const NOT_A_MOBILE =
  'Enter a mobile number: this one is a landline, which cannot receive our text messages';

/** Kinds of number that never take a text message; a number of unknown kind is given the benefit of the doubt. */
const NOT_MOBILE: ReadonlySet<NumberType> = new Set([
  'FIXED_LINE',
  'TOLL_FREE',
  'PREMIUM_RATE',
  'SHARED_COST',
  'UAN',
  'VOICEMAIL',
]);

/** Whether a stored (E.164) number is a landline or another number that cannot be a mobile. */
export function isNotMobile(e164: string) {
  const type = parsePhoneNumberFromString(e164)?.getType();
  return type !== undefined && NOT_MOBILE.has(type);
}
