import type { InputHTMLAttributes, Ref } from 'react';
import { priceText } from '../../shared/money.ts';
import { secondaryButtonClass } from './ui/button.tsx';

type Currency = 'USD' | 'ZWG';

/** The amounts offered with an entry, beside any amount. */
const WITH_ENTRY = { USD: ['5', '10', '20'], ZWG: ['100', '250', '500'] } as const;

/**
 * "Add a gift to <cause>" with an entry (issue 43), on the registration forms and on /My: a few preset
 * amounts and any amount, in `currency`. The amount's input is the caller's (a form library's, or a state's).
 */
export function GiftBox({
  cause,
  currency,
  presets = WITH_ENTRY[currency],
  amount,
  onPreset,
  input,
  error,
  hint = 'Optional. Paid with your fee under the same reference; it goes to the cause, not to the race.',
  currencyChoice,
}: {
  cause: string;
  currency: Currency;
  presets?: readonly string[];
  /** The amount chosen now, to show which preset is pressed. */
  amount: string;
  onPreset: (amount: string) => void;
  input: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  error?: string;
  hint?: string;
  /**
   * "I will pay in" US dollars or ZWG, as radio buttons of this name (posted without JavaScript too); a change
   * empties the amount, whose presets differ.
   */
  currencyChoice?: { name: string; onChange: (currency: Currency) => void };
}) {
  const inputId = input.id ?? 'giftAmount';
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-stone-300 p-3">
      <legend className="px-1 font-medium text-stone-800">Add a gift to {cause}</legend>
      <p className="text-sm text-stone-600">{hint}</p>
      {currencyChoice && (
        <div
          role="radiogroup"
          aria-label="I will pay in"
          className="flex flex-wrap items-center gap-x-4 gap-y-1"
        >
          <span aria-hidden="true" className="text-stone-800">
            I will pay in
          </span>
          <span className="flex gap-4">
            {(['USD', 'ZWG'] as const).map((option) => (
              <label key={option} className="flex items-center gap-2 text-stone-800">
                <input
                  type="radio"
                  name={currencyChoice.name}
                  value={option}
                  checked={currency === option}
                  onChange={() => {
                    currencyChoice.onChange(option);
                    onPreset('');
                  }}
                  className="size-5 accent-brand-700"
                />
                {option === 'USD' ? 'US dollars' : 'ZWG'}
              </label>
            ))}
          </span>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {presets.map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={Number(amount) === Number(preset)}
            onClick={() => onPreset(preset)}
            className={`${secondaryButtonClass} aria-pressed:bg-brand-700 aria-pressed:text-white`}
          >
            {priceText(currency, preset)?.replace(/\.00$/, '')}
          </button>
        ))}
      </div>
      <label htmlFor={inputId} className="text-stone-800">
        Gift in {currency === 'USD' ? 'US$' : 'ZWG'} (any amount, or empty for none)
      </label>
      <input
        id={inputId}
        inputMode="decimal"
        {...input}
        className="w-32 rounded-lg border border-stone-400 px-3 py-2"
      />
      <p aria-live="polite" className="text-sm font-medium text-red-700 empty:hidden">
        {error}
      </p>
    </fieldset>
  );
}
