import { PAYMENT_NOTICE_SOURCES, type PaymentNotice } from '../../../../shared/payments/payment-notices.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { usePaymentNotices, useReviewPaymentNotice } from '../api/payment-notices.ts';

/**
 * Paynow's messages that changed nothing (a bad hash, an unknown reference, another amount): kept for an
 * admin to look into, then marked reviewed. Nothing shows while there are none and Paynow is off.
 */
export function PaymentNotices({ enabled }: { enabled: boolean }) {
  const notices = usePaymentNotices();
  const review = useReviewPaymentNotice();
  if (!notices.data) return <QueryError query={notices} />;
  if (notices.data.length === 0) {
    return enabled ? <p className="text-stone-700">Nothing from Paynow needs reviewing.</p> : null;
  }
  const open = notices.data.filter((notice) => !notice.reviewedAt).length;
  return (
    <section aria-labelledby="payment-notices-heading" className="flex flex-col gap-3">
      <h3 id="payment-notices-heading" className="text-lg font-bold text-stone-900">
        Paynow messages to review
      </h3>
      <p className="text-stone-700">
        {open === 0 ? 'All reviewed. ' : `${open} not reviewed yet. `}
        These messages changed nothing: compare each with Paynow’s own records and the entry’s history, then
        mark it reviewed.
      </p>
      {review.isError && (
        <p role="alert" className="font-medium text-red-800">
          {errorText(review.error)}
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {notices.data.map((notice) => (
          <li key={notice.id} className="flex flex-col gap-1 rounded-lg border border-stone-300 bg-white p-4">
            <Notice notice={notice} />
            {!notice.reviewedAt && (
              <button
                type="button"
                className={`${secondaryButtonClass} mt-2 self-start`}
                disabled={review.isPending}
                onClick={() => review.mutate(notice.id)}
              >
                Mark reviewed
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Notice({ notice }: { notice: PaymentNotice }) {
  const fields = Object.entries(notice.fields);
  return (
    <>
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone={notice.reviewedAt ? 'plain' : 'warn'}>
          {notice.reviewedAt ? 'Reviewed' : 'To review'}
        </Badge>
        <strong>{notice.problem.charAt(0).toUpperCase() + notice.problem.slice(1)}</strong>
        <span className="text-stone-700">{formatDateTime(notice.receivedAt)}</span>
      </p>
      <p className="text-sm text-stone-700">
        {PAYMENT_NOTICE_SOURCES[notice.source]}
        {notice.entryReference && ` · entry ${notice.entryReference}`}
      </p>
      {fields.length > 0 && (
        <p className="font-mono text-sm break-all text-stone-800">
          {fields.map(([key, value]) => `${key}=${value}`).join(' · ')}
        </p>
      )}
      {notice.reviewedAt && (
        <p className="text-sm text-stone-700">
          Reviewed by {notice.reviewedBy ?? 'an admin'} on {formatDateTime(notice.reviewedAt)}
        </p>
      )}
    </>
  );
}
