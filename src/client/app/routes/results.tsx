import { PublicPage } from '../../components/public-page.tsx';
import { ResultsList } from '../../features/results/index.ts';

export default function Results() {
  return (
    <PublicPage title="Results">
      <h1 className="text-3xl font-bold">Results</h1>
      <p className="mt-2 mb-6 text-stone-700">
        Every finisher by place, with places among men or women and in the age group. Find yourself by bib or
        name.
      </p>
      <ResultsList />
    </PublicPage>
  );
}
