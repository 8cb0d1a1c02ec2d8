import { useState } from 'react';
import { PRESET_GIFTS } from '../../../../shared/gifts/gifts.ts';
import { priceText } from '../../../../shared/money.ts';
import type { MyEntry } from '../../../../shared/registrations/my-registration.ts';
import { GiftBox } from '../../../components/gift-box.tsx';
import { SubmitButton, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { errorText, FormAlert } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAddMyGift, useRemoveMyGift } from '../api/my-entry.ts';

type Currency = 'USD' | 'ZWG';

/**
 * "Add a gift to <cause>" on /My (issue 43): the registration form's gift box, in the currency he will pay
 * in; his unpaid gift may be changed or removed. A paid gift is thanked for, nothing more.
 */
export function MyGift({ token, entry }: { token: string; entry: MyEntry }) {
  const { gift, giftsTo } = entry;
  const [currency, setCurrency] = useState<Currency>(gift?.currency ?? 'USD');
  const [amount, setAmount] = useState('');
  const [editing, setEditing] = useState(false);
  const add = useAddMyGift(token);
  const remove = useRemoveMyGift(token);

  if (gift?.status === 'paid') {
    return (
      <p className="rounded-lg border border-stone-300 bg-stone-50 p-4 text-stone-800">
        Thank you for your gift of {priceText(gift.currency, gift.amount)} ({gift.reference}): it is paid.
      </p>
    );
  }
  if (!giftsTo) return null;
  const fieldError =
    add.error instanceof ApiError
      ? add.error.errors.find((each) => each.path === 'amount')?.message
      : undefined;

  if (gift && !editing) {
    return (
      <section aria-labelledby="gift-heading" className="flex flex-col gap-3">
        <h2 id="gift-heading" className="text-2xl font-bold">
          Your gift to {giftsTo}
        </h2>
        <p className="text-stone-800">
          {priceText(gift.currency, gift.amount)}, not paid yet: it is paid with your entry under your
          reference.
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              setCurrency(gift.currency);
              setAmount(gift.amount.replace(/\.00$/, ''));
              setEditing(true);
            }}
          >
            Change the gift
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={remove.isPending}
            onClick={() => remove.mutate(null)}
          >
            {remove.isPending ? 'Removing…' : 'Remove the gift'}
          </button>
        </div>
        {remove.isError && <FormAlert>{errorText(remove.error)}</FormAlert>}
      </section>
    );
  }

  return (
    <form
      aria-labelledby="gift-heading"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate({ amount, currency }, { onSuccess: () => setEditing(false) });
      }}
    >
      <h2 id="gift-heading" className="text-2xl font-bold">
        A gift to {giftsTo}
      </h2>
      <GiftBox
        cause={giftsTo}
        currency={currency}
        presets={PRESET_GIFTS[currency]}
        amount={amount}
        onPreset={setAmount}
        input={{ id: 'my-gift-amount', value: amount, onChange: (e) => setAmount(e.target.value) }}
        error={fieldError}
        currencyChoice={{ name: 'my-gift-currency', onChange: setCurrency }}
      />
      {add.isError && !fieldError && <FormAlert>{errorText(add.error)}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={add.isPending} busyLabel="Saving…">
          {gift ? 'Save the gift' : 'Add the gift'}
        </SubmitButton>
        {editing && (
          <button type="button" className={secondaryButtonClass} onClick={() => setEditing(false)}>
            Keep it as it was
          </button>
        )}
      </div>
    </form>
  );
}
