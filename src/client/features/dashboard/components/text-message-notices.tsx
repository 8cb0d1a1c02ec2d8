import { Link } from 'react-router';
import type { FunRunDashboard } from '../../../../shared/dashboard/dashboard.ts';

/** Warn from this share of the cap on. */
const WARN_AT = 0.8;

/** What the admin must know about the edition's texts: the cap coming near or reached, the gateway refusing. */
export function TextMessageNotices({ texts }: { texts: NonNullable<FunRunDashboard['texts']> }) {
  const share = texts.cap > 0 ? texts.sent / texts.cap : 1;
  const warn = share >= WARN_AT;
  if (!warn && !texts.failing) return null;
  const figures = `${texts.sent.toLocaleString('en-GB')} of the ${texts.cap.toLocaleString('en-GB')}`;
  return (
    <ul aria-label="Text messages" className="mb-4 flex flex-col gap-2">
      {texts.failing && (
        <li role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <strong>Text messages are failing.</strong> The gateway refused the last ones, each saying: “
          {texts.failing}”. They are tried again for 24 hours.{' '}
          <Link to="/EventSettings#sms" className="font-semibold underline underline-offset-2">
            Check the text message settings
          </Link>
        </li>
      )}
      {warn && (
        <li className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {share >= 1
            ? `Text messages have reached their cap: ${figures} this edition allows. Only confirmations and receipts to entrants without an email address are still texted.`
            : `Text messages: ${figures} this edition allows are used (${Math.floor(share * 100)} %). At the cap, texts stop except confirmations and receipts to entrants without an email address.`}{' '}
          <Link to="/EventSettings#sms" className="font-semibold underline underline-offset-2">
            Raise the cap
          </Link>
        </li>
      )}
    </ul>
  );
}
