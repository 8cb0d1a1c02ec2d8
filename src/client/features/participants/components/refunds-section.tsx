import { useState } from 'react';
import { formatShortDate, harareToday } from '../../../../shared/dates.ts';
import {
  PAYMENT_METHOD_LABELS,
  type ParticipantDetail,
  paymentMethodLabel,
} from '../../../../shared/participants/participants.ts';
import { toCents } from '../../../../shared/payments/balance.ts';
import {
  type EntryRefunds,
  REFUND_METHODS,
  RecordRefundSchema,
  type Refund,
} from '../../../../shared/payments/refunds.ts';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { DialogError } from '../../../components/ui/dialog.tsx';
import { RadioCard, SelectField, TextField } from '../../../components/ui/field.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showFieldErrors } from '../../../lib/field-errors.ts';
import { moneyText } from '../../../lib/money-text.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { creditNoteUrl, useApplyCredit, useEntryRefunds, useRecordRefund } from '../api/refunds.ts';
import { AmountFields } from './payment-fields.tsx';

const sectionHeading = 'text-lg font-bold text-stone-900';

/**
 * Money given back or kept as credit from this entry (issue 42): what was recorded with its credit notes, a
 * form to record more while some of the payment is left, and the same person's credits this entry may use.
 */
export function RefundsSection({
  entry,
  onDone,
}: {
  entry: ParticipantDetail;
  onDone: (text: string) => void;
}) {
  const refunds = useEntryRefunds(entry.id);
  const headingId = `${entry.id}-refunds`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className={sectionHeading}>
        Refunds and credits
      </h3>
      {refunds.isPending ? (
        <Loading label="Loading refunds and credits…" />
      ) : refunds.isError ? (
        <QueryError query={refunds} />
      ) : (
        <RefundsBody entry={entry} refunds={refunds.data} onDone={onDone} />
      )}
    </section>
  );
}

function RefundsBody({
  entry,
  refunds,
  onDone,
}: {
  entry: ParticipantDetail;
  refunds: EntryRefunds;
  onDone: (text: string) => void;
}) {
  const [recording, setRecording] = useState(false);
  const left = (['USD', 'ZWG'] as const).filter((currency) => toCents(refunds.refundable[currency]) > 0);
  const leftText = left.map((currency) => moneyText(currency, refunds.refundable[currency])).join(' and ');
  const byPaynow = refunds.recorded.some((refund) => refund.byPaynow);
  const stillPaid = entry.paymentStatus === 'paid' || entry.paymentStatus === 'part_paid';
  return (
    <>
      {byPaynow && stillPaid && entry.status === 'active' && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-stone-800">
          Paynow reports this payment refunded. The entry is still marked paid: mark it unpaid, or cancel it,
          if that is right.
        </p>
      )}
      {entry.status === 'cancelled' && left.length > 0 && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-stone-800">
          This entry was cancelled with {leftText} received: record the refund, or keep it as a credit for the
          person’s next entry.
        </p>
      )}
      {refunds.recorded.length === 0 ? (
        <p className="text-stone-700">No refunds or credits recorded.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
          {refunds.recorded.map((refund) => (
            <li
              key={refund.creditNoteNumber}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
            >
              <span className="text-stone-900">{refundFacts(refund)}</span>
              <a
                href={creditNoteUrl(entry.id, refund.creditNoteNumber)}
                download={`credit-note-${entry.reference}-${refund.creditNoteNumber}.pdf`}
                className="underline"
              >
                Credit note {refund.creditNoteNumber} (PDF)
              </a>
            </li>
          ))}
        </ul>
      )}
      {refunds.credits.map((credit) => (
        <CreditOffer key={credit.id} entryId={entry.id} credit={credit} onDone={onDone} />
      ))}
      {left.length > 0 &&
        (recording ? (
          <RefundForm
            entry={entry}
            refunds={refunds}
            onCancel={() => setRecording(false)}
            onSaved={(text) => {
              setRecording(false);
              onDone(text);
            }}
          />
        ) : (
          <button
            type="button"
            className={`${secondaryButtonClass} self-start`}
            onClick={() => setRecording(true)}
          >
            Record a refund or credit
          </button>
        ))}
    </>
  );
}

function refundFacts(refund: Refund) {
  const money = moneyText(refund.currency, refund.amount);
  const parts =
    refund.kind === 'refund'
      ? [`Refunded ${money}`, refund.method ? `by ${paymentMethodLabel(refund.method)}` : undefined]
      : [
          `Credit of ${money}`,
          refund.usedOn
            ? `used by ${refund.usedOn}`
            : refund.expiresOn
              ? `usable until ${formatShortDate(refund.expiresOn)}`
              : undefined,
        ];
  return [
    ...parts,
    `on ${formatShortDate(refund.refundedOn)}`,
    refund.reference ? `reference ${refund.reference}` : undefined,
    `recorded by ${refund.by}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

function CreditOffer({
  entryId,
  credit,
  onDone,
}: {
  entryId: string;
  credit: EntryRefunds['credits'][number];
  onDone: (text: string) => void;
}) {
  const apply = useApplyCredit();
  const money = moneyText(credit.currency, credit.amount);
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3">
      <p className="text-stone-900">
        This person has a credit of {money} from {credit.fromReference} ({credit.fromEdition}), usable until{' '}
        {formatShortDate(credit.expiresOn)}. Using it records it as a payment of this entry.
      </p>
      {apply.isError && <DialogError>{errorText(apply.error)}</DialogError>}
      <button
        type="button"
        className={`${buttonClass} self-start`}
        disabled={apply.isPending}
        onClick={async () => {
          try {
            await apply.mutateAsync({ id: entryId, body: credit.id });
            onDone(`The credit of ${money} paid this entry.`);
          } catch {
            // Shown above.
          }
        }}
      >
        {apply.isPending ? 'Using the credit…' : `Use the credit of ${money}`}
      </button>
    </div>
  );
}

interface Values {
  kind: 'refund' | 'credit';
  method: string;
  amount: string;
  currency: string;
  refundedOn: string;
  reference: string;
}
const FIELDS = ['method', 'amount', 'currency', 'refundedOn', 'reference'] as const;
const isField = (path: string): path is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(path);

function RefundForm({
  entry,
  refunds,
  onCancel,
  onSaved,
}: {
  entry: ParticipantDetail;
  refunds: EntryRefunds;
  onCancel: () => void;
  onSaved: (text: string) => void;
}) {
  const record = useRecordRefund();
  const currency = entry.payment.currency ?? 'USD';
  const {
    field,
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useZodForm(RecordRefundSchema, {
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: {
      kind: 'refund',
      method: '',
      amount: refunds.refundable[currency],
      currency,
      refundedOn: harareToday(),
      reference: '',
    } as Values,
  });
  const kind = watch('kind');

  const onSubmit = handleSubmit(async (data) => {
    if (record.isPending) return;
    try {
      await record.mutateAsync({ id: entry.id, body: data });
      const money = moneyText(data.currency, data.amount);
      onSaved(
        data.kind === 'refund' ? `Refund of ${money} recorded.` : `Credit of ${money} kept for the person.`,
      );
    } catch (error) {
      showFieldErrors(error, setError, isField);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-lg bg-stone-50 p-4">
      <p className="text-stone-800">
        Celebration records money given back; it does not send it. Pay it back first, then record it here.
      </p>
      <fieldset>
        <legend className="mb-1.5 font-medium text-stone-800">What happens to the money</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <RadioCard centred label="Refund: given back" value="refund" {...register('kind')} />
          <RadioCard centred label="Credit for a next entry" value="credit" {...register('kind')} />
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {kind === 'refund' && (
          <SelectField label="Given back by" error={errors.method?.message} {...register('method')}>
            <option value="">Choose the method</option>
            {REFUND_METHODS.map((value) => (
              <option key={value} value={value}>
                {PAYMENT_METHOD_LABELS[value]}
              </option>
            ))}
          </SelectField>
        )}
        <AmountFields
          amount={register('amount')}
          currency={register('currency')}
          errors={{ amount: errors.amount?.message, currency: errors.currency?.message }}
        />
        <TextField
          label={kind === 'refund' ? 'Date refunded' : 'Date credited'}
          {...field('refundedOn')}
          type="date"
        />
        <TextField label="Reference" optional {...field('reference')} autoComplete="off" />
      </div>
      {record.isError && !(record.error instanceof ApiError && record.error.errors.length > 0) && (
        <DialogError>{errorText(record.error)}</DialogError>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass} disabled={record.isPending}>
          {record.isPending ? 'Saving…' : kind === 'refund' ? 'Record the refund' : 'Keep as credit'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
