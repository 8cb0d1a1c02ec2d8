import {
  PAYMENT_METHOD_NAMES,
  type PaymentMethodKey,
  paymentOrder,
} from '../../../../shared/events/payments.ts';
import { rowButtonClass } from '../../../components/ui/button.tsx';

/** The order entrants see the ways to pay in: each moves up or down a place. */
export function PaymentOrderField({
  order,
  error,
  onChange,
}: {
  order: PaymentMethodKey[];
  error?: string;
  onChange: (order: PaymentMethodKey[]) => void;
}) {
  const shown = paymentOrder({ order });
  const move = (index: number, by: -1 | 1) => {
    const next = [...shown];
    [next[index], next[index + by]] = [next[index + by] as PaymentMethodKey, next[index] as PaymentMethodKey];
    onChange(next);
  };
  return (
    <fieldset className="rounded-lg border border-stone-200 p-4">
      <legend className="px-1 font-semibold text-stone-900">Order shown to entrants</legend>
      <p className="mb-3 text-sm text-stone-700">
        Put first the way most people pay: the landing, banking and thank-you pages and the confirmation email
        list them in this order.
      </p>
      <ol className="flex flex-col gap-2">
        {shown.map((key, index) => (
          <li key={key} className="flex flex-wrap items-center gap-2 rounded-lg bg-stone-50 px-3 py-2">
            <span className="min-w-48 grow font-medium text-stone-900">
              {index + 1}. {PAYMENT_METHOD_NAMES[key]}
            </span>
            <button
              type="button"
              className={rowButtonClass}
              disabled={index === 0}
              onClick={() => move(index, -1)}
              aria-label={`Move ${PAYMENT_METHOD_NAMES[key]} up`}
            >
              Up
            </button>
            <button
              type="button"
              className={rowButtonClass}
              disabled={index === shown.length - 1}
              onClick={() => move(index, 1)}
              aria-label={`Move ${PAYMENT_METHOD_NAMES[key]} down`}
            >
              Down
            </button>
          </li>
        ))}
      </ol>
      {error && <p className="mt-2 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
