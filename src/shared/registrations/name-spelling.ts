/**
 * The name on an entry changes hands only by a transfer ("Give my place to someone") or an organiser: on its
 * private page the entrant may only correct the spelling, each name part at most this many letters away from
 * the old one (a letter added, removed or changed; letter case counts for nothing).
 */
export const SPELLING_LETTERS = 2;

export const NAME_NOT_TRANSFERABLE =
  'Only the spelling may be corrected here (at most 2 letters): to give your place to someone else, use "Give my place to someone"';

/** How many letters must be added, removed or changed to turn one word into the other (Levenshtein). */
export function lettersApart(one: string, other: string) {
  const a = [...one.toLocaleLowerCase()];
  const b = [...other.toLocaleLowerCase()];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (const [i, letter] of a.entries()) {
    const row = [i + 1];
    for (const [j, otherLetter] of b.entries()) {
      row.push(
        Math.min(
          (previous[j + 1] ?? 0) + 1,
          (row[j] ?? 0) + 1,
          (previous[j] ?? 0) + (letter === otherLetter ? 0 : 1),
        ),
      );
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** Whether the new spelling of a name part is a correction of the old one, not another person's name. */
export const isSpellingCorrection = (before: string, after: string) =>
  lettersApart(before, after) <= SPELLING_LETTERS;
