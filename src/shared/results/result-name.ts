import type { Discipline } from '../events/event.ts';
import { shownFirstName } from '../shown-name.ts';

export interface NamedEntrant {
  firstName: string;
  lastName: string;
  age: number;
  bib: number | null;
  discipline: Discipline;
  showInResults: boolean;
  /** Set once retention or an erasure emptied the entry. */
  anonymised: boolean;
}

/** "Runner 123" or "Cyclist 123": an entrant whose name the results may not show. */
export const unnamed = ({ discipline, bib }: Pick<NamedEntrant, 'discipline' | 'bib'>) =>
  `${discipline === 'cycle' ? 'Cyclist' : 'Runner'}${bib === null ? '' : ` ${bib}`}`;

/**
 * The one rule for a name in published results: an adult who lets it be shown by first name and surname; a
 * minor by first name and the surname's initial ("Tendai M."); anyone else, or a name that is no plain name
 * (see shown-name.ts), by bib alone.
 */
export function resultName(entrant: NamedEntrant) {
  if (!entrant.showInResults || entrant.anonymised) return unnamed(entrant);
  const first = entrant.firstName.trim().replace(/\s+/gu, ' ');
  const last = entrant.lastName.trim().replace(/\s+/gu, ' ');
  if (entrant.age >= 18) return first && last ? `${first} ${last}` : unnamed(entrant);
  const given = shownFirstName(first);
  const initial = [...last][0]?.toLocaleUpperCase();
  return given && initial && /\p{L}/u.test(initial) ? `${given} ${initial}.` : unnamed(entrant);
}
