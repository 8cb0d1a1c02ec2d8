import { type ReactNode, useId, useState } from 'react';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAskErasure, useMyErasureRequest } from '../api/ask-erasure.ts';

/**
 * "Ask us to erase my data" for the person himself (his entry's page, his profile): a request an organiser
 * confirms; once asked, the page says it is waiting.
 */
export function AskErasure({ path, whatHappens }: { path: string; whatHappens: ReactNode }) {
  const status = useMyErasureRequest(path);
  const ask = useAskErasure(path);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const headingId = useId();
  const textId = useId();
  const requestedAt = status.data?.requestedAt;
  if (!status.data) return null;
  const close = () => {
    if (!ask.isPending) setOpen(false);
  };
  async function send() {
    try {
      await ask.mutateAsync(reason.trim() ? { reason: reason.trim() } : {});
      setOpen(false);
    } catch {
      // Shown in the dialog.
    }
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-2xl font-bold">
        Your data
      </h2>
      {requestedAt ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          You asked us to erase your data on {formatDateTime(requestedAt)}. The request is waiting for an
          organiser, who will deal with it soon.
        </p>
      ) : (
        <>
          <p className="text-stone-700">{whatHappens}</p>
          <button
            type="button"
            className={`${secondaryButtonClass} self-start`}
            onClick={() => setOpen(true)}
          >
            Ask us to erase my data
          </button>
        </>
      )}
      <Dialog open={open} title="Ask us to erase your data?" onClose={close}>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <p id={textId} className="text-stone-700">
            {whatHappens} An organiser confirms the request; this cannot be undone once done.
          </p>
          <TextField
            label="Reason"
            optional
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            autoComplete="off"
          />
          <DialogFooter
            failure={ask.error}
            onCancel={close}
            label="Ask to erase my data"
            busy={ask.isPending}
            busyLabel="Sending…"
            danger
            describedBy={textId}
          />
        </form>
      </Dialog>
    </section>
  );
}
