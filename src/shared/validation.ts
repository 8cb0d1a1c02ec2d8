// zod/mini: the same validation in the browser at a fraction of classic zod's weight (the form's first load).
import * as z from 'zod/mini';

/**
 * What a one-line field may not hold: C0 and C1 controls (CR, LF and TAB among them), line and paragraph
 * separators, bidi overrides and isolates, zero-width characters. They are invisible or break a line, which
 * is how a name turns into a spreadsheet formula on a row of its own or reads differently from what it is.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
export const INVISIBLE = /[\u200b-\u200d\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
export const PLAIN_TEXT_ONLY = 'Use letters, numbers, spaces and punctuation only';

/** True when text holds none of the characters a one-line field refuses. */
export const isOneLine = (value: string) => !CONTROLS.test(value) && !INVISIBLE.test(value);

const unsetIfBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Treats a blank string as missing, so "required" and "too short" read differently. */
export function blankAsMissing<T extends z.core.$ZodType>(schema: T) {
  return z.pipe(z.transform(unsetIfBlank), schema);
}

/**
 * One line of text: NFC-normalised (so the same name typed two ways is one name), trimmed, plain. Every
 * one-line text field of every form goes through here.
 */
export function oneLine(max: number, tooLong = `Must be at most ${max} characters`, missing?: string) {
  return z
    .string({ error: missing })
    .check(z.normalize('NFC'), z.trim(), z.maxLength(max, tooLong), z.refine(isOneLine, PLAIN_TEXT_ONLY));
}

/** A short text field such as a name: required, one line, at most `max` characters. */
export function requiredText(label: string, max = 100) {
  return blankAsMissing(
    oneLine(max, `${capitalise(label)} must be at most ${max} characters`, `Enter ${label}`),
  );
}

export const emailAddress = blankAsMissing(
  z.pipe(
    z
      .string({ error: 'Enter an email address' })
      .check(z.trim(), z.maxLength(254, 'Email must be at most 254 characters')),
    z.email('Enter a valid email address, e.g. name@example.com'),
  ),
);

/** An email address the person may leave out: blank is none (undefined). */
export const optionalEmailAddress = z.pipe(z.transform(unsetIfBlank), z.optional(emailAddress));

/** A whole number typed in a text or number input. */
export function wholeNumber(label: string, min: number, max: number) {
  const outOfRange = `${capitalise(label)} must be between ${min} and ${max}`;
  return z.pipe(
    z.transform((value: unknown) => {
      const blank = unsetIfBlank(value);
      return typeof blank === 'string' && /^\s*\d+\s*$/.test(blank) ? Number(blank) : blank;
    }),
    z
      .int({ error: `Enter ${label} as a whole number` })
      .check(z.gte(min, outOfRange), z.lte(max, outOfRange)),
  );
}

/** "your mobile number" → "mobile number", so a label reads right after "Enter a valid". */
export function withoutArticle(text: string) {
  return text.replace(/^(your|the|a|an) /, '');
}

export function capitalise(text: string) {
  const bare = withoutArticle(text);
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/**
 * A day as YYYY-MM-DD that exists on the calendar (no 30 February). Written here rather than z.iso.date,
 * whose schema type would ride in every form's chunk, the public registration's too.
 */
export function isoDate(message: string) {
  return z.string({ error: message }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, message),
    z.refine((value: string) => {
      const day = new Date(`${value}T00:00:00Z`);
      // An impossible month is no date at all; an impossible day rolls over into the next month.
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
    }, message),
  );
}

// A gift's amount (issue 43) lives here, beside the other typed values, so /Register's first load takes no chunk of its own for it.

/** The most one gift may be, in either currency: a typo of a few zeros is caught before anyone is told to pay it. */
export const MAX_GIFT = 100_000;

/** A typed amount of money: digits, at most two decimals. */
export const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const MESSAGE = 'Enter the amount as a number, e.g. 10 or 10.50';

/** A typed amount of money: a positive number with at most two decimals, up to MAX_GIFT. */
export const giftAmountText = (message = MESSAGE) =>
  z.string({ error: message }).check(
    z.trim(),
    z.regex(AMOUNT, message),
    z.refine((value: string) => Number(value) > 0, 'Enter an amount above 0'),
    z.refine((value: string) => Number(value) <= MAX_GIFT, `A gift can be at most ${MAX_GIFT}`),
  );

/** An amount of money typed by a person, blank read as missing. */
export function giftAmount(message = MESSAGE) {
  return blankAsMissing(giftAmountText(message));
}
