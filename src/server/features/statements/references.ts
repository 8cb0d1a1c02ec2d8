/** What a statement line's narrative names: entry references (as stored, CFR25-0042), team and group codes. */
export interface NamedReferences {
  entries: string[];
  /** Team codes (the six hex digits of CFR25-T3F9A2C), upper case. */
  teams: string[];
  /** Group codes (the six hex digits of CFR25-G3F9A2C, a group form's reference), upper case. */
  groups: string[];
}

const SEPARATOR = '[\\s.\\-_/:#]{0,3}';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The prefix as people write it: any case, and a space, dot or dash where letters meet digits
 * ("CFR 25", "cfr-25").
 */
function prefixPattern(prefix: string) {
  return prefix
    .split(/(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])/)
    .map(escapeRegExp)
    .join('[\\s.\\-]?');
}

/**
 * The references a narrative names, written loosely: any case, spaces or dots for the dash, none at all,
 * leading zeros ("cfr25 42", "CFR25.0042", "CFR 25 0042", "CFR250042"). The number is 1–6 digits not
 * followed by another digit, so a phone number after the prefix (CFR25 0771234567) is not taken for one.
 * A team reference is the prefix, T and six hex digits not followed by a letter or digit; a group's, G and six.
 */
export function namedReferences(narrative: string, prefix: string): NamedReferences {
  const head = `(?<!\\d)${prefixPattern(prefix)}${SEPARATOR}`;
  const entries = new Set<string>();
  const teams = new Set<string>();
  const groups = new Set<string>();
  for (const match of narrative.matchAll(new RegExp(`${head}([TG])([0-9A-F]{6})(?![A-Za-z0-9])`, 'gi'))) {
    const code = (match[2] ?? '').toUpperCase();
    (match[1]?.toUpperCase() === 'T' ? teams : groups).add(code);
  }
  for (const match of narrative.matchAll(new RegExp(`${head}(\\d{1,6})(?!\\d)`, 'gi'))) {
    const number = Number(match[1]);
    if (number > 0) entries.add(`${prefix}-${String(number).padStart(4, '0')}`);
  }
  return { entries: [...entries], teams: [...teams], groups: [...groups] };
}
