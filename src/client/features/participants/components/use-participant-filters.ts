import { useLocation, useNavigate } from 'react-router';
import { DISCIPLINES } from '../../../../shared/events/event-display.ts';
import {
  PARTICIPANTS_PAGE_SIZES,
  PAYMENT_STATUSES,
  type ParticipantColumn,
  type ParticipantListQuery,
  SORTABLE_COLUMNS,
} from '../../../../shared/participants/participants.ts';

export const GENDER_FILTERS = ['Male', 'Female', 'unknown'] as const;
export const DEFAULT_SORT: ParticipantColumn = 'createdAt';
export const DEFAULT_DIR = 'desc';
const DEFAULT_PAGE_SIZE = 25;

export type FilterName = 'discipline' | 'race' | 'payment' | 'gender' | 'tshirt';
export type ListState = Required<Pick<ParticipantListQuery, 'sort' | 'dir' | 'page' | 'pageSize'>> &
  Omit<ParticipantListQuery, 'sort' | 'dir' | 'page' | 'pageSize'>;

const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | undefined =>
  choices.includes(value as T) ? (value as T) : undefined;

const text = (value: string | null) => value?.trim() || undefined;

/**
 * The list's filters, sort and page live in the address (?discipline=cycle&sort=age&dir=asc&page=2),
 * so a reload, a bookmark or a shared link shows the same list. Unknown values are ignored.
 */
export function useParticipantFilters() {
  // useLocation and useNavigate rather than useSearchParams: the public pages already load these two, and
  // the router's code lives in the entry chunk that every page pays for.
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const state: ListState = {
    q: text(params.get('q')),
    discipline: oneOf(DISCIPLINES, params.get('discipline')),
    race: text(params.get('race')),
    payment: oneOf(PAYMENT_STATUSES, params.get('payment')),
    gender: oneOf(GENDER_FILTERS, params.get('gender')),
    tshirt: text(params.get('tshirt')),
    edition: text(params.get('edition')),
    sort: oneOf(SORTABLE_COLUMNS, params.get('sort')) ?? DEFAULT_SORT,
    dir: oneOf(['asc', 'desc'] as const, params.get('dir')) ?? DEFAULT_DIR,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PARTICIPANTS_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? pageSize
      : DEFAULT_PAGE_SIZE,
  };

  /** Changes some values; any change but the page's own goes back to page 1. */
  function update(change: Partial<Record<keyof ListState, string | number | undefined>>) {
    // The address as it is now, not as this render saw it: two changes may come before the next render.
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in change)) next.delete('page');
    if (next.get('page') === '1') next.delete('page');
    if (next.get('sort') === DEFAULT_SORT && next.get('dir') === DEFAULT_DIR) {
      next.delete('sort');
      next.delete('dir');
    }
    const query = next.toString();
    // Typing and clicking through filters should not fill the back button's history.
    navigate({ search: query ? `?${query}` : '', hash }, { replace: true });
  }

  const filtered = Boolean(
    state.q || state.discipline || state.race || state.payment || state.gender || state.tshirt,
  );
  const clear = () =>
    update({
      q: undefined,
      discipline: undefined,
      race: undefined,
      payment: undefined,
      gender: undefined,
      tshirt: undefined,
    });

  return { state, update, filtered, clear };
}
