import { useState } from 'react';
import {
  PAYMENT_NOTICE_SOURCES,
  type PaymentNotice,
  type PaymentNoticesPage,
} from '../../../../shared/payments/payment-notices.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Cell, DataTable, rowClass } from '../../../components/ui/table.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { usePaymentNotices, useReviewPaymentNotice } from '../api/payment-notices.ts';

/**
 * Paynow's messages that changed nothing, kept for an admin to look into, then marked reviewed: first those
 * about payments started here (a page at a time), then the rest, so that forged posts cannot push a real
 * payment's notice out of sight. Nothing shows while there are none and Paynow is off.
 */
export function PaymentNotices({ enabled }: { enabled: boolean }) {
  const [page, setPage] = useState(1);
  const notices = usePaymentNotices(page);
  if (!notices.data) return <QueryError query={notices} />;
  const { attempts, other, unchecked } = notices.data;
  if (attempts.total + other.total + unchecked.messages === 0) {
    return enabled ? <p className="text-stone-700">Nothing from Paynow needs reviewing.</p> : null;
  }
  const pages = Math.max(1, Math.ceil(attempts.total / attempts.pageSize));
  return (
    <section aria-labelledby="payment-notices-heading" className="flex flex-col gap-3">
      <h3 id="payment-notices-heading" className="text-lg font-bold text-stone-900">
        Paynow messages to review
      </h3>
      <p className="text-stone-700">
        These messages changed nothing: compare each with Paynow’s own records and the entry’s history, then
        mark it reviewed.
      </p>
      <h4 className="font-bold text-stone-900">About payments started here</h4>
      {attempts.total === 0 ? (
        <p className="text-stone-700">None.</p>
      ) : (
        <>
          <p className="text-stone-700">
            {attempts.open === 0 ? 'All reviewed.' : `${attempts.open} not reviewed yet.`}
          </p>
          <NoticeList notices={attempts.notices} />
          {pages > 1 && (
            <Pager
              label="Pages of Paynow messages"
              page={attempts.page}
              pages={pages}
              onTurn={(step) => setPage((now) => now + step)}
              className="mt-0"
            >
              Page {attempts.page} of {pages} · {attempts.total} messages
            </Pager>
          )}
        </>
      )}
      {other.total > 0 && (
        <>
          <h4 className="font-bold text-stone-900">Signed by Paynow, about no payment here</h4>
          <p className="text-stone-700">
            Perhaps about an entry deleted since. Kept 30 days
            {other.total > other.notices.length
              ? `; the newest ${other.notices.length} of ${other.total}`
              : ''}
            .
          </p>
          <NoticeList notices={other.notices} />
        </>
      )}
      {unchecked.messages > 0 && <Unchecked unchecked={unchecked} />}
    </section>
  );
}

function NoticeList({ notices }: { notices: PaymentNotice[] }) {
  const review = useReviewPaymentNotice();
  return (
    <>
      {review.isError && (
        <p role="alert" className="font-medium text-red-800">
          {errorText(review.error)}
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {notices.map((notice) => (
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
    </>
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
        <span className="text-stone-700">{formatDateTime(notice.lastReceivedAt)}</span>
      </p>
      <p className="text-sm text-stone-700">
        {PAYMENT_NOTICE_SOURCES[notice.source]}
        {notice.entryReference && ` · entry ${notice.entryReference}`}
        {notice.count > 1 && ` · ${notice.count} times since ${formatDateTime(notice.receivedAt)}`}
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

function Unchecked({ unchecked }: { unchecked: PaymentNoticesPage['unchecked'] }) {
  const { messages, sources, hours } = unchecked;
  return (
    <>
      <h4 className="font-bold text-stone-900">Not signed, about no payment here</h4>
      <p className="text-stone-700">
        {messages} {messages === 1 ? 'message' : 'messages'} from {sources}{' '}
        {sources === 1 ? 'address' : 'addresses'} in the last 30 days. Anyone can send these, so they are only
        counted; many from one address may be someone trying the site.
      </p>
      <DataTable label="Unsigned messages by hour and address" columns={['Hour', 'Address', 'Messages']}>
        {hours.map((hour) => (
          <tr key={`${hour.hour} ${hour.source}`} className={rowClass}>
            <Cell label="Hour">{formatDateTime(hour.hour)}</Cell>
            <Cell label="Address" className="font-mono break-all">
              {hour.source}
            </Cell>
            <Cell label="Messages">{hour.count}</Cell>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
