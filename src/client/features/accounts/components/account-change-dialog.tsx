import type { ReactNode } from 'react';
import type { AccountSummary, AccountUpdate } from '../../../../shared/accounts/account.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { useUpdateAccount } from '../api/accounts.ts';

/** Asks before an account is changed; nothing changes until the admin confirms. */
export function AccountChangeDialog({
  account,
  change,
  title,
  confirmLabel,
  doneText,
  onClose,
  onChanged,
  children,
}: {
  account: AccountSummary | undefined;
  change: AccountUpdate;
  title: string;
  confirmLabel: string;
  /** What is said once the change is made. */
  doneText: (account: AccountSummary) => string;
  onClose: () => void;
  onChanged: (text: string) => void;
  /** What the change does to this account. */
  children: (account: AccountSummary) => ReactNode;
}) {
  const update = useUpdateAccount();

  async function confirm() {
    if (!account || update.isPending) return;
    try {
      await update.mutateAsync({ id: account.id, change });
      onChanged(doneText(account));
    } catch {
      // Shown inside the dialog.
    }
  }

  return (
    <ConfirmDialog
      open={account !== undefined}
      title={title}
      confirmLabel={confirmLabel}
      busy={update.isPending}
      failure={update.error}
      onConfirm={confirm}
      onCancel={() => {
        update.reset();
        onClose();
      }}
    >
      {account && <div className="flex flex-col gap-2">{children(account)}</div>}
    </ConfirmDialog>
  );
}
