import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ENTRANT_SEARCH } from '../../../../shared/registrations/entrant-search.ts';
import type { SearchResult } from '../../../../shared/registrations/search.ts';
import { apiFetch } from '../../../lib/api.ts';

export const MIN_SEARCH_LENGTH = ENTRANT_SEARCH.minLength;

export const useEntrantSearch = (text: string) =>
  useQuery({
    queryKey: ['entrant-search', text],
    queryFn: ({ signal }) =>
      apiFetch<SearchResult>(`/api/registrations/search?q=${encodeURIComponent(text)}`, { signal }),
    enabled: text.length >= MIN_SEARCH_LENGTH,
    placeholderData: keepPreviousData,
  });
