import { useState } from 'react';
import { formatPhone } from '../../../../shared/phone.ts';
import { MobileCodeSchema, type PendingMobile } from '../../../../shared/registrations/mobile-change.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorText, FormAlert } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useConfirmMyMobile } from '../api/my-entry.ts';

/**
 * A new mobile waiting for the code texted to it: the code's field and Confirm. Until the right code is
 * entered the entry keeps its old mobile. Entering it needs the script, as changing the entry does.
 */
export function ConfirmMobile({
  token,
  pending,
  interactive,
  onConfirmed,
}: {
  token: string;
  pending: NonNullable<PendingMobile>;
  interactive: boolean;
  onConfirmed: (mobile: string) => void;
}) {
  const confirm = useConfirmMyMobile(token);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const fieldError =
    invalid ??
    (confirm.error instanceof ApiError
      ? confirm.error.errors.find((error) => error.path === 'code')?.message
      : undefined);
  const formError = confirm.isError && !fieldError ? errorText(confirm.error) : undefined;
  return (
    <form
      aria-labelledby="mobile-code-heading"
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = MobileCodeSchema.safeParse({ code });
        if (!parsed.success) {
          setInvalid(parsed.error.issues[0]?.message);
          return;
        }
        setInvalid(undefined);
        // Not mutate's own onSuccess: this form is gone (nothing waits) before that would run.
        confirm.mutateAsync(parsed.data).then(
          () => onConfirmed(pending.mobile),
          () => undefined,
        );
      }}
    >
      <h2 id="mobile-code-heading" className="text-xl font-bold">
        Confirm your new mobile
      </h2>
      <p role="status">
        We sent a code to <strong className="whitespace-nowrap">{formatPhone(pending.mobile)}</strong>: enter
        it to change your mobile. It works until {formatDateTime(pending.until)}; until then we keep your old
        number.
      </p>
      {interactive ? (
        <>
          <TextField
            label="Code from the text message"
            hint="6 digits"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="max-w-48 font-mono text-lg tracking-widest"
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\s/g, ''))}
            error={fieldError}
          />
          <button
            type="submit"
            className={`${buttonClass} w-full sm:w-auto sm:self-start`}
            disabled={confirm.isPending}
          >
            {confirm.isPending ? 'Confirming…' : 'Confirm'}
          </button>
          {formError && <FormAlert>{formError}</FormAlert>}
        </>
      ) : (
        <p>Entering the code needs JavaScript: turn it on in your browser and open this page again.</p>
      )}
    </form>
  );
}
