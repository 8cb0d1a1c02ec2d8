import anyAscii from 'any-ascii';

/** One segment of GSM-7: a longer message costs two or more, and UCS-2 (any other character) never goes. */
export const SMS_LENGTH = 160;

// In GSM-7 these take two septets (its extension table), or are missing (`): each becomes a close one-septet character.
const TWO_SEPTETS: Record<string, string> = {
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  '\\': '/',
  '^': '-',
  '~': '-',
  '|': '/',
  '`': "'",
};

/** Text as GSM-7's basic characters only: transliterated (Mūchenje → Muchenje, “ ” → "), then anything left as '?'. */
export function toGsm7(text: string) {
  return anyAscii(text)
    .replace(/[[\]{}\\^~|`]/g, (character) => TWO_SEPTETS[character] ?? '?')
    .replace(/[^\n\x20-\x7e]/g, '?');
}

/**
 * "<title>: <text> <link>" in one segment. What the admin typed (the event's title) gives way first, then the
 * end of the text; the link is never cut.
 */
export function oneSegment(title: string, text: string, link?: string) {
  const tail = link ? ` ${link}` : '';
  let head = toGsm7(title).trim();
  let body = toGsm7(text);
  const over = () => head.length + 2 + body.length + tail.length - SMS_LENGTH;
  if (over() > 0) head = head.slice(0, Math.max(0, head.length - over())).trim();
  if (head.length < 4) head = '';
  const prefix = head ? `${head}: ` : '';
  if (prefix.length + body.length + tail.length > SMS_LENGTH) {
    body = `${body.slice(0, Math.max(0, SMS_LENGTH - prefix.length - tail.length - 1)).trimEnd()}.`;
  }
  return `${prefix}${body}${tail}`;
}
