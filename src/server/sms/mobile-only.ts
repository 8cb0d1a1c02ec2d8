// The full metadata (which kind of number) is ~+20 KiB: the server alone reads it, the phone's form does not.
import { type NumberType, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { badRequest } from '../http/problem.ts';

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

/**
 * Refuses a landline given as a Mobile, the message beside the field at `path`. An edit passes the number kept
 * before (`kept`): one stored before landlines were refused stays while it is not changed, so the rest of the
 * entry can still be corrected.
 */
export function refuseLandline(
  e164: string | undefined,
  { path = 'mobile', kept }: { path?: string; kept?: string | null } = {},
) {
  if (e164 && e164 !== kept && isNotMobile(e164))
    throw badRequest('Please check the form.', [{ path, message: NOT_A_MOBILE }]);
}
