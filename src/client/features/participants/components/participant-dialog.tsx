import { useState } from 'react';
import { actorAccountText } from '../../../../shared/accounts/actor.ts';
import { formatShortDate } from '../../../../shared/dates.ts';
import { DISCIPLINE_LABELS } from '../../../../shared/events/event-display.ts';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type Participant,
  type ParticipantDetail,
} from '../../../../shared/participants/participants.ts';
import { balanceText } from '../../../../shared/payments/balance.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { FormSuccess } from '../../../components/ui/form-alert.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { moneyText } from '../../../lib/money-text.ts';
import { PersonalDataDownloads } from '../../access-requests/index.ts';
import { ErasePersonButton } from '../../erasure/index.ts';
import { CancelEntryDialog, ENTRANT_FIELDS, type EntrantField } from '../../registrations/index.ts';
import { useCancelParticipant, useParticipant } from '../api/participant.ts';
import { paidOffFee } from '../paid-defaults.ts';
import { BibForm } from './bib-form.tsx';
import { EditEntryForm } from './edit-entry-form.tsx';
import {
  COLUMN_LABELS,
  COLUMN_VALUES,
  fullName,
  PAYMENT_TONES,
  readablePhone,
} from './participant-columns.tsx';
import { PaymentForm } from './payment-form.tsx';
import { ReceiptLinks } from './receipt-links.tsx';
import { RefundsSection } from './refunds-section.tsx';

/**
 * The entry's own fields, in the list's order (its reference, discipline and dates are said above them),
 * with the next of kin, which only an opened entry shows.
 */
const DETAIL_FIELDS: readonly EntrantField[] = ENTRANT_FIELDS;
const detailLabel = (key: EntrantField) => (key === 'nextOfKinMobile' ? 'Next of Kin' : COLUMN_LABELS[key]);
const detailValue = (key: EntrantField, entry: ParticipantDetail) =>
  key === 'nextOfKinMobile' ? readablePhone(entry.nextOfKinMobile) : COLUMN_VALUES[key](entry);

const sectionHeading = 'text-lg font-bold text-stone-900';
const dangerOutlineClass = secondaryButtonClass
  .replace('border-stone-400', 'border-red-700')
  .replace('text-stone-900', 'text-red-800')
  .replace('hover:bg-stone-100', 'hover:bg-red-50');

/** One entry: its details, payment, corrections, cancellation and history, in a dialog over the list. */
export function ParticipantDialog({
  entry,
  onClose,
}: {
  /** The entry to open (a list's row, or any list naming it). */
  entry: Pick<Participant, 'id' | 'firstName' | 'lastName'> | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open={entry !== undefined} title={entry ? fullName(entry) : ''} onClose={onClose} size="lg">
      {/* A fresh panel for each entry: no half-typed form or message left from the last one. */}
      {entry && <EntryPanel key={entry.id} id={entry.id} onClose={onClose} />}
    </Dialog>
  );
}

function EntryPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useParticipant(id);
  const [notice, setNotice] = useState<string>();
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCancelParticipant();
  const entry = detail.data;

  if (detail.isPending) return <Loading label="Loading the entry…" />;
  if (detail.isError || !entry) {
    return (
      <>
        <QueryError query={detail} />
        <DialogActions>
          <button type="button" className={secondaryButtonClass} onClick={onClose}>
            Close
          </button>
        </DialogActions>
      </>
    );
  }
  const cancelled = entry.status === 'cancelled';
  // An earlier edition's entry is read, never changed (the server refuses it too).
  const changeable = !cancelled && !entry.archived;
  const done = (text: string) => setNotice(text);

  return (
    <div className="flex flex-col gap-6">
      <div className="-mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-stone-700">
        <span className="font-mono font-semibold text-stone-900">{entry.reference}</span>
        <span>
          {DISCIPLINE_LABELS[entry.discipline]} · {entry.raceType}
        </span>
        <span>Registered {formatDateTime(entry.createdAt)}</span>
        {cancelled ? (
          <Badge tone="bad">Cancelled</Badge>
        ) : (
          <Badge tone={PAYMENT_TONES[entry.paymentStatus]}>
            {PAYMENT_STATUS_LABELS[entry.paymentStatus]}
          </Badge>
        )}
      </div>

      <div aria-live="polite" className="empty:hidden">
        {notice && <FormSuccess>{notice}</FormSuccess>}
      </div>
      {cancelled && (
        <p className="rounded-lg border border-stone-300 bg-stone-100 p-3 text-stone-800">
          This entry was cancelled: it is no longer in the lists and its place is free. Its history is kept
          below.
        </p>
      )}
      {entry.archived && (
        <p className="rounded-lg border border-stone-300 bg-stone-100 p-3 text-stone-800">
          This entry belongs to an earlier edition, which is archived: it can be read, not changed.
        </p>
      )}

      <section aria-labelledby={`${id}-details`} className="flex flex-col gap-3">
        <h3 id={`${id}-details`} className={sectionHeading}>
          Details
        </h3>
        {editing ? (
          <EditEntryForm
            entry={entry}
            onCancel={() => setEditing(false)}
            onSaved={(changed) => {
              setEditing(false);
              done(changed ? 'The entry was saved.' : 'Nothing was changed.');
            }}
          />
        ) : (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 sm:grid-cols-[auto_1fr_auto_1fr]">
              {DETAIL_FIELDS.map((key) => (
                <div key={key} className="contents">
                  <dt className="text-stone-600">{detailLabel(key)}</dt>
                  <dd className="font-medium [overflow-wrap:anywhere]">{detailValue(key, entry)}</dd>
                </div>
              ))}
            </dl>
            {entry.guardianName !== null && (
              <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-stone-800">
                <span className="text-stone-700">Parent or guardian:</span>{' '}
                <span className="font-medium">{entry.guardianName}</span>
                {entry.guardianMobile && `, ${readablePhone(entry.guardianMobile)}`}.
                {entry.guardianConsentedAt &&
                  ` They agreed to this entry on ${formatDateTime(entry.guardianConsentedAt)}.`}
              </p>
            )}
            {changeable && (
              <button
                type="button"
                className={`${secondaryButtonClass} self-start`}
                onClick={() => {
                  setNotice(undefined);
                  setEditing(true);
                }}
              >
                Edit
              </button>
            )}
          </>
        )}
      </section>

      <section aria-labelledby={`${id}-bib`} className="flex flex-col gap-3">
        <h3 id={`${id}-bib`} className={sectionHeading}>
          Bib
        </h3>
        <p className="text-stone-800">
          {entry.bib === null ? 'No bib yet.' : `Bib ${entry.bib}.`}
          {cancelled &&
            entry.bib !== null &&
            ' The entry was cancelled but keeps its bib, so the number is never given to anyone else.'}
        </p>
        {changeable && <BibForm key={entry.bib ?? 'none'} entry={entry} onSaved={done} />}
      </section>

      <section aria-labelledby={`${id}-payment`} className="flex flex-col gap-3">
        <h3 id={`${id}-payment`} className={sectionHeading}>
          Payment
        </h3>
        <p className="text-stone-800">{paymentSummary(entry)}</p>
        <ReceiptLinks entry={entry} />
        {changeable && (
          <PaymentForm
            entry={entry}
            onSaved={(status) => done(`Payment saved: ${PAYMENT_STATUS_LABELS[status].toLowerCase()}.`)}
            onStart={() => setNotice(undefined)}
          />
        )}
      </section>

      <RefundsSection entry={entry} onDone={done} />

      <section aria-labelledby={`${id}-history`} className="flex flex-col gap-3">
        <h3 id={`${id}-history`} className={sectionHeading}>
          History
        </h3>
        <History entry={entry} />
      </section>

      <PersonalDataDownloads
        base={`/api/access-requests/registration/${encodeURIComponent(entry.id)}/data`}
        title="Download everything we hold about this person"
      >
        This entry with its payments, receipts, reminders and check-in. Other entries with the same email are
        not included: a typed email proves nothing, so download each one that is this person’s. Each download
        is recorded in the audit log.
      </PersonalDataDownloads>

      <DialogActions>
        {changeable && (
          <button
            type="button"
            className={`${dangerOutlineClass} sm:mr-auto`}
            onClick={() => {
              setNotice(undefined);
              setCancelling(true);
            }}
          >
            Cancel entry
          </button>
        )}
        {entry.firstName !== '' && (
          <ErasePersonButton
            className={dangerOutlineClass}
            subjectType="registration"
            subjectId={entry.id}
            who={`${fullName(entry)} (${entry.reference})`}
            onErased={() => done('This person was erased: the entry keeps only what the figures need.')}
          />
        )}
        <button type="button" className={buttonClass} onClick={onClose}>
          Close
        </button>
      </DialogActions>

      <CancelEntryDialog
        entry={entry}
        cancel={() => cancel.mutateAsync({ id: entry.id, body: null })}
        open={cancelling}
        onClose={() => setCancelling(false)}
        onCancelled={() => {
          setCancelling(false);
          done('The entry was cancelled; its place is free again.');
        }}
      />
    </div>
  );
}

function paymentSummary(entry: ParticipantDetail) {
  const { payment } = entry;
  switch (entry.paymentStatus) {
    case 'part_paid':
      return `Part paid: ${[
        payment.currency && payment.amount ? moneyText(payment.currency, payment.amount) : undefined,
        payment.method ? `by ${PAYMENT_METHOD_LABELS[payment.method]}` : undefined,
        payment.paidOn ? `on ${formatShortDate(payment.paidOn)}` : undefined,
      ]
        .filter(Boolean)
        .join(' ')}. ${balanceText(entry) ?? 'The rest is due'}.`;
    case 'paid': {
      const parts = [
        payment.currency && payment.amount ? moneyText(payment.currency, payment.amount) : undefined,
        payment.method ? `by ${PAYMENT_METHOD_LABELS[payment.method]}` : undefined,
        payment.paidOn ? `on ${formatShortDate(payment.paidOn)}` : undefined,
        payment.payerReference ? `(reference ${payment.payerReference})` : undefined,
      ].filter(Boolean);
      const offFee = paidOffFee(entry);
      const fee = offFee ? ` That is not the race’s fee, ${moneyText(offFee.currency, offFee.fee)}.` : '';
      return `Paid: ${parts.join(' ')}.${fee}`;
    }
    case 'waived':
      return `Waived: ${payment.waiverReason ?? 'no reason recorded'}.`;
    default:
      return 'Not paid yet.';
  }
}

function History({ entry }: { entry: ParticipantDetail }) {
  return (
    <ol className="flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
      {entry.history.map((item) => (
        <li key={`${item.at}-${item.action}-${item.summary}`} className="flex flex-col gap-0.5 px-3 py-2">
          <span className="text-stone-900">{item.summary}</span>
          <span className="text-sm text-stone-600">
            <time dateTime={item.at}>{formatDateTime(item.at)}</time> ·{' '}
            {item.by ?? (item.action === 'registered' ? 'registration form' : 'unknown')}
            {item.byAccount && ` (${actorAccountText(item.byAccount)})`}
          </span>
        </li>
      ))}
    </ol>
  );
}
