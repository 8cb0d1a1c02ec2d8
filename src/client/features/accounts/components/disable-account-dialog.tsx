import type { AccountSummary } from '../../../../shared/accounts/account.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { useUpdateAccount } from '../api/accounts.ts';

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
  const update = useUpdateAccount();
  const enabling = account?.disabled === true;

  async function confirm() {
    if (!account || update.isPending) return;
    try {
      await update.mutateAsync({ id: account.id, change: { disabled: !enabling } });
      onChanged(enabling ? `${account.name} can sign in again.` : `${account.name}'s account is disabled.`);
    } catch {
      // Shown inside the dialog.
    }
  }

  return (
    <ConfirmDialog
      open={account !== undefined}
      title={`${enabling ? 'Enable' : 'Disable'} ${account?.name ?? ''}?`}
      confirmLabel={enabling ? 'Enable account' : 'Disable account'}
      busy={update.isPending}
      error={update.isError ? errorText(update.error) : undefined}
      onConfirm={confirm}
      onCancel={() => {
        update.reset();
        onClose();
      }}
    >
      {account && (
        <div className="flex flex-col gap-2">
          {enabling ? (
            <p>{account.name} will be able to sign in again.</p>
          ) : (
            <p>
              {account.name} ({account.email}) will be signed out at once and cannot sign in until an admin
              enables the account again.
            </p>
          )}
          <p>The change is recorded with your name.</p>
        </div>
      )}
    </ConfirmDialog>
  );
}
