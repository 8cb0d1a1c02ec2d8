import { Fragment } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { publicCertificateUrl } from '../../../../shared/results/certificate.ts';
import {
  ordinal,
  type PublishedResult,
  type PublishedResults,
} from '../../../../shared/results/published.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ErrorMessage, Loading } from '../../../components/ui/status.tsx';
import { usePublishedResults } from '../api/published-results.ts';

const GENDER_GROUPS: Record<string, string> = { Male: 'Men', Female: 'Women' };

export const raceName = (race: { discipline: string; label: string }) =>
  `${race.discipline === 'cycle' ? 'Cycle' : 'Run'} ${race.label}`;

/** "/Results?race=…&q=…&page=2": a link that works with and without JavaScript. */
function resultsLink(params: { race?: string | null; q?: string | null; page?: number }) {
  const search = new URLSearchParams();
  if (params.race) search.set('race', params.race);
  if (params.q) search.set('q', params.q);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  const query = search.toString();
  return query ? `/Results?${query}` : '/Results';
}

function ResultRow({ result }: { result: PublishedResult }) {
  const places = [
    result.bib !== null && `Bib ${result.bib}`,
    result.genderPlace !== null &&
      result.gender &&
      `${GENDER_GROUPS[result.gender] ?? result.gender} ${ordinal(result.genderPlace)}`,
    result.ageGroupPlace !== null && `${result.ageGroup} ${ordinal(result.ageGroupPlace)}`,
  ].filter(Boolean);
  return (
    <li className="flex items-baseline gap-3 px-4 py-3">
      <span className="w-12 shrink-0 text-lg font-bold tabular-nums">
        {result.place ?? result.status.toUpperCase()}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium break-words">{result.name}</span>
        <span className="block text-sm text-stone-700">
          {places.map((place, index) => (
            <Fragment key={String(place)}>
              {index > 0 && ' · '}
              <span className="whitespace-nowrap">{place}</span>
            </Fragment>
          ))}
        </span>
        {result.certificate && result.bib !== null && (
          <a
            href={publicCertificateUrl(result.bib, 'png')}
            download
            className="inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-2"
          >
            Certificate<span className="sr-only"> of {result.name}</span>
          </a>
        )}
      </span>
      <span className="shrink-0 font-semibold tabular-nums">{result.time ?? ''}</span>
    </li>
  );
}

function RacePicker({ data }: { data: PublishedResults }) {
  if (data.races.length < 2) return null;
  return (
    <nav aria-label="Races" className="mb-4 flex flex-wrap gap-2">
      {data.races.map((race) => (
        <Link
          key={race.id}
          to={resultsLink({ race: race.id })}
          aria-current={race.id === data.race ? 'page' : undefined}
          className="inline-flex min-h-11 items-center rounded-full border border-stone-400 bg-white px-4 font-medium aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
        >
          {raceName(race)}
        </Link>
      ))}
    </nav>
  );
}

function Paging({ data, q }: { data: PublishedResults; q: string }) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  if (pages < 2) return null;
  const linkClass = 'inline-flex min-h-11 items-center font-semibold underline underline-offset-2';
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      {data.page > 1 ? (
        <Link className={linkClass} to={resultsLink({ race: data.race, q, page: data.page - 1 })}>
          ← Places {(data.page - 2) * data.pageSize + 1}–{(data.page - 1) * data.pageSize}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-700">
        Page {data.page} of {pages}
      </span>
      {data.page < pages ? (
        <Link className={linkClass} to={resultsLink({ race: data.race, q, page: data.page + 1 })}>
          Next {data.pageSize} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A race's published results with the race picker, the search by bib or name and the pages. */
export function ResultsList() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const race = params.get('race');
  const q = (params.get('q') ?? '').trim();
  const results = usePublishedResults({ race, q, page: params.get('page') });
  const data = results.data;

  if (!data) {
    if (results.isError)
      return <ErrorMessage onRetry={() => results.refetch()}>{results.error.message}</ErrorMessage>;
    return <Loading label="Loading the results…" />;
  }
  if (!data.published)
    return (
      <p className="rounded-xl border border-stone-200 bg-white p-4 text-stone-800">
        The results are not published yet: the organisers check them first. Come back later.
      </p>
    );
  if (!data.race) return <p className="text-stone-700">There are no races with results.</p>;
  const shown = data.races.find((one) => one.id === data.race);

  return (
    <>
      <RacePicker data={data} />
      <search>
        <form
          method="get"
          action="/Results"
          onSubmit={(event) => {
            event.preventDefault();
            const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
            navigate(resultsLink({ race: data.race, q: text }));
          }}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <input type="hidden" name="race" value={data.race} />
          <TextField
            key={q}
            label="Bib or name"
            name="q"
            defaultValue={q}
            placeholder="e.g. 123 or Tendai"
            fieldClassName="flex-1"
            enterKeyHint="search"
          />
          <Button type="submit">Search</Button>
        </form>
      </search>
      <div aria-live="polite" className="mt-6">
        <h2 className="mb-2 text-xl font-bold">{shown ? raceName(shown) : 'Results'}</h2>
        <p className="mb-2 text-sm text-stone-700">
          {q ? (
            <>
              {data.total === 0 ? 'Nobody' : data.total === 1 ? 'One result' : `${data.total} results`} found
              for “{q}” ·{' '}
              <Link to={resultsLink({ race: data.race })} className="underline underline-offset-2">
                Show everyone
              </Link>
            </>
          ) : (
            `${data.finishers} ${data.finishers === 1 ? 'finisher' : 'finishers'}`
          )}
        </p>
        {data.results.length > 0 && (
          <ol
            className={`divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white ${results.isFetching ? 'opacity-70' : ''}`}
          >
            {data.results.map((result, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a bib may be missing; the order is the race's
              <ResultRow key={index} result={result} />
            ))}
          </ol>
        )}
        {!q && data.results.length === 0 && <p className="text-stone-700">No results in this race yet.</p>}
        <Paging data={data} q={q} />
      </div>
    </>
  );
}
