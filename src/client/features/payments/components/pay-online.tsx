import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { priceText } from '../../../../shared/money.ts';
import { type PaymentAttempt, WalletPhoneSchema } from '../../../../shared/payments/online-payment.ts';
import {
  ONLINE_PAYMENT_METHOD_LABELS,
  type OnlinePaymentMethod,
} from '../../../../shared/payments/online-payment-settings.ts';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { PhoneField } from '../../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import {
  codeQrUrl,
  type PaidVia,
  usePaymentAttempt,
  usePaymentOffer,
  useStartPayment,
} from '../api/pay-online.ts';
import { rememberPaymentReturn } from '../payment-return.ts';
import { WalletCode } from './wallet-code.tsx';

/** "EcoCash, OneMoney or InnBucks". */
const orList = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');

/** Whose fee or total a payment pays, for its words. */
type Paying = 'entry' | 'group' | 'team' | 'link' | 'gift';

const PAID_TEXT: Record<Paying, string> = {
  entry: 'Your entry is',
  group: 'Your group’s entries are',
  team: 'Your team’s entries are',
  link: 'It is',
  gift: 'Your gift is',
};

/**
 * "Pay now": the entry's fee, its group's total or a company team's total through Paynow, by a prompt on the
 * payer's phone (EcoCash, OneMoney), a code to approve in the wallet's app (InnBucks, O'mari) or on Paynow's
 * page (card or other wallet), followed until it is paid or has failed. Shows nothing when online payment is off, nothing is owed or the fee is not known.
 */
export default function PayOnline({
  token = '',
  phoneExample,
  via = 'my',
  groupOnly = false,
  refreshes,
}: {
  /** The private link's or pay link's token (none for a team's manager). */
  token?: string;
  /** The wallet number's example in its hint (else 0771234567). */
  phoneExample?: string;
  /** A pay link's page: someone else pays the entry (or its group), with his own wallet. */
  via?: PaidVia;
  /** A group's thank-you page: its total, not the one entry whose link pays it. */
  groupOnly?: boolean;
  /** Another query of the page a settled payment changes (the team page's list of entries). */
  refreshes?: QueryKey;
}) {
  const offer = usePaymentOffer(token, via);
  // undefined: follow the latest attempt if it is under way or paid (a reload, or back from Paynow's page);
  // null: none ("Try again"); else the attempt just started.
  const [attemptId, setAttemptId] = useState<string | null>();
  const [wholeGroup, setWholeGroup] = useState(true);
  const entryDue = offer.data?.paid ? null : (offer.data?.amount ?? null);
  const group = offer.data?.group;
  const groupDue = group?.amount && Number(group.amount) > 0 ? group.amount : null;
  // A member may pay his group's total or his own fee; once his own is paid, only the rest of the group's.
  const choice = via === 'my' && !groupOnly && groupDue !== null && entryDue !== null;
  const payGroup = via === 'my' && groupDue !== null && (groupOnly || entryDue === null || wholeGroup);
  const due = payGroup ? groupDue : groupOnly ? null : entryDue;
  const latest = offer.data?.latest;
  // The latest attempt is followed while it is under way, and shown paid until something is due again (a
  // team's new entry, say).
  const followLatest = latest && (latest.state === 'pending' || (latest.state === 'paid' && !due));
  const followed = attemptId === undefined ? (followLatest ? latest.id : undefined) : attemptId;
  const attempt = usePaymentAttempt(token, followed ?? undefined, via, refreshes);

  if (!offer.data?.enabled) return null;
  const { currency, methods } = offer.data;
  const paying: Paying =
    via === 'team'
      ? 'team'
      : via === 'pay-link'
        ? 'link'
        : via === 'gift'
          ? 'gift'
          : payGroup
            ? 'group'
            : 'entry';
  if (!due && !(followed && attempt.data?.state === 'paid')) return null;

  return (
    <section
      aria-labelledby="pay-online-heading"
      className="rounded-xl border-2 border-brand-700 bg-white p-5 shadow-sm"
    >
      <h2 id="pay-online-heading" className="text-2xl font-bold text-stone-900">
        Pay now
      </h2>
      <div aria-live="polite" className="mt-3 flex flex-col gap-4 empty:hidden">
        {followed && attempt.data && (
          <AttemptStatus
            attempt={attempt.data}
            paying={via === 'pay-link' ? 'link' : attempt.data.pays}
            onRetry={() => setAttemptId(null)}
            qrUrl={codeQrUrl(token, via, attempt.data.id)}
          />
        )}
        {followed && !attempt.data && <p className="text-stone-800">Checking your payment…</p>}
      </div>
      {!followed && due && (
        <>
          {choice && group && (
            <fieldset className="mt-3 flex flex-col gap-1">
              <legend className="mb-1 font-medium text-stone-800">What to pay</legend>
              <label className="flex min-h-11 items-center gap-3 text-lg">
                <input
                  type="radio"
                  name="pay-what"
                  checked={wholeGroup}
                  onChange={() => setWholeGroup(true)}
                  className="size-5 accent-brand-700"
                />
                <span>
                  The group’s total, {priceText(currency, groupDue)}{' '}
                  <span className="text-base text-stone-700">({group.reference})</span>
                </span>
              </label>
              <label className="flex min-h-11 items-center gap-3 text-lg">
                <input
                  type="radio"
                  name="pay-what"
                  checked={!wholeGroup}
                  onChange={() => setWholeGroup(false)}
                  className="size-5 accent-brand-700"
                />
                Only this entry, {priceText(currency, entryDue)}
              </label>
            </fieldset>
          )}
          <StartForm
            token={token}
            via={via}
            paying={paying}
            group={payGroup}
            amountText={priceText(currency, due) ?? `${currency} ${due}`}
            methods={methods}
            phone={offer.data.phone ?? ''}
            phoneExample={phoneExample}
            onStarted={(started) => {
              if (started.state === 'pending' && started.browserUrl) {
                rememberPaymentReturn();
                window.location.assign(started.browserUrl);
              }
              setAttemptId(started.id);
            }}
            onRefused={() => {
              // E.g. an attempt started meanwhile in another tab: follow it rather than offer a second one.
              setAttemptId(undefined);
              void offer.refetch();
            }}
          />
        </>
      )}
    </section>
  );
}

function AttemptStatus({
  attempt,
  paying,
  onRetry,
  qrUrl,
}: {
  attempt: PaymentAttempt;
  paying: Paying;
  onRetry: () => void;
  /** Where the QR code of an InnBucks or O'mari code is drawn. */
  qrUrl: string;
}) {
  if (attempt.state === 'paid') {
    return (
      <FormSuccess>
        <strong>Paid — thank you.</strong> {PAID_TEXT[paying]} marked paid (
        {priceText(attempt.currency, attempt.amount)}).
      </FormSuccess>
    );
  }
  if (attempt.state === 'failed') {
    return (
      <>
        <FormAlert>{attempt.message ?? 'The payment did not go through.'}</FormAlert>
        <button type="button" className={`${buttonClass} self-start`} onClick={onRetry}>
          Try again
        </button>
      </>
    );
  }
  if (attempt.method === 'web') {
    return (
      <p className="text-stone-800">
        Waiting for Paynow to confirm your payment.{' '}
        {attempt.browserUrl && (
          <a href={attempt.browserUrl} className="font-semibold text-brand-700 underline">
            Open Paynow’s page again
          </a>
        )}
      </p>
    );
  }
  if (attempt.authorization) {
    return <WalletCode attempt={attempt} {...attempt.authorization} qrUrl={qrUrl} />;
  }
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-stone-900">
      <p className="text-lg font-bold">Check your phone and enter your PIN</p>
      <p className="mt-1">
        {ONLINE_PAYMENT_METHOD_LABELS[attempt.method]} asks you to approve{' '}
        {priceText(attempt.currency, attempt.amount)}. This page updates by itself once it is paid.
      </p>
    </div>
  );
}

const PAY_TEXT: Record<Paying, string> = {
  entry: 'Pay your fee of',
  group: 'Pay your group’s total of',
  team: 'Pay your team’s total of',
  link: 'Pay',
  gift: 'Pay your gift of',
};

function StartForm({
  token,
  via,
  paying,
  group,
  amountText,
  methods,
  phone,
  phoneExample,
  onStarted,
  onRefused,
}: {
  token: string;
  via: PaidVia;
  paying: Paying;
  /** The entry's group's total rather than its own fee. */
  group: boolean;
  amountText: string;
  methods: OnlinePaymentMethod[];
  phone: string;
  phoneExample?: string;
  onStarted: (attempt: PaymentAttempt) => void;
  /** The server refused for the entry's state (paid, cancelled, an attempt under way): read it again. */
  onRefused: () => void;
}) {
  const start = useStartPayment(token, via);
  const [failure, setFailure] = useState<string>();
  const { field, handleSubmit, setError } = useZodForm(WalletPhoneSchema, { defaultValues: { phone } });
  const wallets = methods.filter((method) => method !== 'web');
  const walletNames = orList(wallets.map((method) => ONLINE_PAYMENT_METHOD_LABELS[method]));

  const send = async (method: OnlinePaymentMethod, walletPhone?: string) => {
    setFailure(undefined);
    try {
      onStarted(
        await start.mutateAsync({
          method,
          ...(walletPhone ? { phone: walletPhone } : {}),
          ...(group ? { group } : {}),
        }),
      );
    } catch (error) {
      const phoneError = error instanceof ApiError ? error.errors.find((e) => e.path === 'phone') : undefined;
      if (phoneError) setError('phone', { message: phoneError.message }, { shouldFocus: true });
      else setFailure(errorText(error));
      if (error instanceof ApiError && error.status === 409) onRefused();
    }
  };

  return (
    <div className="mt-2 flex flex-col gap-4">
      <p className="text-stone-800">
        {PAY_TEXT[paying]} <strong>{amountText}</strong> online with Paynow; {PAID_TEXT[paying].toLowerCase()}{' '}
        marked paid straight away.
      </p>
      {wallets.length > 0 && (
        <form noValidate className="flex flex-col gap-3">
          <PhoneField
            label="Mobile money number"
            hint={`The ${walletNames} number that pays, e.g. ${phoneExample ?? '0771234567'}`}
            autoComplete="tel"
            {...field('phone')}
          />
          <div className="flex flex-wrap gap-3">
            {wallets.map((method) => (
              <button
                key={method}
                type="submit"
                className={buttonClass}
                disabled={start.isPending}
                onClick={handleSubmit((values) => send(method, values.phone))}
              >
                Pay now with {ONLINE_PAYMENT_METHOD_LABELS[method]}
              </button>
            ))}
          </div>
        </form>
      )}
      {methods.includes('web') && (
        <button
          type="button"
          className={`${secondaryButtonClass} self-start`}
          disabled={start.isPending}
          onClick={() => send('web')}
        >
          Pay by card or other wallet
        </button>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
    </div>
  );
}
