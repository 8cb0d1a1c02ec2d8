/** What a search box's text means to a LIKE pattern. */

/** The text matched literally: % and _ are not wildcards here. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const PHONE_TYPED = /^[+\d\s().-]+$/;

/**
 * The digits to look for in stored phones (+263771234567) when the text is a phone as typed (0771234567,
 * 077 123 4567), at least four of them; otherwise '' (the digits of a name or a reference, Moyo4321, are
 * no phone's).
 */
export function phoneDigitsTyped(text: string) {
  if (!PHONE_TYPED.test(text)) return '';
  const digits = text.replace(/\D/g, '').replace(/^0/, '');
  return digits.length >= 4 ? digits : '';
}
