import { formatPhone } from '../../../../shared/phone.ts';
import { type OutboxSms, SMS_KIND_LABELS, SMS_STATUS_LABELS } from '../../../../shared/sms/sms-kinds.ts';
import { formatDateTime } from '../../../lib/dates.ts';

const STATUS_CLASS: Record<OutboxSms['status'], string> = {
  queued: 'bg-amber-100 text-amber-900',
  accepted: 'bg-sky-100 text-sky-900',
  delivered: 'bg-green-100 text-green-900',
  undelivered: 'bg-red-100 text-red-900',
  failed: 'bg-red-100 text-red-900',
};

/** The latest texts: to whom, what kind, and what became of them (never their words). */
export function OutboxTexts({ texts }: { texts: OutboxSms[] }) {
  return (
    <section aria-labelledby="texts-heading" className="mt-10">
      <h2 id="texts-heading" className="mb-2 text-xl font-bold">
        Text messages (SMS)
      </h2>
      <p className="mb-4 text-stone-700">
        The latest 50, newest first. Their words are not shown: they carry private links.
      </p>
      {texts.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">
          No text message has been sent yet.
        </p>
      ) : (
        <ol className="flex flex-col gap-2">
          {texts.map((text) => (
            <li
              key={text.id}
              className="flex flex-wrap items-start justify-between gap-2 rounded-xl border border-stone-200 bg-white p-4"
            >
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">{SMS_KIND_LABELS[text.kind] ?? text.kind}</p>
                <p className="text-sm text-stone-700">
                  To {formatPhone(text.to)} ·{' '}
                  <time dateTime={text.createdAt}>{formatDateTime(text.createdAt)}</time>
                </p>
                {text.deliveryDetail && (
                  <p className="text-sm text-stone-700">Gateway: {text.deliveryDetail}</p>
                )}
                {text.lastError && text.status !== 'delivered' && text.status !== 'accepted' && (
                  <p className="text-sm text-red-800">
                    Last error ({text.attempts} {text.attempts === 1 ? 'try' : 'tries'}): {text.lastError}
                  </p>
                )}
              </div>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[text.status]}`}>
                {SMS_STATUS_LABELS[text.status]}
                {text.sentAt && text.status !== 'queued' ? ` · sent ${formatDateTime(text.sentAt)}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
