import { PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
// Its own module: the phone metadata (~28 KB gzip) loads only with forms that have a phone field.
import * as z from 'zod/mini';
import { blankAsMissing, withoutArticle } from './validation.ts';

/** A phone number typed the Zimbabwean way (0771234567) or internationally (+27 …); stored as E.164. */
export function phoneNumber(label: string) {
  const invalid = `Enter a valid ${withoutArticle(label)}, e.g. 0771234567 or +263 77 123 4567`;
  return blankAsMissing(
    z.pipe(
      z.string({ error: `Enter ${label}` }).check(z.trim(), z.maxLength(30, invalid)),
      z.transform((value: string, ctx) => {
        const parsed = parsePhoneNumberFromString(value, 'ZW');
        if (!parsed?.isValid()) {
          ctx.issues.push({ code: 'custom', message: invalid, input: value });
          return z.NEVER;
        }
        return parsed.number as string;
      }),
    ),
  );
}

/**
 * A number as a statement or a person writes it (0771234567, 263771234567, +263 77 123 4567) in E.164, as
 * mobiles are stored; null when it is no valid number.
 */
export function normalisePhone(text: string): string | null {
  const value = text.trim();
  if (value === '') return null;
  // Mobile-money exports write the country code without its plus (263771234567).
  const candidates = /^\d{11,15}$/.test(value) && !value.startsWith('0') ? [`+${value}`, value] : [value];
  for (const candidate of candidates) {
    const parsed = parsePhoneNumberFromString(candidate, 'ZW');
    if (parsed?.isValid()) return parsed.number as string;
  }
  return null;
}

/**
 * A stored E.164 number as dialled from a phone in Zimbabwe (077 123 4567, 00 27 82 123 4567): for
 * spreadsheets, where a leading + would start a formula.
 */
export function formatPhoneAsDialled(e164: string) {
  try {
    return new PhoneNumber(e164).format('IDD', { fromCountry: 'ZW' }) ?? e164;
  } catch {
    return e164;
  }
}

/** Formats a stored E.164 number for reading (+263 77 123 4567); text it cannot read comes back unchanged. */
export function formatPhone(e164: string) {
  // Reading a number already in E.164 skips the parser's search for one: twice as fast, and exports format two a row.
  try {
    return new PhoneNumber(e164).formatInternational();
  } catch {
    return e164;
  }
}
