// The full metadata (which kind of number) is ~+20 KiB: the server alone reads it, the phone's form does not.
import { type NumberType, PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
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

/**
 * A stored number is read as it is, without the parser's search for one (a third of its time); a number the
 * direct read finds no kind for (one written with its national 0, say) is parsed as before.
 */
function typeOf(e164: string): NumberType | undefined {
  try {
    const type = new PhoneNumber(e164 as `+${string}`).getType();
    if (type !== undefined) return type;
  } catch {
    // Not E.164 at all: the parser says what it is.
  }
  return parsePhoneNumberFromString(e164)?.getType();
}

/** Whether a stored (E.164) number is a landline or another number that cannot be a mobile. */
export function isNotMobile(e164: string) {
  const type = typeOf(e164);
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
