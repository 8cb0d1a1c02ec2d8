import { Link } from 'react-router';
import { formatShortDate } from '../../../../shared/dates.ts';
import { usePrivacyNotices } from '../api/privacy-notices.ts';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** What the admin should know about personal data: requests waiting, entries about to be anonymised. */
export function PrivacyNotices() {
  const { data } = usePrivacyNotices();
  if (!data || (data.erasureRequestsWaiting === 0 && !data.anonymiseSoon)) return null;
  return (
    <section aria-label="Personal data" className="mb-8">
      <ul className="flex flex-col gap-2">
        {data.erasureRequestsWaiting > 0 && (
          <li className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
            <Link to="/ErasureRequests" className="font-semibold underline underline-offset-2">
              {plural(data.erasureRequestsWaiting, 'erasure request waiting', 'erasure requests waiting')}
            </Link>
          </li>
        )}
        {data.anonymiseSoon && (
          <li className="rounded-lg border border-stone-300 bg-stone-50 p-4 text-stone-800">
            {plural(data.anonymiseSoon.count, 'entry', 'entries')} will be anonymised on{' '}
            {formatShortDate(data.anonymiseSoon.on)}.{' '}
            <Link
              to="/EventSettings#retention"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              How long entries are kept
            </Link>
          </li>
        )}
      </ul>
    </section>
  );
}
