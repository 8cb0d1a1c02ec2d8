import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  CURRENCIES,
  MANUAL_PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
} from '../../../../shared/participants/participants.ts';
import { SelectField, TextField } from '../../../components/ui/field.tsx';

/** "Method": how a payment was made, with a first "choose" option where none is chosen yet. */
export function MethodField({
  registration,
  error,
  placeholder,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  placeholder?: string;
}) {
  return (
    <SelectField label="Method" error={error} {...registration}>
      {placeholder && <option value="">{placeholder}</option>}
      {MANUAL_PAYMENT_METHODS.map((value) => (
        <option key={value} value={value}>
          {PAYMENT_METHOD_LABELS[value]}
        </option>
      ))}
    </SelectField>
  );
}

/** "Currency": USD or ZWG, with a blank first option where none is chosen yet. */
export function CurrencyField({
  registration,
  error,
  blank,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  blank?: boolean;
}) {
  return (
    <SelectField label="Currency" error={error} {...registration}>
      {blank && <option value="">—</option>}
      {CURRENCIES.map((value) => (
        <option key={value}>{value}</option>
      ))}
    </SelectField>
  );
}

/** The amount paid and its currency, side by side. */
export function AmountFields({
  amount,
  currency,
  errors,
  blankCurrency,
}: {
  amount: UseFormRegisterReturn;
  currency: UseFormRegisterReturn;
  errors: { amount?: string; currency?: string };
  blankCurrency?: boolean;
}) {
  return (
    <div className="grid grid-cols-[1fr_7rem] gap-3">
      <TextField label="Amount" error={errors.amount} {...amount} inputMode="decimal" autoComplete="off" />
      <CurrencyField registration={currency} error={errors.currency} blank={blankCurrency} />
    </div>
  );
}
