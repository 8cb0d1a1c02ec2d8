import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Participant,
  ParticipantFilter,
  ParticipantList,
  ParticipantListQuery,
} from '../../../../shared/participants/participants.ts';
import { apiFetch } from '../../../lib/api.ts';

/** The query string of a filter (empty values left out), shared by the list and the two downloads. */
export function participantParams(query: ParticipantListQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

/** One page of a filter; without a filter, the key of every page of every filter. */
export const getParticipantsQueryOptions = (query?: ParticipantListQuery) =>
  queryOptions({
    queryKey: query ? ['participants', 'list', query] : ['participants', 'list'],
    queryFn: ({ signal }) =>
      apiFetch<ParticipantList>(`/api/participants?${participantParams(query ?? {})}`, { signal }),
  });

/** One page of entries; the previous page stays on screen while the next one loads. */
export const useParticipants = (query: ParticipantListQuery) =>
  useQuery({ ...getParticipantsQueryOptions(query), placeholderData: keepPreviousData });

/** Changes rows in every list page already fetched, so a change shows before the lists are fetched again. */
export function updateListRows(queryClient: QueryClient, change: (row: Participant) => Participant) {
  queryClient.setQueriesData<ParticipantList>(
    { queryKey: getParticipantsQueryOptions().queryKey },
    (list) => list && { ...list, rows: list.rows.map(change) },
  );
}

/**
 * FunRun_Participants.pdf or .csv of the current filters and sort: a plain link, so the browser downloads
 * it with the session cookie and the server streams it.
 */
export function exportUrl(
  format: 'pdf' | 'csv',
  filter: ParticipantFilter & Pick<ParticipantListQuery, 'sort' | 'dir'>,
) {
  const params = participantParams(filter).toString();
  return `/api/participants/export.${format}${params ? `?${params}` : ''}`;
}

/** A race's start list (PDF): every entry not cancelled, by surname, whatever the list's filters. */
export const startListUrl = (raceId: string) => `/api/races/${encodeURIComponent(raceId)}/start-list.pdf`;

/** A race's start list as CSV, stamped with who exported it (bib, names, gender, age, age group, race, reference). */
export const startListCsvUrl = (raceId: string) => `/api/races/${encodeURIComponent(raceId)}/start-list.csv`;

/** The same for timing software: the header on the first line, the age group as its category. */
export const timingCsvUrl = (raceId: string) => `/api/races/${encodeURIComponent(raceId)}/timing.csv`;
