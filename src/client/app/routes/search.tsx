import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import { ENTRANT_SEARCH } from '../../../shared/registrations/entrant-search.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { SearchBox } from '../../components/ui/search-box.tsx';
import { ErrorMessage } from '../../components/ui/status.tsx';
import { MIN_SEARCH_LENGTH, useEntrantSearch } from '../../features/registrations/api/search.ts';
import { useSearchText } from '../../lib/use-debounced-value.ts';
import { typedText } from '../typed-before-script.ts';

// Longer than other search boxes wait: typing a name costs a request or two, and the search is limited per client.
const TYPING_PAUSE_MS = 500;

export default function Search() {
  // A name typed into the server's search box on a slow phone before the script arrived (searched at once), or
  // a search sent by the form without JavaScript (?q=), which the server answered in the page.
  const [params] = useSearchParams();
  const [initial] = useState(() => typedText('/Search', 'q') ?? params.get('q') ?? '');
  const { text, setText, query, searchNow } = useSearchText(TYPING_PAUSE_MS, initial);
  const search = useEntrantSearch(query);
  const results = search.data?.results ?? [];
  const ready = query.length >= MIN_SEARCH_LENGTH;

  return (
    <PublicPage title="Find an entrant">
      <h1 className="text-3xl font-bold">Find an entrant</h1>
      <p className="mt-2 mb-6 text-stone-700">
        Check that you or a friend are registered: type the start of a first name or surname. Only names and
        races are shown, of entrants who chose to be listed.
      </p>
      <SearchBox
        label="Name"
        value={text}
        onChange={setText}
        onSearch={searchNow}
        placeholder="e.g. Tendai Moyo"
        submitLabel="Search"
        action="/Search"
        name="q"
      />

      <div aria-live="polite" className="mt-6">
        {!ready && <p className="text-stone-600">Type at least {MIN_SEARCH_LENGTH} letters of a name.</p>}
        {ready && search.isPending && <p className="text-stone-600">Searching…</p>}
        {ready && search.isError && (
          <ErrorMessage onRetry={() => search.refetch()}>{search.error.message}</ErrorMessage>
        )}
        {ready && search.isSuccess && results.length === 0 && (
          <p className="text-stone-700">No registered entrant matches “{query}”.</p>
        )}
        {ready && results.length > 0 && (
          <>
            <p className="mb-2 text-sm text-stone-600">
              {results.length === ENTRANT_SEARCH.maxResults
                ? `Showing the first ${ENTRANT_SEARCH.maxResults} matches: type more of the name to narrow them`
                : `${results.length} found`}
            </p>
            <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
              {results.map((entrant, index) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: two entrants may share a name; the order is stable
                  key={index}
                  className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3"
                >
                  <span className="font-medium">
                    {entrant.firstName} {entrant.lastName}
                  </span>
                  <span className="text-sm text-stone-700">
                    {DISCIPLINE_LABELS[entrant.discipline]} · {entrant.raceType}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </PublicPage>
  );
}
