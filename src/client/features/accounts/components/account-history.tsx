import { useState } from 'react';
import type { AccountSummary } from '../../../../shared/accounts/account.ts';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { useAccountChanges } from '../api/account-changes.ts';
import { describeChange } from '../role-access.ts';

/** The account's latest role change, disabling or enabling; the earlier ones (fetched) when opened. */
export function AccountHistory({ account }: { account: AccountSummary }) {
  const [open, setOpen] = useState(false);
  const changes = useAccountChanges(account.id, open);
  const { lastChange, changeCount } = account;
  if (!lastChange) return null;
  const earlier = changeCount - 1;

  return (
    <div className="mt-1 text-sm text-stone-600">
      <p>{describeChange(lastChange)}</p>
      {earlier > 0 && (
        <details className="mt-1" onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary className="cursor-pointer font-semibold text-brand-700">
            {earlier} earlier change{earlier === 1 ? '' : 's'}
          </summary>
          {changes.isFetching && !changes.data && <p role="status">Loading the history…</p>}
          <QueryError query={changes} />
          {changes.data && (
            <ol aria-label={`Earlier changes of ${account.name}`} className="mt-1 flex flex-col gap-1">
              {changes.data.changes.slice(1).map((change) => (
                <li key={`${change.at}-${change.what}-${change.to}`}>{describeChange(change)}</li>
              ))}
            </ol>
          )}
        </details>
      )}
    </div>
  );
}
