import { useState } from 'react';
import {
  MESSAGE_STATE_LABELS,
  type MessageState,
  type SentMessage,
} from '../../../../shared/messages/message.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useCancelMessage } from '../api/messages.ts';

const STATE_TONES: Record<MessageState, 'good' | 'warn' | 'bad' | 'plain'> = {
  scheduled: 'warn',
  sent: 'good',
  cancelled: 'plain',
  missed: 'bad',
};

const n = (count: number) => count.toLocaleString('en-GB');

/** "10 sent, 2 waiting, 1 failing": the non-zero states, or "none" when nothing went that way. */
function states(parts: [count: number, word: string][]) {
  const shown = parts.filter(([count]) => count > 0).map(([count, word]) => `${n(count)} ${word}`);
  return shown.length > 0 ? shown.join(', ') : 'none yet';
}

function when(message: SentMessage) {
  if (message.state === 'scheduled') return `To go at ${formatDateTime(message.sendAt)}`;
  if (message.state === 'sent') return `Sent ${formatDateTime(message.sentAt ?? message.sendAt)}`;
  if (message.state === 'cancelled') return `Was to go at ${formatDateTime(message.sendAt)}`;
  return `Was due at ${formatDateTime(message.sendAt)}`;
}

function Delivery({ message }: { message: SentMessage }) {
  if (message.state !== 'sent') return null;
  const { mail, sms } = message;
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold text-stone-700">People</dt>
      <dd className="text-stone-900">{n(message.entrants)}</dd>
      {message.byMail && (
        <>
          <dt className="font-semibold text-stone-700">Mail</dt>
          <dd className="text-stone-900">
            {states([
              [mail.sent, 'sent'],
              [mail.waiting, 'waiting'],
              [mail.failing, 'failing'],
            ])}
            {message.notByMail > 0 && ` · ${n(message.notByMail)} left out by their choice`}
          </dd>
        </>
      )}
      {message.bySms && (
        <>
          <dt className="font-semibold text-stone-700">SMS</dt>
          <dd className="text-stone-900">
            {states([
              [sms.delivered, 'delivered'],
              [sms.accepted, 'accepted'],
              [sms.waiting, 'waiting'],
              [sms.undelivered, 'undelivered'],
              [sms.failed, 'failed'],
            ])}
            {message.notBySms > 0 && ` · ${n(message.notBySms)} left out`}
          </dd>
        </>
      )}
    </dl>
  );
}

/** The messages sent and kept for later, newest first, with their delivery; a kept one can be cancelled. */
export function MessageList({ messages }: { messages: readonly SentMessage[] }) {
  const cancel = useCancelMessage();
  const [cancelling, setCancelling] = useState<SentMessage>();
  if (messages.length === 0) {
    return (
      <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">
        No message has been sent yet. The race pack appears here too once it goes.
      </p>
    );
  }
  return (
    <>
      <ol className="flex flex-col gap-3">
        {messages.map((message) => (
          <li key={message.id}>
            <article
              aria-labelledby={`message-${message.id}`}
              className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
            >
              <header className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 id={`message-${message.id}`} className="break-words font-bold text-stone-900">
                    {message.subject || 'Text message'}
                  </h3>
                  <p className="text-sm text-stone-700">
                    {message.audience} · by{' '}
                    {[message.byMail && 'mail', message.bySms && 'SMS'].filter(Boolean).join(' and ')}
                  </p>
                  <p className="text-sm text-stone-700">
                    {when(message)}
                    {message.createdBy && ` · by ${message.createdBy}`}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone={STATE_TONES[message.state]}>{MESSAGE_STATE_LABELS[message.state]}</Badge>
                  {message.state === 'scheduled' && message.kind === 'message' && (
                    <button
                      type="button"
                      className={rowButtonClass}
                      aria-label={`Cancel “${message.subject || 'Text message'}”`}
                      onClick={() => {
                        cancel.reset();
                        setCancelling(message);
                      }}
                    >
                      Cancel
                    </button>
                  )}
                </div>
              </header>
              <Delivery message={message} />
            </article>
          </li>
        ))}
      </ol>
      <Dialog
        open={cancelling !== undefined}
        title="Cancel this message?"
        onClose={() => setCancelling(undefined)}
      >
        <p className="text-stone-700">
          “{cancelling?.subject || 'Text message'}” was to go at{' '}
          {cancelling && formatDateTime(cancelling.sendAt)}. Cancelled, it goes to no one.
        </p>
        <DialogFooter
          failure={cancel.error}
          onCancel={() => setCancelling(undefined)}
          cancelLabel="Keep it"
          label="Cancel the message"
          busy={cancel.isPending}
          busyLabel="Cancelling…"
          danger
          onConfirm={() => {
            if (cancelling) cancel.mutate(cancelling.id, { onSuccess: () => setCancelling(undefined) });
          }}
        />
      </Dialog>
    </>
  );
}
