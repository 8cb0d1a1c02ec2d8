import { Link } from 'react-router';
import { ordinal, type MyResult as Result } from '../../../../shared/results/published.ts';

const GENDER_GROUPS: Record<string, string> = { Male: 'men', Female: 'women' };

/** The entrant's own published result on /My: his time, and his places overall, in his gender and age group. */
export function MyResult({ result }: { result: Result }) {
  const finished = result.place !== null && result.time !== null;
  return (
    <section aria-labelledby="result-heading" className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="result-heading" className="text-2xl font-bold">
        Your result
      </h2>
      {finished ? (
        <>
          <p className="mt-2 text-lg">
            Your {result.race} time: <strong className="text-2xl tabular-nums">{result.time}</strong>
          </p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-stone-600">Overall</dt>
            <dd className="font-medium">
              {ordinal(result.place ?? 0)} of {result.finishers}
            </dd>
            {result.genderPlace !== null && result.gender && (
              <>
                <dt className="text-stone-600">Among {GENDER_GROUPS[result.gender] ?? result.gender}</dt>
                <dd className="font-medium">{ordinal(result.genderPlace)}</dd>
              </>
            )}
            {result.ageGroupPlace !== null && (
              <>
                <dt className="text-stone-600">Age group {result.ageGroup}</dt>
                <dd className="font-medium">{ordinal(result.ageGroupPlace)}</dd>
              </>
            )}
          </dl>
        </>
      ) : (
        <p className="mt-2 text-lg">
          {result.race}: <strong>{result.status.toUpperCase()}</strong>
        </p>
      )}
      <p className="mt-3">
        <Link to="/Results" className="font-semibold underline underline-offset-2">
          See all the results
        </Link>
      </p>
    </section>
  );
}
