import { type FormEvent, type ReactNode, useState } from 'react';
import type { PublicEvent } from '../../../../shared/events/event.ts';
import { type GiftMade, giftOfForm, PRESET_GIFTS, presetValue } from '../../../../shared/gifts/gifts.ts';
import { priceText } from '../../../../shared/money.ts';
import { usePageData } from '../../../app/page-data.ts';
import { typedBeforeScript } from '../../../app/typed-before-script.ts';
import { SubmitButton } from '../../../components/ui/button.tsx';
import {
  CheckboxField,
  EmailField,
  PhoneField,
  SelectField,
  TextField,
} from '../../../components/ui/field.tsx';
import { errorText, FormAlert } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMakeGift } from '../api/give.ts';

const FORM_ACTION = '/Give';
type Values = {
  preset: string;
  amount: string;
  currency: string;
  name: string;
  email: string;
  mobile: string;
  showName: boolean;
};
const EMPTY: Values = {
  preset: presetValue('USD', '10'),
  amount: '',
  currency: 'USD',
  name: '',
  email: '',
  mobile: '',
  showName: false,
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The form's values as posted: answered by the server without JavaScript, or typed before the script came. */
const valuesOf = (posted: Record<string, unknown>): Values => ({
  preset: text(posted.preset),
  amount: text(posted.amount),
  currency: text(posted.currency) || 'USD',
  name: text(posted.name),
  email: text(posted.email),
  mobile: text(posted.mobile),
  showName: posted.showName === true,
});

/**
 * A gift without registering: an amount (a preset or typed), the giver's name and a contact for the receipt,
 * and whether he may be named. Posted to /Give without JavaScript; sent to the API by the script.
 */
export function GiftForm({
  event,
  payOnline,
}: {
  event: PublicEvent;
  /** "Pay now" for the gift made (its pay token), when the page offers it: the route brings it in lazily. */
  payOnline?: (payToken: string) => ReactNode;
}) {
  const served = usePageData()?.form;
  const [values, setValues] = useState<Values>(() => {
    const typed = typedBeforeScript(FORM_ACTION);
    return typed || served ? valuesOf({ ...served?.values, ...typed }) : EMPTY;
  });
  const [errors, setErrors] = useState<Record<string, string>>(served?.errors ?? {});
  const made = usePageData()?.gift;
  const send = useMakeGift();
  const set = (change: Partial<Values>) => setValues((now) => ({ ...now, ...change }));

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    const { preset, ...rest } = values;
    send.mutate(giftOfForm(rest, preset) as Parameters<typeof send.mutate>[0], {
      onSuccess: () => setErrors({}),
      onError: (error) => {
        if (error instanceof ApiError)
          setErrors(Object.fromEntries(error.errors.map((e) => [e.path, e.message])));
      },
    });
  };

  const gift = send.data ?? (send.isIdle ? made : undefined);
  if (gift)
    return (
      <div className="flex flex-col gap-6">
        <HowToPay gift={gift} event={event} />
        {gift.payToken && payOnline?.(gift.payToken)}
      </div>
    );
  const failure = send.isError && !(send.error instanceof ApiError && send.error.errors.length > 0);
  return (
    <form method="post" action={FORM_ACTION} noValidate onSubmit={submit} className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-stone-800">How much?</legend>
        <div className="flex flex-wrap gap-2">
          {(['USD', 'ZWG'] as const).flatMap((currency) =>
            PRESET_GIFTS[currency].map((amount) => {
              const value = presetValue(currency, amount);
              return (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 has-checked:border-brand-700 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="preset"
                    value={value}
                    checked={values.preset === value && values.amount === ''}
                    onChange={() => set({ preset: value, amount: '' })}
                    className="accent-brand-700"
                  />
                  {priceText(currency, amount)}
                </label>
              );
            }),
          )}
        </div>
        {errors.amount && (
          <p aria-live="polite" className="text-sm font-medium text-red-700">
            {errors.amount}
          </p>
        )}
      </fieldset>
      <div className="grid grid-cols-[1fr_auto] gap-3">
        <TextField
          label="Or another amount"
          optional
          name="amount"
          inputMode="decimal"
          value={values.amount}
          onChange={(e) => set({ amount: e.target.value })}
        />
        <SelectField
          label="Currency"
          name="currency"
          value={values.currency}
          onChange={(e) => set({ currency: e.target.value })}
          error={errors.currency}
        >
          <option value="USD">USD</option>
          <option value="ZWG">ZWG</option>
        </SelectField>
      </div>
      <TextField
        label="Your name"
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={(e) => set({ name: e.target.value })}
        error={errors.name}
      />
      <EmailField
        name="email"
        optional
        hint="For your receipt. Or give a mobile number below."
        value={values.email}
        onChange={(e) => set({ email: e.target.value })}
        error={errors.email}
      />
      <PhoneField
        label="Mobile number"
        name="mobile"
        optional
        value={values.mobile}
        onChange={(e) => set({ mobile: e.target.value })}
        error={errors.mobile}
      />
      <CheckboxField
        name="showName"
        label="Show my first name and my gift on this page"
        checked={values.showName}
        onChange={(e) => set({ showName: e.target.checked })}
      />
      {failure && <FormAlert>{errorText(send.error)}</FormAlert>}
      {served?.failure && send.isIdle && <FormAlert>{served.failure}</FormAlert>}
      <SubmitButton busy={send.isPending} busyLabel="Sending…" className="self-start">
        Give
      </SubmitButton>
    </form>
  );
}

/** After giving: the reference to quote and where to pay it. */
function HowToPay({ gift, event }: { gift: GiftMade; event: PublicEvent }) {
  const account = gift.currency === 'USD' ? event.payment.usd : event.payment.zwg;
  return (
    <section
      aria-labelledby="gift-made"
      className="rounded-xl border border-green-300 bg-green-50 p-4"
      aria-live="polite"
    >
      <h2 id="gift-made" className="text-xl font-bold text-stone-900">
        {`Thank you! Your gift reference is ${gift.reference}`}
      </h2>
      <p className="mt-2">
        Please pay <strong>{priceText(gift.currency, gift.amount)}</strong> and quote{' '}
        <strong>{gift.reference}</strong> so we can match it. Your receipt follows once the money has arrived.
        A gift not paid within 7 days is dropped.
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-stone-600">Bank</dt>
        <dd>
          {event.payment.bankName}
          {event.payment.branch ? `, ${event.payment.branch}` : ''}
        </dd>
        <dt className="text-stone-600">Account</dt>
        <dd>
          {account.accountName}, {account.accountNumber}
        </dd>
        <dt className="text-stone-600">Reference</dt>
        <dd className="font-mono font-semibold">{gift.reference}</dd>
      </dl>
    </section>
  );
}
