import { useState } from 'react';
import { priceText } from '../../../../shared/money.ts';
import { type PaymentAttempt, WalletPhoneSchema } from '../../../../shared/payments/online-payment.ts';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { PhoneField } from '../../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useEvent } from '../../events/index.ts';
import { startWalkUpPrompt, useWalkUpAttempt } from '../api/walk-ups.ts';

const WALLETS = { ecocash: 'EcoCash', onemoney: 'OneMoney' } as const;
type Wallet = keyof typeof WALLETS;
const CASH_FALLBACK =
  'Cash stays the fallback: if the prompt fails, take the fee in cash and tap “Paid in cash” on the entry.';

/**
 * The mobile-money prompt at the table (issue 37): the volunteer types the entrant's EcoCash or OneMoney
 * number, Paynow prompts the entrant's own phone, and the entry is paid (receipt by SMS or mail) when it confirms.
 */
export function WalkUpPrompt({ entryId }: { entryId: string }) {
  const { data: event } = useEvent();
  const [attemptId, setAttemptId] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const attempt = useWalkUpAttempt(entryId, attemptId);
  const { field, handleSubmit, setError } = useZodForm(WalletPhoneSchema, { defaultValues: { phone: '' } });
  const wallets = (event?.onlinePaymentMethods ?? []).filter((method): method is Wallet => method in WALLETS);

  if (wallets.length === 0) {
    return (
      <p className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950">
        Mobile money prompts are not set up for this event. Take the fee in cash and tap “Paid in cash” on the
        entry.
      </p>
    );
  }

  const send = async (method: Wallet, phone: string) => {
    setFailure(undefined);
    setBusy(true);
    try {
      setAttemptId((await startWalkUpPrompt(entryId, { method, phone })).id);
    } catch (error) {
      const phoneError = error instanceof ApiError ? error.errors.find((e) => e.path === 'phone') : undefined;
      if (phoneError) setError('phone', { message: phoneError.message }, { shouldFocus: true });
      else setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  if (attemptId) {
    return (
      <div aria-live="polite" className="flex flex-col gap-3">
        {attempt.data ? (
          <AttemptState attempt={attempt.data} onRetry={() => setAttemptId(undefined)} />
        ) : (
          <p>Checking the payment…</p>
        )}
      </div>
    );
  }

  return (
    <form noValidate className="flex flex-col gap-3">
      <PhoneField
        label="Entrant’s mobile money number"
        hint="The EcoCash or OneMoney number that pays, e.g. 0771234567"
        autoComplete="off"
        {...field('phone')}
      />
      <div className="flex flex-wrap gap-3">
        {wallets.map((method) => (
          <button
            key={method}
            type="submit"
            className={buttonClass}
            disabled={busy}
            onClick={handleSubmit((values) => send(method, values.phone))}
          >
            Send the prompt ({WALLETS[method]})
          </button>
        ))}
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      <p className="text-sm text-stone-700">{CASH_FALLBACK}</p>
    </form>
  );
}

function AttemptState({ attempt, onRetry }: { attempt: PaymentAttempt; onRetry: () => void }) {
  const amount = priceText(attempt.currency, attempt.amount);
  if (attempt.state === 'paid') {
    return (
      <FormSuccess>
        <strong>Paid</strong> ({amount}). The receipt goes to the entrant.
      </FormSuccess>
    );
  }
  if (attempt.state === 'failed') {
    return (
      <>
        <FormAlert>{attempt.message ?? 'The payment did not go through.'}</FormAlert>
        <button type="button" className={`${secondaryButtonClass} self-start`} onClick={onRetry}>
          Try again
        </button>
        <p className="text-sm text-stone-700">{CASH_FALLBACK}</p>
      </>
    );
  }
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-stone-900">
      <p className="text-lg font-bold">Check the entrant’s phone</p>
      <p className="mt-1">
        {attempt.method === 'onemoney' ? 'OneMoney' : 'EcoCash'} asks the entrant to approve {amount} with
        their PIN. This updates by itself once it is paid.
      </p>
      <p className="mt-2 text-sm text-stone-700">{CASH_FALLBACK}</p>
    </div>
  );
}
