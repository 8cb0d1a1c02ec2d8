import { Link } from 'react-router';
import { STATEMENT_ACCOUNT_LABELS } from '../../../../shared/statements/statements.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Section } from '../../../components/ui/section.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useStatementImports } from '../api/statements.ts';

/** The latest imports: one not confirmed yet is opened again from here to finish its review. */
export function RecentStatements() {
  const imports = useStatementImports();
  return (
    <Section title="Recent statements">
      {imports.isPending && <Loading label="Loading the statements…" />}
      <QueryError query={imports} />
      {imports.data?.length === 0 && <p className="text-stone-700">No statement has been imported yet.</p>}
      {imports.data && imports.data.length > 0 && (
        <ul className="flex flex-col gap-3">
          {imports.data.map((row) => (
            <li key={row.id} className="rounded-xl border border-stone-200 bg-white p-3 shadow-sm sm:p-4">
              <Link
                to={`/Statements?import=${row.id}`}
                className="font-medium break-all text-brand-700 underline"
              >
                {row.fileName}
              </Link>{' '}
              {row.confirmedAt ? (
                <Badge tone="good">Confirmed</Badge>
              ) : (
                <Badge tone="warn">Waiting for confirmation</Badge>
              )}
              <p className="text-sm text-stone-700">
                {STATEMENT_ACCOUNT_LABELS[row.account]} · {row.lines} lines, {row.matched} matched · imported{' '}
                {formatDateTime(row.uploadedAt)}
                {row.uploadedBy ? ` by ${row.uploadedBy}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
