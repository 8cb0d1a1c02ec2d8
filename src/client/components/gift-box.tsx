import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { priceText } from '../../shared/money.ts';
import { secondaryButtonClass } from './ui/button.tsx';

type Currency = 'USD' | 'ZWG';

/**
 * "Add a gift to <cause>" with an entry (issue 43), on the registration forms and on /My: a few preset
 * amounts and any amount, in `currency`. The amount's input is the caller's (a form library's, or a state's).
 */
export function GiftBox({
  cause,
  currency,
  presets,
  amount,
  onPreset,
  input,
  error,
  hint = 'Optional. Paid with your fee under the same reference; it goes to the cause, not to the race.',
  children,
}: {
  cause: string;
  currency: Currency;
  presets: readonly string[];
  /** The amount chosen now, to show which preset is pressed. */
  amount: string;
  onPreset: (amount: string) => void;
  input: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  error?: string;
  hint?: string;
  /** Anything between the hint and the presets (on /My: the currency he will pay in). */
  children?: ReactNode;
}) {
  const inputId = input.id ?? 'giftAmount';
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-stone-300 p-3">
      <legend className="px-1 font-medium text-stone-800">Add a gift to {cause}</legend>
      <p className="text-sm text-stone-600">{hint}</p>
      {children}
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
