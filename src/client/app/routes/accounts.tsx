import { useState } from 'react';
import {
  ACCOUNTS_PAGE_SIZE,
  type AccountSummary,
  INVITED_ROLES,
  ROLE_LABELS,
  ROLES,
  type Role,
} from '../../../shared/accounts/account.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { rowButtonClass } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/field.tsx';
import { FormSuccess } from '../../components/ui/form-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { Pager, usePageOf } from '../../components/ui/pager.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { SearchBox } from '../../components/ui/search-box.tsx';
import { Panel, Section } from '../../components/ui/section.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { Cell, DataTable, rowClass } from '../../components/ui/table.tsx';
import { useAccounts } from '../../features/accounts/api/accounts.ts';
import { AccountHistory } from '../../features/accounts/components/account-history.tsx';
import { DisableAccountDialog } from '../../features/accounts/components/disable-account-dialog.tsx';
import { InvitationState, InviteAgainButton } from '../../features/accounts/components/invitation-state.tsx';
import { InviteForm } from '../../features/accounts/components/invite-form.tsx';
import { type RoleChange, RoleChangeDialog } from '../../features/accounts/components/role-change-dialog.tsx';
import { ErasePersonButton } from '../../features/erasure/components/erase-person-dialog.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { formatDate } from '../../lib/dates.ts';
import { useSearchText } from '../../lib/use-debounced-value.ts';

const isInvitedRole = (role: Role) => (INVITED_ROLES as readonly Role[]).includes(role);

export default function Accounts() {
  const me = useCurrentUser();
  const { text, setText, query, searchNow } = useSearchText();
  const [page, setPage] = usePageOf(query);
  const [notice, setNotice] = useState<string>();
  const [roleChange, setRoleChange] = useState<RoleChange>();
  const [toggling, setToggling] = useState<AccountSummary>();

  const accounts = useAccounts(query, page);
  const list = accounts.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / (list.pageSize || ACCOUNTS_PAGE_SIZE))) : 1;

  return (
    <>
      <PageHeading title="Accounts">
        <p>
          Search by name or email. Every role change asks first, signs that person out at once and is recorded
          on the account, as is disabling.
        </p>
      </PageHeading>
      <Section title="Invite someone" className="mb-6">
        <Panel>
          <InviteForm onInvited={setNotice} />
        </Panel>
      </Section>
      <SearchBox
        label="Search accounts"
        value={text}
        onChange={setText}
        onSearch={() => {
          searchNow();
          setPage(() => 1);
        }}
        placeholder="Name or email"
        className="mb-4 max-w-md"
      />

      <div aria-live="polite" className="mb-4 empty:hidden">
        {notice && <FormSuccess>{notice}</FormSuccess>}
      </div>

      {accounts.isPending && <Loading label="Loading accounts…" />}
      <QueryError query={accounts} />
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
                  <Cell className="sm:max-w-md">
                    <div className="font-semibold text-stone-900">
                      {account.name}
                      {isMe && <span className="font-normal text-stone-600"> (you)</span>}
                    </div>
                    <div className="break-words text-stone-700">{account.email}</div>
                    <AccountHistory account={account} />
                  </Cell>
                  <Cell label="Role" className="mt-2 sm:mt-0">
                    {isMe ? (
                      // An admin cannot take away his own admin role (the server refuses it too).
                      ROLE_LABELS[account.role]
                    ) : (
                      <select
                        aria-label={`Role of ${account.name}`}
                        value={account.role}
                        onChange={(event) => {
                          setNotice(undefined);
                          setRoleChange({ account, role: event.target.value as Role });
                        }}
                        className={`${inputClass} sm:min-w-36`}
                      >
                        {ROLES.map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                    )}
                  </Cell>
                  <Cell className="mt-2 sm:mt-0">
                    <div className="flex flex-wrap gap-1">
                      {account.disabled && <Badge tone="bad">Disabled</Badge>}
                      {account.invitation ? (
                        <Badge tone="warn">Invited</Badge>
                      ) : account.emailVerified ? (
                        <Badge tone="good">Verified</Badge>
                      ) : (
                        <Badge tone="warn">Not verified</Badge>
                      )}
                    </div>
                    {account.invitation && <InvitationState invitation={account.invitation} />}
                  </Cell>
                  <Cell label="Created" className="sm:whitespace-nowrap">
                    {formatDate(account.createdAt)}
                  </Cell>
                  <Cell className="mt-2 sm:mt-0 sm:text-right">
                    <div className="flex flex-wrap gap-2 sm:justify-end">
                      {(['pdf', 'json'] as const).map((format) => (
                        <a
                          key={format}
                          href={`/api/access-requests/account/${encodeURIComponent(account.id)}/data.${format}`}
                          download
                          className={rowButtonClass}
                          aria-label={`Download everything we hold about ${account.name} as ${format === 'pdf' ? 'a PDF summary' : 'a JSON file'}`}
                        >
                          Data {format.toUpperCase()}
                        </a>
                      ))}
                      {account.invitation && !account.disabled && isInvitedRole(account.role) && (
                        <InviteAgainButton
                          account={account}
                          onSent={(text) => setNotice(text)}
                          onStart={() => setNotice(undefined)}
                        />
                      )}
                      {!isMe && (
                        <button
                          type="button"
                          className={rowButtonClass}
                          aria-label={`${account.disabled ? 'Enable' : 'Disable'} ${account.name}`}
                          onClick={() => {
                            setNotice(undefined);
                            setToggling(account);
                          }}
                        >
                          {account.disabled ? 'Enable' : 'Disable'}
                        </button>
                      )}
                      {!isMe && (
                        <ErasePersonButton
                          className={`${rowButtonClass} sm:whitespace-nowrap`}
                          subjectType="account"
                          subjectId={account.id}
                          who={account.name}
                          inRow
                          onErased={() => setNotice(`The account of ${account.name} was erased.`)}
                        />
                      )}
                    </div>
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

      <RoleChangeDialog
        change={roleChange}
        onClose={() => setRoleChange(undefined)}
        onChanged={(done) => {
          setRoleChange(undefined);
          setNotice(done);
        }}
      />
      <DisableAccountDialog
        account={toggling}
        onClose={() => setToggling(undefined)}
        onChanged={(done) => {
          setToggling(undefined);
          setNotice(done);
        }}
      />
    </>
  );
}
