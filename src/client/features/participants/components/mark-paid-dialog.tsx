import { useId } from 'react';
import { formatShortDate } from '../../../../shared/dates.ts';
import {
  CURRENCIES,
  METHOD_CURRENCY,
  PAYMENT_METHOD_LABELS,
  type Participant,
  type PaymentMethod,
  type PaymentUpdateData,
  PaymentUpdateSchema,
} from '../../../../shared/participants/participants.ts';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { oneOf, showFieldErrors } from '../../../lib/field-errors.ts';
import { moneyText } from '../../../lib/money-text.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useEventSettings } from '../../event-settings/index.ts';
import { useRecordPayment } from '../api/participant.ts';
import { amountAfter, firstWayToPay, paidDefaults, paidOffFee, rememberPayment } from '../paid-defaults.ts';
import { fullName } from './participant-columns.tsx';
import { AmountFields, MethodField } from './payment-fields.tsx';

export type Paid = Extract<PaymentUpdateData, { status: 'paid' }>;

interface Values {
  status: 'paid';
  method: string;
  amount: string;
  currency: string;
  paidOn: string;
}
const isField = oneOf(['method', 'amount', 'currency', 'paidOn'] as const);

/** "USD 15.00 / ZWG 400.00", the fees set for an entry's race; undefined when none is. */
function feesText(fees: Participant['fees']) {
  const set = CURRENCIES.flatMap((currency) => {
    const fee = fees[currency];
    return fee === null ? [] : [moneyText(currency, fee)];
  });
  return set.length > 0 ? set.join(' / ') : undefined;
}

type Account = 'usd_bank' | 'zwg_bank' | 'mobile_money';

/**
 * "Mark paid" on one entry: the race's fee, its currency, today and the last method used (at first the
 * event's first way to pay; from a statement, its account), to confirm.
 */
export function MarkPaidDialog({
  entry,
  account,
  onClose,
  onPaid,
}: {
  entry: Participant | undefined;
  /** The account of the statement the payment is marked from. */
  account?: Account;
  onClose: () => void;
  onPaid: (entry: Participant, payment: Paid) => void;
}) {
  const settings = useEventSettings();
  return (
    <Dialog open={entry !== undefined} title={entry ? `Mark ${fullName(entry)} paid` : ''} onClose={onClose}>
      {entry &&
        (settings.isPending ? (
          <p role="status">Loading the ways to pay…</p>
        ) : (
          <MarkPaidForm
            key={entry.id}
            entry={entry}
            first={firstWayToPay(settings.data?.payment)}
            account={account}
            onClose={onClose}
            onPaid={onPaid}
          />
        ))}
    </Dialog>
  );
}

function MarkPaidForm({
  entry,
  first,
  account,
  onClose,
  onPaid,
}: {
  entry: Participant;
  first: ReturnType<typeof firstWayToPay>;
  account: Account | undefined;
  onClose: () => void;
  onPaid: (entry: Participant, payment: Paid) => void;
}) {
  const admin = useCurrentUser();
  const record = useRecordPayment();
  const aboutId = useId();
  const defaultValues: Values = { status: 'paid', ...paidDefaults(admin.id, entry.fees, { first, account }) };
  const {
    field,
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    setError,
    formState: { errors },
  } = useZodForm(PaymentUpdateSchema, {
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues,
  });
  const [method, amount, currency, paidOn] = watch(['method', 'amount', 'currency', 'paidOn']);

  const onSubmit = handleSubmit(async (data) => {
    if (record.isPending || data.status !== 'paid') return;
    try {
      await record.mutateAsync({ id: entry.id, body: data });
      rememberPayment(admin.id, data.method, data.currency);
      onPaid(entry, data);
    } catch (error) {
      showFieldErrors(error, setError, isField);
    }
  });

  const fees = feesText(entry.fees);
  const chosen = CURRENCIES.find((value) => value === currency);
  const recorded =
    chosen && /^\d{1,9}(\.\d{1,2})?$/.test(amount.trim())
      ? { amount: amount.trim(), currency: chosen }
      : undefined;
  const offFee = recorded && paidOffFee({ paymentStatus: 'paid', payment: recorded, fees: entry.fees });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p id={aboutId} className="-mt-2 text-stone-700">
        <span className="font-mono font-semibold text-stone-900">{entry.reference}</span> · {entry.raceType} ·{' '}
        {fees ? `fee ${fees}` : 'no fee is set for this race: enter the amount'}
      </p>
      <MethodField
        error={errors.method?.message}
        registration={register('method', {
          onChange: (event) => {
            const next = METHOD_CURRENCY[event.target.value as PaymentMethod];
            if (!next) return;
            const { amount: typed, currency: before } = getValues();
            setValue('currency', next);
            setValue('amount', amountAfter(entry.fees, typed, before, next));
          },
        })}
      />
      <AmountFields
        amount={register('amount')}
        currency={register('currency', {
          onChange: (event) => {
            const { amount: typed } = getValues();
            const before = event.target.value === 'USD' ? 'ZWG' : 'USD';
            setValue('amount', amountAfter(entry.fees, typed, before, event.target.value));
          },
        })}
        errors={{ amount: errors.amount?.message, currency: errors.currency?.message }}
      />
      <TextField label="Date paid" {...field('paidOn')} type="date" />

      {recorded && (
        <p
          className={
            offFee ? 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950' : 'text-stone-700'
          }
        >
          Records {moneyText(recorded.currency, recorded.amount)} by{' '}
          {PAYMENT_METHOD_LABELS[method as PaymentMethod]}
          {paidOn ? ` on ${formatShortDate(paidOn)}` : ''}.
          {offFee &&
            ` This differs from the fee, ${moneyText(offFee.currency, offFee.fee)}: the list will flag it.`}
        </p>
      )}
      <DialogFooter
        // Errors of fields are shown beside them.
        failure={record.error instanceof ApiError && record.error.errors.length > 0 ? null : record.error}
        onCancel={onClose}
        label="Confirm"
        busy={record.isPending}
        busyLabel="Saving…"
        describedBy={aboutId}
        focused
      />
    </form>
  );
}
