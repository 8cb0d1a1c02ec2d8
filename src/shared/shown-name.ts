/**
 * One rule for a name that we show to someone else (mail greetings now; SMS, results, certificates and
 * givers later). Whatever is typed in a public form's name field reaches other people's inboxes and screens,
 * so only a plain given name passes: the first word of the first name, when it is letters only (any script,
 * with its combining marks) and at most SHOWN_NAME_MAX_LENGTH characters. An apostrophe or a hyphen may join
 * two runs of letters (O'Brien, N’Dri, Jean-Luc), never start, end or double up. Anything else (digits,
 * punctuation, a sentence) is not shown at all: the caller says something neutral instead.
 */
export const SHOWN_NAME_MAX_LENGTH = 20;

const LETTERS_JOINED = /^[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*$/u;

/** The part of a first name that may be shown to others, or undefined when none may. */
export function shownFirstName(firstName: string | null | undefined): string | undefined {
  const [word = ''] = (firstName ?? '').normalize('NFC').trim().split(/\s+/u);
  if ([...word].length > SHOWN_NAME_MAX_LENGTH || !LETTERS_JOINED.test(word)) return undefined;
  // A run of marks alone ("\u0301") is no name.
  return /\p{L}/u.test(word) ? word : undefined;
}

/** "Hello Rudo" (or "Dear Rudo"), or a plain "Hello" when the name may not be shown. No punctuation. */
export function greeting(firstName: string | null | undefined, salutation: 'Hello' | 'Dear' = 'Hello') {
  const name = shownFirstName(firstName);
  return name ? `${salutation} ${name}` : 'Hello';
}
