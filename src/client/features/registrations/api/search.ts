import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '../../../../shared/registrations/registration.ts';
import { apiFetch } from '../../../lib/api.ts';

export const MIN_SEARCH_LENGTH = 2;

export const useEntrantSearch = (text: string) =>
  useQuery({
    queryKey: ['entrant-search', text],
    queryFn: ({ signal }) =>
      apiFetch<SearchResult>(`/api/registrations/search?q=${encodeURIComponent(text)}`, { signal }),
    enabled: text.length >= MIN_SEARCH_LENGTH,
    placeholderData: keepPreviousData,
  });
