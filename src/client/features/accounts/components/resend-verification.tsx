import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { errorText, FormAlert } from '../../../components/ui/form-alert.tsx';
import { useResendVerification } from '../api/email-links.ts';

/** Sends the verification email again and says so. */
export function ResendVerification({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <div className="flex flex-col items-start gap-3">
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={resend.isPending || !email}
        onClick={() => resend.mutate(email)}
      >
        {resend.isPending ? 'Sending…' : 'Resend verification email'}
      </button>
      <div aria-live="polite" className="empty:hidden">
        {resend.isSuccess && (
          <p className="text-green-900">
            We sent a new link to <strong className="break-words">{email}</strong>. It may take a minute to
            arrive.
          </p>
        )}
      </div>
      {resend.isError && <FormAlert>{errorText(resend.error)}</FormAlert>}
    </div>
  );
}
