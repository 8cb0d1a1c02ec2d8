import { PRESET_GIFTS, presetValue } from '../../../../shared/gifts/gifts.ts';
import { priceText } from '../../../../shared/money.ts';
import type { MyEntry } from '../../../../shared/registrations/my-registration.ts';
import { usePageData } from '../../../app/page-data.ts';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * "Add a gift to <cause>" on /My without JavaScript (issue 43): plain forms posted to the page itself, as
 * /Give's is (a preset, or any amount in USD or ZWG); the server answers with the page again, or with the
 * messages beside the amount. Once the script runs, MyGift takes its place.
 */
export function MyGiftWithoutScript({
  token,
  gift,
  cause,
}: {
  token: string;
  gift: MyEntry['gift'];
  cause: string | null;
}) {
  const served = usePageData()?.form;
  if (gift?.status === 'paid') {
    return (
      <p className="rounded-lg border border-stone-300 bg-stone-50 p-4 text-stone-800">
        Thank you for your gift of {priceText(gift.currency, gift.amount)} ({gift.reference}): it is paid.
      </p>
    );
  }
  if (!cause) return null;
  const action = `/My/${encodeURIComponent(token)}`;
  const unpaid = gift?.status === 'unpaid' ? gift : null;
  const preset = text(served?.values.preset);
  const amount = served ? text(served.values.amount) : (unpaid?.amount.replace(/\.00$/, '') ?? '');
  const currency = text(served?.values.currency) || unpaid?.currency || 'USD';
  return (
    <section aria-labelledby="gift-heading" className="flex flex-col gap-3">
      <h2 id="gift-heading" className="text-2xl font-bold">
        {unpaid ? `Your gift to ${cause}` : `A gift to ${cause}`}
      </h2>
      {unpaid && (
        <form method="post" action={action} className="flex flex-col gap-3">
          <p className="text-stone-800">
            {priceText(unpaid.currency, unpaid.amount)}, not paid yet: it is paid with your entry under your
            reference.
          </p>
          <input type="hidden" name="gift" value="remove" />
          <button type="submit" className={`${secondaryButtonClass} w-full sm:w-auto sm:self-start`}>
            Remove the gift
          </button>
        </form>
      )}
      <form method="post" action={action} noValidate className="flex flex-col gap-3">
        <input type="hidden" name="gift" value="add" />
        <fieldset className="flex flex-col gap-2 rounded-lg border border-stone-300 p-3">
          <legend className="px-1 font-medium text-stone-800">
            {unpaid ? 'Change the gift' : `Add a gift to ${cause}`}
          </legend>
          <p className="text-sm text-stone-600">
            Paid with your fee under the same reference; it goes to the cause, not to the race.
          </p>
          <div className="flex flex-wrap gap-2">
            {(['USD', 'ZWG'] as const).flatMap((each) =>
              PRESET_GIFTS[each].map((presetAmount) => {
                const value = presetValue(each, presetAmount);
                return (
                  <label
                    key={value}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 has-checked:border-brand-700 has-checked:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name="preset"
                      value={value}
                      defaultChecked={preset === value}
                      className="accent-brand-700"
                    />
                    {priceText(each, presetAmount)?.replace(/\.00$/, '')}
                  </label>
                );
              }),
            )}
          </div>
          <div className="grid grid-cols-[1fr_auto] gap-3">
            <TextField
              label="Or another amount"
              optional
              name="amount"
              inputMode="decimal"
              defaultValue={amount}
              error={served?.errors.amount}
            />
            <SelectField
              label="Currency"
              name="currency"
              defaultValue={currency}
              error={served?.errors.currency}
            >
              <option value="USD">USD</option>
              <option value="ZWG">ZWG</option>
            </SelectField>
          </div>
        </fieldset>
        {served?.failure && <FormAlert>{served.failure}</FormAlert>}
        <button type="submit" className={`${buttonClass} w-full sm:w-auto sm:self-start`}>
          {unpaid ? 'Save the gift' : 'Add the gift'}
        </button>
      </form>
    </section>
  );
}
