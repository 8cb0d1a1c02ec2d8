// zod/mini: the same validation in the browser at a fraction of classic zod's weight (the form's first load).
import * as z from 'zod/mini';

// Control characters cannot be stored by PostgreSQL (NUL) or shown sensibly; everything else is kept as typed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const unsetIfBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Treats a blank string as missing, so "required" and "too short" read differently. */
export function blankAsMissing<T extends z.core.$ZodType>(schema: T) {
  return z.pipe(z.transform(unsetIfBlank), schema);
}

/** A short text field such as a name: required, trimmed, at most `max` characters. */
export function requiredText(label: string, max = 100) {
  return blankAsMissing(
    z.string({ error: `Enter ${label}` }).check(
      z.trim(),
      z.maxLength(max, `${capitalise(label)} must be at most ${max} characters`),
      z.refine(
        (value: string) => !CONTROL_CHARACTERS.test(value),
        `${capitalise(label)} contains characters that are not allowed`,
      ),
    ),
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

function capitalise(text: string) {
  const bare = withoutArticle(text);
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}
