import type { AccountSummary } from '../../../../shared/accounts/account.ts';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useInviteAgain } from '../api/accounts.ts';

type Invitation = NonNullable<AccountSummary['invitation']>;

/** Under an invited account's status: until when its link works, or that it no longer does. */
export function InvitationState({ invitation }: { invitation: Invitation }) {
  const expired = Date.parse(invitation.expiresAt) <= Date.now();
  return (
    <p className="mt-1 text-sm text-stone-600">
      {expired
        ? `No password chosen; the link expired ${formatDateTime(invitation.expiresAt)}`
        : `No password yet; the link works until ${formatDateTime(invitation.expiresAt)}`}
    </p>
  );
}

/** "Send invitation again": a new link for an invited account that has not chosen its password. */
export function InviteAgainButton({
  account,
  onStart,
  onSent,
}: {
  account: AccountSummary;
  onStart: () => void;
  onSent: (text: string) => void;
}) {
  const again = useInviteAgain();
  return (
    <>
      <button
        type="button"
        className={`${rowButtonClass} sm:whitespace-nowrap`}
        aria-label={`Send the invitation to ${account.name} again`}
        disabled={again.isPending}
        onClick={() => {
          onStart();
          again.mutate(account.id, {
            onSuccess: () => onSent(`A new invitation link is on its way to ${account.email}.`),
          });
        }}
      >
        {again.isPending ? 'Sending…' : 'Send invitation again'}
      </button>
      {again.isError && (
        <p role="alert" className="basis-full text-sm font-medium text-red-700">
          {errorText(again.error)}
        </p>
      )}
    </>
  );
}
