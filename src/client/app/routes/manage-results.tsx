import { useState } from 'react';
import { buttonClass, secondaryButtonClass } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Section } from '../../components/ui/section.tsx';
import { Loading } from '../../components/ui/status.tsx';
import {
  ResultsTables,
  ResultsUpload,
  useAdminResults,
  usePublishResults,
} from '../../features/results/index.ts';
import { formatDateTime } from '../../lib/dates.ts';

/** /ManageResults: the timer's file imported and checked, results corrected, then published. */
export default function ManageResultsPage() {
  const results = useAdminResults();
  return (
    <>
      <PageHeading title="Results">
        <p>
          Import the timer’s file (CSV or Excel) with a bib and a time for each finisher. Results stay
          preliminary, seen by organisers only, until you publish them; you can correct any of them after, and
          each change is kept in the entry’s history.
        </p>
      </PageHeading>
      <div className="flex flex-col gap-8">
        <ResultsUpload />
        {results.isPending && <Loading label="Loading the results…" />}
        <QueryError query={results} />
        {results.data && (
          <Section
            title="Results"
            action={
              <Publishing
                publishedAt={results.data.publishedAt}
                hasResults={results.data.races.some((race) => race.results.length > 0)}
              />
            }
          >
            <ResultsTables results={results.data} />
          </Section>
        )}
      </div>
    </>
  );
}

function Publishing({ publishedAt, hasResults }: { publishedAt: string | null; hasResults: boolean }) {
  const [asking, setAsking] = useState(false);
  const publish = usePublishResults();
  const publishing = publishedAt === null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="status" className="text-stone-700">
        {publishedAt ? `Published ${formatDateTime(publishedAt)}` : 'Preliminary: not published'}
      </p>
      {(hasResults || !publishing) && (
        <button
          type="button"
          className={publishing ? buttonClass : secondaryButtonClass}
          onClick={() => setAsking(true)}
        >
          {publishing ? 'Publish results' : 'Take back to preliminary'}
        </button>
      )}
      <ConfirmDialog
        open={asking}
        title={publishing ? 'Publish the results?' : 'Take the results back?'}
        confirmLabel={publishing ? 'Publish' : 'Take back'}
        busy={publish.isPending}
        failure={publish.error}
        onCancel={() => setAsking(false)}
        onConfirm={() => publish.mutate(publishing, { onSuccess: () => setAsking(false) })}
      >
        {publishing
          ? 'Everyone will see them on the results page, and finishers are told their time. You can still correct a result after.'
          : 'The results page will say results are not published yet. Finishers already told are not told again.'}
      </ConfirmDialog>
    </div>
  );
}
