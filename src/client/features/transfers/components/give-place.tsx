import { type FormEvent, useState } from 'react';
import { formatShortDate } from '../../../../shared/dates.ts';
import { formatFees } from '../../../../shared/money.ts';
import { toCents } from '../../../../shared/payments/balance.ts';
import { TRANSFER_HOURS } from '../../../../shared/registrations/transfer.ts';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { EmailField, PhoneField, RadioCard } from '../../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useMyTransfer, useSendTransfer, useWithdrawTransfer } from '../api/transfer.ts';

/**
 * "Give my place to someone" on /My: a link to the new person by mail (or text, while the event sends them),
 * which he takes with his own details; until then the giver may withdraw it.
 */
export function GivePlace({ token, smsOn }: { token: string; smsOn: boolean }) {
  const transfer = useMyTransfer(token);
  const send = useSendTransfer(token);
  const withdraw = useWithdrawTransfer(token);
  const [opened, setOpened] = useState(false);
  const [sendBy, setSendBy] = useState<'email' | 'sms'>('email');
  const [to, setTo] = useState('');
  const [done, setDone] = useState<string>();
  const state = transfer.data;
  if (!state || (!state.open && !state.pending)) return null;
  const fieldError =
    send.error instanceof ApiError
      ? send.error.errors?.find((error) => ['email', 'mobile', 'sendBy'].includes(error.path))?.message
      : undefined;
  const fee =
    toCents(state.fee.USD) > 0 || toCents(state.fee.ZWG) > 0
      ? formatFees(state.fee.USD, state.fee.ZWG)
      : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(undefined);
    const body = sendBy === 'email' ? { sendBy, email: to } : { sendBy, mobile: to };
    try {
      await send.mutateAsync(body);
      setOpened(false);
      setTo('');
      setDone('The link was sent. Your entry stays yours until the new person takes it.');
    } catch {
      // Shown beside the field or above the button.
    }
  };

  return (
    <section aria-labelledby="give-heading" className="flex flex-col gap-4">
      <h2 id="give-heading" className="text-2xl font-bold">
        Give my place to someone
      </h2>
      {state.pending ? (
        <>
          <p className="text-stone-700">
            A link to take your place was sent to <strong>{state.pending.sentTo}</strong>. It works once,
            until {formatDateTime(state.pending.expiresAt)} (Harare time). Until it is taken, the entry stays
            yours and cannot be cancelled; once taken, this page no longer opens it.
          </p>
          <div>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={withdraw.isPending}
              onClick={() => {
                setDone(undefined);
                withdraw.mutate(null, {
                  onSuccess: () => setDone('The link was withdrawn: it opens nothing now.'),
                });
              }}
            >
              {withdraw.isPending ? 'Withdrawing…' : 'Withdraw the link'}
            </button>
          </div>
        </>
      ) : (
        <p className="text-stone-700">
          Can’t come? Send your place to someone else: they fill in their own details and agree to the terms,
          and the entry becomes theirs with its reference and payment.{' '}
          {fee ? `Giving it adds a fee of ${fee} to what the entry owes.` : ''}{' '}
          {state.until ? `Places can be given until ${formatShortDate(state.until)}.` : ''}
        </p>
      )}
      {done && <FormSuccess>{done}</FormSuccess>}
      {withdraw.isError && <FormAlert>{errorText(withdraw.error)}</FormAlert>}
      {!state.pending && !opened && (
        <div>
          <button type="button" className={buttonClass} onClick={() => setOpened(true)}>
            Give my place to someone
          </button>
        </div>
      )}
      {!state.pending && opened && (
        <form
          noValidate
          onSubmit={submit}
          className="flex flex-col gap-4 rounded-lg border border-stone-300 p-4"
        >
          {smsOn && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-medium">Send the link by</legend>
              <div className="grid grid-cols-2 gap-3">
                <RadioCard
                  name="sendBy"
                  value="email"
                  label="Email"
                  checked={sendBy === 'email'}
                  onChange={() => setSendBy('email')}
                />
                <RadioCard
                  name="sendBy"
                  value="sms"
                  label="SMS"
                  checked={sendBy === 'sms'}
                  onChange={() => setSendBy('sms')}
                />
              </div>
            </fieldset>
          )}
          {sendBy === 'email' ? (
            <EmailField
              label="Their email"
              autoComplete="off"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              error={fieldError}
            />
          ) : (
            <PhoneField
              label="Their mobile"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              error={fieldError}
            />
          )}
          <p className="text-sm text-stone-600">
            The link works once, for {TRANSFER_HOURS} hours. We tell you by mail when it is sent and when it
            is taken.
          </p>
          {send.isError && !fieldError && <FormAlert>{errorText(send.error)}</FormAlert>}
          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="submit" className={buttonClass} disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send the link'}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setOpened(false)}>
              Not now
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
