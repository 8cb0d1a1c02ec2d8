import { harareToday } from '../../../../shared/dates.ts';
import {
  MANUAL_PAYMENT_METHODS,
  METHOD_CURRENCY,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type ParticipantDetail,
  type PaymentMethod,
  PaymentUpdateSchema,
} from '../../../../shared/participants/participants.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { DialogError } from '../../../components/ui/dialog.tsx';
import { RadioCard, TextField } from '../../../components/ui/field.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { showFieldErrors } from '../../../lib/field-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useRecordPayment } from '../api/participant.ts';
import { amountAfter, feeIn, rememberPayment } from '../paid-defaults.ts';
import { AmountFields, MethodField } from './payment-fields.tsx';

type Status = (typeof PAYMENT_STATUSES)[number];
/** What an admin sets; part paid is what the one payment rule records when less than the fee arrives. */
const SETTABLE = PAYMENT_STATUSES.filter((status) => status !== 'part_paid');

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
  const admin = useCurrentUser();
  const record = useRecordPayment();
  const { payment, fees } = entry;
  // Recording the rest of a part payment: the whole amount received, as the race's fee is, once it is in.
  const partPaid = entry.paymentStatus === 'part_paid';
  const initial: Values = {
    status: partPaid ? 'paid' : entry.paymentStatus,
    // A payment Paynow recorded is not one of the methods an admin chooses: changing it means choosing one.
    method: (MANUAL_PAYMENT_METHODS as readonly string[]).includes(payment.method ?? '')
      ? (payment.method ?? '')
      : '',
    amount: (partPaid && payment.currency ? feeIn(fees, payment.currency) : payment.amount) ?? '',
    currency: payment.currency ?? '',
    payerReference: payment.payerReference ?? '',
    paidOn: payment.paidOn ?? harareToday(),
    reason: payment.waiverReason ?? '',
  };
  const {
    field,
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    setError,
    reset,
    formState: { errors },
  } = useZodForm(PaymentUpdateSchema, {
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: initial,
  });
  const status = watch('status');

  /** A bank transfer says its currency; the amount follows the race's fee in it, unless one was typed. */
  function suggestFor(method: string) {
    const currency = METHOD_CURRENCY[method as PaymentMethod];
    if (!currency) return;
    const { amount, currency: before } = getValues();
    setValue('currency', currency, { shouldValidate: Boolean(errors.currency) });
    setValue('amount', amountAfter(fees, amount, before, currency));
  }

  const onSubmit = handleSubmit(async (data) => {
    if (record.isPending) return;
    onStart();
    try {
      const saved = await record.mutateAsync({ id: entry.id, body: data });
      if (data.status === 'paid') rememberPayment(admin.id, data.method, data.currency);
      reset({
        ...getValues(),
        status: saved.paymentStatus,
        paidOn: saved.payment.paidOn ?? getValues('paidOn'),
      });
      onSaved(saved.paymentStatus);
    } catch (error) {
      showFieldErrors(error, setError, isField);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-lg bg-stone-50 p-4">
      <fieldset>
        <legend className="mb-1.5 font-medium text-stone-800">Payment status</legend>
        <div className="grid grid-cols-3 gap-2">
          {SETTABLE.map((value) => (
            <RadioCard
              key={value}
              centred
              label={PAYMENT_STATUS_LABELS[value]}
              value={value}
              {...register('status', {
                onChange: (event) => {
                  if (event.target.value === 'paid' && !getValues('amount') && getValues('currency')) {
                    setValue('amount', feeIn(fees, getValues('currency')) ?? '');
                  }
                },
              })}
            />
          ))}
        </div>
      </fieldset>

      {status === 'paid' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <MethodField
            error={errors.method?.message}
            registration={register('method', { onChange: (event) => suggestFor(event.target.value) })}
            placeholder="Choose how it was paid"
          />
          <AmountFields
            amount={register('amount')}
            currency={register('currency', {
              onChange: (event) => {
                const other = event.target.value === 'USD' ? 'ZWG' : 'USD';
                setValue('amount', amountAfter(fees, getValues('amount'), other, event.target.value));
              },
            })}
            errors={{ amount: errors.amount?.message, currency: errors.currency?.message }}
            blankCurrency
          />
          <TextField label="Payer’s reference" optional {...field('payerReference')} autoComplete="off" />
          <TextField label="Date paid" {...field('paidOn')} type="date" />
        </div>
      )}
      {status === 'waived' && (
        <TextField label="Reason for waiving the fee" {...field('reason')} autoComplete="off" />
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
