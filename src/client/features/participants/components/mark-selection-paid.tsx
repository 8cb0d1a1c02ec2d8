import { useId } from 'react';
import { harareToday } from '../../../../shared/dates.ts';
import {
  CURRENCIES,
  type Currency,
  type MarkPaid,
  type MarkPaidResult,
  MarkPaidSchema,
  type MarkPaidSkip,
  METHOD_CURRENCY,
  PAYMENT_METHOD_LABELS,
  type Participant,
  type PaymentMethod,
} from '../../../../shared/participants/participants.ts';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { moneyText } from '../../../lib/money-text.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useEventSettings } from '../../event-settings/index.ts';
import { useMarkPaid } from '../api/mark-paid.ts';
import { firstWayToPay, lastPayment, rememberPayment } from '../paid-defaults.ts';
import { CurrencyField, MethodField } from './payment-fields.tsx';

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/** Over the list: select every unpaid entry on the page, and mark the selection paid. */
export function SelectionBar({
  unpaid,
  selected,
  onSelectAll,
  onClear,
  onMark,
}: {
  unpaid: number;
  selected: number;
  onSelectAll: (all: boolean) => void;
  onClear: () => void;
  onMark: () => void;
}) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2">
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-medium text-stone-800">
        <input
          type="checkbox"
          checked={selected > 0 && selected === unpaid}
          ref={(box) => {
            if (box) box.indeterminate = selected > 0 && selected < unpaid;
          }}
          onChange={(event) => onSelectAll(event.target.checked)}
          className="size-5 accent-brand-700"
        />
        Select all unpaid on this page
      </label>
      {selected > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className={buttonClass} onClick={onMark}>
            Mark {selected} paid
          </button>
          <button type="button" className={secondaryButtonClass} onClick={onClear}>
            Clear selection
          </button>
        </div>
      )}
    </div>
  );
}

interface Values {
  method: string;
  currency: string;
  paidOn: string;
}

/** Marking the selected entries paid by one method: how many, the total, and which have no fee to take. */
export function MarkSelectionPaidDialog({
  open,
  selection,
  onClose,
  onDone,
}: {
  open: boolean;
  selection: Participant[];
  onClose: () => void;
  onDone: (result: MarkPaidResult, request: MarkPaid) => void;
}) {
  return (
    <Dialog open={open} title={`Mark ${entries(selection.length)} paid`} onClose={onClose}>
      {open && <MarkSelectionForm selection={selection} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
}

function MarkSelectionForm({
  selection,
  onClose,
  onDone,
}: {
  selection: Participant[];
  onClose: () => void;
  onDone: (result: MarkPaidResult, request: MarkPaid) => void;
}) {
  const admin = useCurrentUser();
  const mark = useMarkPaid();
  const summaryId = useId();
  const settings = useEventSettings();
  const last = lastPayment(admin.id, firstWayToPay(settings.data?.payment));
  const defaultValues: Values = {
    method: last.method,
    currency: METHOD_CURRENCY[last.method] ?? last.currency,
    paidOn: harareToday(),
  };
  const ids = selection.map((entry) => entry.id);
  const {
    field,
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useZodForm(MarkPaidSchema, {
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues,
    toSchemaInput: (values) => ({ ...values, ids }),
  });
  const currency = CURRENCIES.find((value) => value === watch('currency')) ?? 'USD';
  const payable = selection.filter((entry) => entry.fees[currency] !== null);
  const noFee = selection.filter((entry) => entry.fees[currency] === null);
  const total = payable.reduce((sum, entry) => sum + Number(entry.fees[currency]), 0);

  const onSubmit = handleSubmit(async (data: MarkPaid) => {
    if (mark.isPending) return;
    try {
      const result = await mark.mutateAsync(data);
      rememberPayment(admin.id, data.method, data.currency);
      onDone(result, data);
    } catch {
      // Shown in the dialog.
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <MethodField
        error={errors.method?.message}
        registration={register('method', {
          onChange: (event) => {
            const next = METHOD_CURRENCY[event.target.value as PaymentMethod];
            if (next) setValue('currency', next);
          },
        })}
      />
      <div className="grid grid-cols-[7rem_1fr] gap-3">
        <CurrencyField registration={register('currency')} error={errors.currency?.message} />
        <TextField label="Date paid" {...field('paidOn')} type="date" />
      </div>

      <div id={summaryId} className="flex flex-col gap-2">
        {payable.length > 0 ? (
          <p className="text-stone-800">
            {entries(payable.length)}, each at its race’s fee:{' '}
            <strong>total {moneyText(currency, total.toFixed(2))}</strong>.
          </p>
        ) : (
          <p className="text-stone-800">None of these entries’ races has a fee in {currency}.</p>
        )}
        {noFee.length > 0 && (
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
            Left unpaid, their race has no fee in {currency}:{' '}
            {noFee.map((entry) => `${entry.reference} (${entry.raceType})`).join(', ')}.
          </p>
        )}
      </div>
      <DialogFooter
        failure={mark.error}
        onCancel={onClose}
        label="Confirm"
        busy={mark.isPending}
        busyLabel="Saving…"
        disabled={payable.length === 0}
        describedBy={summaryId}
        focused
      />
    </form>
  );
}

const SKIPPED: Record<MarkPaidSkip, (currency: Currency) => string> = {
  paid: () => 'already paid',
  waived: () => 'fee waived',
  cancelled: () => 'cancelled',
  no_fee: (currency) => `its race has no fee in ${currency}`,
  other_currency: (currency) => `part paid in another currency than ${currency}`,
  not_found: () => 'no longer in the list',
};

/** "3 entries marked paid by Cash: USD 45.00. Left as they were: CFR25-0003 (its race has no fee in USD)." */
export function markedText({ marked, skipped }: MarkPaidResult, { method, currency }: MarkPaid) {
  const total = marked.reduce((sum, entry) => sum + Number(entry.amount), 0);
  const done =
    marked.length > 0
      ? `${entries(marked.length)} marked paid by ${PAYMENT_METHOD_LABELS[method]}: ${moneyText(currency, total.toFixed(2))}.`
      : 'No entry was marked paid.';
  if (skipped.length === 0) return done;
  const left = skipped.map(
    ({ reference, reason }) => `${reference ?? 'an entry'} (${SKIPPED[reason](currency)})`,
  );
  return `${done} Left as they were: ${left.join(', ')}.`;
}
