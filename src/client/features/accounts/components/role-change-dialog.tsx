import type { AccountSummary, Role } from '../../../../shared/accounts/account.ts';
import { ROLE_LABELS } from '../../../../shared/accounts/account.ts';
import { A_ROLE, ROLE_ACCESS, ROLE_LOSS } from '../role-access.ts';
import { AccountChangeDialog } from './account-change-dialog.tsx';

export interface RoleChange {
  account: AccountSummary;
  role: Role;
}

/**
 * Asks before an account gets another role, naming the person and what the new role can see (and what the
 * old one could, when that ends); nothing changes until the admin confirms.
 */
export function RoleChangeDialog({
  change,
  onClose,
  onChanged,
}: {
  change: RoleChange | undefined;
  onClose: () => void;
  onChanged: (text: string) => void;
}) {
  const account = change?.account;
  const role = change?.role ?? 'participant';
  return (
    <AccountChangeDialog
      account={account}
      change={{ role }}
      title={`Make ${account?.name ?? ''} ${A_ROLE[role]}?`}
      confirmLabel={`Make ${ROLE_LABELS[role]}`}
      doneText={({ name }) => `${name} is now ${A_ROLE[role]}.`}
      onClose={onClose}
      onChanged={onChanged}
    >
      {({ name, email, role: before }) => (
        <>
          <p>{ROLE_ACCESS[role]}</p>
          {ROLE_LOSS[before] && (
            <p>
              {name} is {A_ROLE[before]} now and loses access to {ROLE_LOSS[before]}.
            </p>
          )}
          <p>
            {name} ({email}) is signed out at once. The change is recorded with your name.
          </p>
        </>
      )}
    </AccountChangeDialog>
  );
}
