import type { AccountSummary, Role } from '../../../../shared/accounts/account.ts';
import { ROLE_LABELS } from '../../../../shared/accounts/account.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { useUpdateAccount } from '../api/accounts.ts';
import { A_ROLE, ROLE_ACCESS, ROLE_LOSS } from '../role-access.ts';

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
  const update = useUpdateAccount();
  const account = change?.account;
  const role = change?.role ?? 'participant';
  const loss = account ? ROLE_LOSS[account.role] : undefined;

  async function confirm() {
    if (!account || update.isPending) return;
    try {
      await update.mutateAsync({ id: account.id, change: { role } });
      onChanged(`${account.name} is now ${A_ROLE[role]}.`);
    } catch {
      // Shown inside the dialog.
    }
  }

  return (
    <ConfirmDialog
      open={change !== undefined}
      title={`Make ${account?.name ?? ''} ${A_ROLE[role]}?`}
      confirmLabel={`Make ${ROLE_LABELS[role]}`}
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
          <p>{ROLE_ACCESS[role]}</p>
          {loss && (
            <p>
              {account.name} is {A_ROLE[account.role]} now and loses access to {loss}.
            </p>
          )}
          <p>
            {account.name} ({account.email}) is signed out at once. The change is recorded with your name.
          </p>
        </div>
      )}
    </ConfirmDialog>
  );
}
