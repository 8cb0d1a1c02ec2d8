import { useState } from 'react';
import {
  ACCOUNTS_PAGE_SIZE,
  type AccountSummary,
  ROLE_LABELS,
  ROLES,
  type Role,
} from '../../../shared/accounts/account.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { secondaryButtonClass } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { inputClass } from '../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../components/ui/form-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { Pager, usePageOf } from '../../components/ui/pager.tsx';
import { SearchBox } from '../../components/ui/search-box.tsx';
import { ErrorMessage, Loading } from '../../components/ui/status.tsx';
import { Cell, DataTable, rowClass } from '../../components/ui/table.tsx';
import { useAccounts, useUpdateAccount } from '../../features/accounts/api/accounts.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { formatDate } from '../../lib/dates.ts';
import { TYPING_PAUSE_MS, useDebouncedValue } from '../../lib/use-debounced-value.ts';

type Notice = { kind: 'done' | 'failed'; text: string };

export default function Accounts() {
  const me = useCurrentUser();
  const [text, setText] = useState('');
  const [typed, settle] = useDebouncedValue(text, TYPING_PAUSE_MS);
  const query = typed.trim();
  const [page, setPage] = usePageOf(query);
  const [notice, setNotice] = useState<Notice>();
  const [confirming, setConfirming] = useState<AccountSummary>();

  const accounts = useAccounts(query, page);
  const update = useUpdateAccount();
  const list = accounts.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / (list.pageSize || ACCOUNTS_PAGE_SIZE))) : 1;

  async function changeRole(account: AccountSummary, role: Role) {
    setNotice(undefined);
    try {
      await update.mutateAsync({ id: account.id, change: { role } });
      setNotice({ kind: 'done', text: `${account.name} is now ${ROLE_LABELS[role].toLowerCase()}.` });
    } catch (error) {
      setNotice({ kind: 'failed', text: `The role of ${account.name} was not changed. ${errorText(error)}` });
    }
  }

  async function toggleDisabled(account: AccountSummary) {
    try {
      await update.mutateAsync({ id: account.id, change: { disabled: !account.disabled } });
      setConfirming(undefined);
      setNotice({
        kind: 'done',
        text: account.disabled
          ? `${account.name} can sign in again.`
          : `${account.name}'s account is disabled.`,
      });
    } catch {
      // Shown inside the dialog.
    }
  }

  return (
    <>
      <PageHeading title="Accounts">
        <p>Search by name or email. A role change or a disabled account signs that person out at once.</p>
      </PageHeading>
      <SearchBox
        label="Search accounts"
        value={text}
        onChange={setText}
        onSearch={() => {
          settle(text);
          setPage(() => 1);
        }}
        placeholder="Name or email"
        className="mb-4 max-w-md"
      />

      <div aria-live="polite" className="mb-4 empty:hidden">
        {notice?.kind === 'done' && <FormSuccess>{notice.text}</FormSuccess>}
      </div>
      {notice?.kind === 'failed' && (
        <div className="mb-4">
          <FormAlert>{notice.text}</FormAlert>
        </div>
      )}

      {accounts.isPending && <Loading label="Loading accounts…" />}
      {accounts.isError && (
        <ErrorMessage onRetry={() => accounts.refetch()}>{errorText(accounts.error)}</ErrorMessage>
      )}
      {list && list.accounts.length === 0 && (
        <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">
          {query ? `No account matches “${query}”.` : 'There are no accounts yet.'}
        </p>
      )}
      {list && list.accounts.length > 0 && (
        <>
          <DataTable label="Accounts table" columns={['Account', 'Role', 'Status', 'Created', '']}>
            {list.accounts.map((account) => {
              const isMe = account.id === me.id;
              return (
                <tr
                  key={account.id}
                  className={`${rowClass} ${account.disabled ? 'bg-stone-100 text-stone-600' : ''}`}
                >
                  <Cell>
                    <div className="font-semibold text-stone-900">
                      {account.name}
                      {isMe && <span className="font-normal text-stone-600"> (you)</span>}
                    </div>
                    <div className="break-words text-stone-700">{account.email}</div>
                  </Cell>
                  <Cell label="Role" className="mt-2 sm:mt-0">
                    <select
                      aria-label={`Role of ${account.name}`}
                      value={account.role}
                      disabled={update.isPending}
                      onChange={(event) => changeRole(account, event.target.value as Role)}
                      className={`${inputClass} sm:min-w-36`}
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                  </Cell>
                  <Cell className="mt-2 sm:mt-0">
                    <div className="flex flex-wrap gap-1">
                      {account.disabled && <Badge tone="bad">Disabled</Badge>}
                      {account.emailVerified ? (
                        <Badge tone="good">Verified</Badge>
                      ) : (
                        <Badge tone="warn">Not verified</Badge>
                      )}
                    </div>
                  </Cell>
                  <Cell label="Created" className="sm:whitespace-nowrap">
                    {formatDate(account.createdAt)}
                  </Cell>
                  <Cell className="mt-2 sm:mt-0 sm:text-right">
                    <button
                      type="button"
                      className={`${secondaryButtonClass} min-h-10 w-full px-3 text-sm sm:w-auto`}
                      aria-label={`${account.disabled ? 'Enable' : 'Disable'} ${account.name}`}
                      onClick={() => {
                        update.reset();
                        setNotice(undefined);
                        setConfirming(account);
                      }}
                    >
                      {account.disabled ? 'Enable' : 'Disable'}
                    </button>
                  </Cell>
                </tr>
              );
            })}
          </DataTable>
          <Pager
            label="Pages of accounts"
            page={page}
            pages={pages}
            onTurn={(step) => setPage((p) => p + step)}
          >
            Page {list.page} of {pages} · {list.total} account{list.total === 1 ? '' : 's'}
          </Pager>
        </>
      )}

      <ConfirmDialog
        open={confirming !== undefined}
        title={confirming?.disabled ? `Enable ${confirming.name}?` : `Disable ${confirming?.name ?? ''}?`}
        confirmLabel={confirming?.disabled ? 'Enable account' : 'Disable account'}
        busy={update.isPending}
        error={update.isError ? errorText(update.error) : undefined}
        onConfirm={() => confirming && toggleDisabled(confirming)}
        onCancel={() => setConfirming(undefined)}
      >
        {confirming?.disabled ? (
          <p>{confirming.name} will be able to sign in again.</p>
        ) : (
          <p>
            {confirming?.name} ({confirming?.email}) will be signed out at once and cannot sign in until an
            admin enables the account again.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
