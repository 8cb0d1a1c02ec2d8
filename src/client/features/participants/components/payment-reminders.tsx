import { useState } from 'react';
import type { ParticipantFilter } from '../../../../shared/participants/participants.ts';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions, DialogError } from '../../../components/ui/dialog.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { usePaymentRemindersPreview, useSendPaymentReminders } from '../api/payment-reminders.ts';

const entries = (n: number) => `${n.toLocaleString('en-GB')} unpaid ${n === 1 ? 'entry' : 'entries'}`;

/** "Send payment reminders" to the list as filtered: the count and a confirmation first. */
export function PaymentReminders({
  filter,
  onSent,
}: {
  filter: ParticipantFilter;
  onSent: (text: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const preview = usePaymentRemindersPreview(filter, open);
  const send = useSendPaymentReminders();
  const close = () => {
    if (send.isPending) return;
    send.reset();
    setOpen(false);
  };
  const count = preview.data?.count ?? 0;
  const recent = preview.data?.recentlyReminded ?? 0;

  return (
    <>
      <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
        Send payment reminders
      </button>
      <Dialog open={open} title="Send payment reminders" onClose={close}>
        {preview.isFetching && !preview.data && <Loading label="Counting the unpaid entries…" />}
        <QueryError query={preview} />
        {preview.data && (
          <div className="flex flex-col gap-2 text-stone-700">
            <p className="font-semibold text-stone-900">
              {count > 0
                ? `Send a reminder to ${entries(count)}?`
                : 'No unpaid entry in this list needs a reminder now.'}
            </p>
            {count > 0 && (
              <p>
                Each gets a mail with the entry’s reference, the fee and how to pay. The list is taken as
                filtered; paid, waived and cancelled entries get none.
              </p>
            )}
            {recent > 0 && (
              <p>
                {recent.toLocaleString('en-GB')} {recent === 1 ? 'entry was' : 'entries were'} reminded in the
                last three days and {recent === 1 ? 'is' : 'are'} left out.
              </p>
            )}
          </div>
        )}
        {send.isError && <DialogError>{errorText(send.error)}</DialogError>}
        <DialogActions>
          <button type="button" className={secondaryButtonClass} onClick={close}>
            {count > 0 ? 'Cancel' : 'Close'}
          </button>
          {count > 0 && (
            <button
              type="button"
              className={buttonClass}
              disabled={send.isPending}
              onClick={async () => {
                const { sent } = await send.mutateAsync(filter).catch(() => ({ sent: -1 }));
                if (sent < 0) return;
                setOpen(false);
                send.reset();
                onSent(
                  sent === 0
                    ? 'No payment reminder was sent: every unpaid entry had one in the last three days.'
                    : `${sent.toLocaleString('en-GB')} payment ${sent === 1 ? 'reminder was' : 'reminders were'} sent.`,
                );
              }}
            >
              {send.isPending
                ? 'Sending…'
                : `Send ${count === 1 ? 'the reminder' : `${count.toLocaleString('en-GB')} reminders`}`}
            </button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
