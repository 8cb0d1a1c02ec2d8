import type { AccountSummary } from '../../../../shared/accounts/account.ts';
import { AccountChangeDialog } from './account-change-dialog.tsx';

/** Asks before an account is disabled (its sessions end) or enabled again. */
export function DisableAccountDialog({
  account,
  onClose,
  onChanged,
}: {
  account: AccountSummary | undefined;
  onClose: () => void;
  onChanged: (text: string) => void;
}) {
  const enabling = account?.disabled === true;
  return (
    <AccountChangeDialog
      account={account}
      change={{ disabled: !enabling }}
      title={`${enabling ? 'Enable' : 'Disable'} ${account?.name ?? ''}?`}
      confirmLabel={enabling ? 'Enable account' : 'Disable account'}
      doneText={({ name }) => (enabling ? `${name} can sign in again.` : `${name}'s account is disabled.`)}
      onClose={onClose}
      onChanged={onChanged}
    >
      {({ name, email }) => (
        <>
          {enabling ? (
            <p>{name} will be able to sign in again.</p>
          ) : (
            <p>
              {name} ({email}) will be signed out at once and cannot sign in until an admin enables the
              account again.
            </p>
          )}
          <p>The change is recorded with your name.</p>
        </>
      )}
    </AccountChangeDialog>
  );
}
