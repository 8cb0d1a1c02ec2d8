import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  CURRENCIES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type ParticipantDetail,
  type PaymentMethod,
  type PaymentUpdateData,
  PaymentUpdateSchema,
} from '../../../../shared/participants/participants.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { DialogError } from '../../../components/ui/dialog.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useEventSettings } from '../../event-settings/api/event-settings.ts';
import { useRecordPayment } from '../api/participant.ts';

type Status = (typeof PAYMENT_STATUSES)[number];
type Currency = (typeof CURRENCIES)[number];

interface Values {
  status: Status;
  method: string;
  amount: string;
  currency: string;
  payerReference: string;
  paidOn: string;
  reason: string;
}
const FIELDS = ['method', 'amount', 'currency', 'payerReference', 'paidOn', 'reason'] as const;
const isField = (path: string): path is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(path);

/** The currency a method is paid in, where the method says it. */
const METHOD_CURRENCY: Partial<Record<PaymentMethod, Currency>> = { usd_bank: 'USD', zwg_bank: 'ZWG' };

/** Today in Harare, as an <input type="date"> wants it (YYYY-MM-DD). */
const todayInHarare = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Harare' }).format(new Date());

/** Paid (method, amount, currency, payer's reference, date), waived (reason) or back to unpaid. */
export function PaymentForm({
  entry,
  onSaved,
  onStart,
}: {
  entry: ParticipantDetail;
  onSaved: (status: Status) => void;
  onStart: () => void;
}) {
  const record = useRecordPayment();
  const settings = useEventSettings();
  const race = settings.data?.races.find(
    (r) => r.discipline === entry.discipline && r.label === entry.raceType,
  );
  const fee = (currency: string) =>
    (currency === 'USD' ? race?.feeUsd : currency === 'ZWG' ? race?.feeZwg : undefined) ?? '';
  const { payment } = entry;
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, PaymentUpdateData>({
    resolver: zodResolver(PaymentUpdateSchema) as never,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: {
      status: entry.paymentStatus,
      method: payment.method ?? '',
      amount: payment.amount ?? '',
      currency: payment.currency ?? '',
      payerReference: payment.payerReference ?? '',
      paidOn: payment.paidOn ?? todayInHarare(),
      reason: payment.waiverReason ?? '',
    },
  });
  const status = watch('status');

  /** A bank transfer says its currency; the amount follows the race's fee in it, unless one was typed. */
  function suggestFor(method: string) {
    const currency = METHOD_CURRENCY[method as PaymentMethod];
    if (!currency) return;
    const { amount, currency: before } = getValues();
    setValue('currency', currency, { shouldValidate: Boolean(errors.currency) });
    if (!amount || amount === fee(before)) setValue('amount', fee(currency));
  }

  const onSubmit = handleSubmit(async (data) => {
    if (record.isPending) return;
    onStart();
    try {
      const saved = await record.mutateAsync({ id: entry.id, body: data });
      reset({
        ...getValues(),
        status: saved.paymentStatus,
        paidOn: saved.payment.paidOn ?? getValues('paidOn'),
      });
      onSaved(saved.paymentStatus);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      for (const fieldError of error.errors) {
        if (isField(fieldError.path)) setError(fieldError.path, { message: fieldError.message });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-lg bg-stone-50 p-4">
      <fieldset>
        <legend className="mb-1.5 font-medium text-stone-800">Payment status</legend>
        <div className="grid grid-cols-3 gap-2">
          {PAYMENT_STATUSES.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-stone-400 bg-white px-3 font-medium has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:outline-3 has-focus-visible:outline-brand-600"
            >
              <input
                type="radio"
                value={value}
                {...register('status', {
                  onChange: (event) => {
                    if (event.target.value === 'paid' && !getValues('amount') && getValues('currency')) {
                      setValue('amount', fee(getValues('currency')));
                    }
                  },
                })}
                className="size-4 accent-brand-700"
              />
              {PAYMENT_STATUS_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>

      {status === 'paid' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Method" error={errors.method?.message}>
            {(a11y) => (
              <select
                {...a11y}
                {...register('method', { onChange: (event) => suggestFor(event.target.value) })}
                className={inputClass}
              >
                <option value="">Choose how it was paid</option>
                {PAYMENT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {PAYMENT_METHOD_LABELS[method]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="grid grid-cols-[1fr_7rem] gap-3">
            <Field label="Amount" error={errors.amount?.message}>
              {(a11y) => (
                <input
                  {...a11y}
                  {...register('amount')}
                  inputMode="decimal"
                  autoComplete="off"
                  className={inputClass}
                />
              )}
            </Field>
            <Field label="Currency" error={errors.currency?.message}>
              {(a11y) => (
                <select
                  {...a11y}
                  {...register('currency', {
                    onChange: (event) => {
                      const { amount } = getValues();
                      const other = event.target.value === 'USD' ? 'ZWG' : 'USD';
                      if (!amount || amount === fee(other)) setValue('amount', fee(event.target.value));
                    },
                  })}
                  className={inputClass}
                >
                  <option value="">—</option>
                  {CURRENCIES.map((currency) => (
                    <option key={currency}>{currency}</option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field label="Payer’s reference" optional error={errors.payerReference?.message}>
            {(a11y) => (
              <input {...a11y} {...register('payerReference')} autoComplete="off" className={inputClass} />
            )}
          </Field>
          <Field label="Date paid" error={errors.paidOn?.message}>
            {(a11y) => <input {...a11y} {...register('paidOn')} type="date" className={inputClass} />}
          </Field>
        </div>
      )}
      {status === 'waived' && (
        <Field label="Reason for waiving the fee" error={errors.reason?.message}>
          {(a11y) => <input {...a11y} {...register('reason')} autoComplete="off" className={inputClass} />}
        </Field>
      )}

      {record.isError && !(record.error instanceof ApiError && record.error.errors.length > 0) && (
        <DialogError>{errorText(record.error)}</DialogError>
      )}
      <button type="submit" className={`${buttonClass} self-start`} disabled={record.isPending}>
        {record.isPending ? 'Saving…' : 'Save payment'}
      </button>
    </form>
  );
}
