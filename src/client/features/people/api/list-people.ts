import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Person, PersonKind, PersonList, PersonListQuery } from '../../../../shared/people/people.ts';
import { apiFetch } from '../../../lib/api.ts';

/** The most rows the server lays out at once: Print asks for all of them. */
export const PRINT_PAGE_SIZE = 5000;

export type PeopleFilter = Pick<PersonListQuery, 'q' | 'sort' | 'dir'>;

function searchParams(query: PersonListQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

/** One page of a register; without a query, the key of every page of it; without a kind, of both registers. */
export const getPeopleQueryOptions = (kind?: PersonKind, query?: PersonListQuery) =>
  queryOptions({
    queryKey: !kind ? ['people'] : query ? ['people', kind, query] : ['people', kind],
    queryFn: ({ signal }) => apiFetch<PersonList>(`/api/${kind}?${searchParams(query ?? {})}`, { signal }),
  });

/** One page of the register; the previous page stays on screen while the next one loads. */
export const usePeople = (kind: PersonKind, query: PersonListQuery) =>
  useQuery({ ...getPeopleQueryOptions(kind, query), placeholderData: keepPreviousData });

/** Every row of the current filter, for the print layout. */
export const getEveryPersonQueryOptions = (kind: PersonKind, filter: PeopleFilter) =>
  getPeopleQueryOptions(kind, { ...filter, page: 1, pageSize: PRINT_PAGE_SIZE });

/** The CSV export of the current filter (a plain link: the browser downloads it with the session cookie). */
export const exportCsvUrl = (kind: PersonKind, filter: PeopleFilter) => {
  const params = searchParams(filter).toString();
  return `/api/${kind}/export.csv${params ? `?${params}` : ''}`;
};

/** One record, opened on its own: all of it (the list leaves out the address). */
export const getPersonQueryOptions = (kind: PersonKind, id: string) =>
  queryOptions({
    // Not under ['people', kind]: the register's updates of its pages would reach it.
    queryKey: ['person', kind, id],
    queryFn: ({ signal }) => apiFetch<Person>(`/api/${kind}/${encodeURIComponent(id)}`, { signal }),
  });

export const usePerson = (kind: PersonKind, id: string) => useQuery(getPersonQueryOptions(kind, id));
