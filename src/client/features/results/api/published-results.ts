import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type PublishedResults, publishedResultsKey } from '../../../../shared/results/published.ts';
import { apiFetch } from '../../../lib/api.ts';

export interface ResultsParams {
  race?: string | null;
  q?: string | null;
  page?: string | null;
}

/** One page of a race's published results; its key is the one the server fills in the page it renders. */
export const getPublishedResultsQueryOptions = (params: ResultsParams) => {
  const queryKey = publishedResultsKey(params);
  const { race, q, page } = queryKey[1];
  const search = new URLSearchParams({ ...(race && { race }), ...(q && { q }), page: String(page) });
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiFetch<PublishedResults>(`/api/results?${search}`, { signal }),
  });
};

export const usePublishedResults = (params: ResultsParams) =>
  useQuery({ ...getPublishedResultsQueryOptions(params), placeholderData: keepPreviousData });
