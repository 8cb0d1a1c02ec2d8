import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { secondaryButtonClass } from '../../components/ui/button.tsx';
import { FormSuccess } from '../../components/ui/form-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { useStatementReview } from '../../features/statements/api/statements.ts';
import { RecentStatements } from '../../features/statements/components/recent-statements.tsx';
import { StatementReview } from '../../features/statements/components/statement-review.tsx';
import { StatementUpload } from '../../features/statements/components/statement-upload.tsx';

/** /Statements: a bank or mobile-money statement imported, matched to entries by reference, confirmed. */
export default function StatementsPage() {
  const [params, setParams] = useSearchParams();
  const importId = params.get('import');
  const [notice, setNotice] = useState<string>();

  return (
    <>
      <PageHeading title="Statements">
        <p>
          Import a bank or mobile-money statement (CSV) to mark the entries it pays. Each line is matched to
          an entry by the reference in its description (a mobile-money line without one, by the number that
          paid) and checked against the fee; you can assign any other line by hand, and you review the matches
          before anything is marked paid on the{' '}
          <Link to="/Participants" className="font-medium text-brand-700 underline">
            participants
          </Link>{' '}
          list.
        </p>
      </PageHeading>
      {notice && (
        <div className="mb-4">
          <FormSuccess>{notice}</FormSuccess>
        </div>
      )}
      {importId ? (
        <>
          <ImportReview id={importId} />
          <p className="mt-8">
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                setNotice(undefined);
                setParams({});
              }}
            >
              Import another statement
            </button>
          </p>
        </>
      ) : (
        <div className="flex flex-col gap-8">
          <StatementUpload
            onImported={({ id, alreadyImported, skippedRows }) => {
              const skipped = skippedRows > 0 ? ` Rows without an amount left out: ${skippedRows}.` : '';
              const known = alreadyImported > 0 ? ` Lines imported before, skipped: ${alreadyImported}.` : '';
              setNotice(
                id
                  ? `Statement imported.${known}${skipped}`
                  : `Every line of this statement was imported before: nothing new to review.${skipped}`,
              );
              if (id) setParams({ import: id });
            }}
          />
          <RecentStatements />
        </div>
      )}
    </>
  );
}

function ImportReview({ id }: { id: string }) {
  const review = useStatementReview(id);
  return (
    <>
      {review.isPending && <Loading label="Loading the statement…" />}
      <QueryError query={review} />
      {review.data && <StatementReview review={review.data} />}
    </>
  );
}
