import { type ReactNode, useId, useState } from 'react';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';

/**
 * "Ask us to erase your data?": what will happen, an optional reason, and the request. `send` answers whether
 * the request went (the dialog then closes); a failure is shown in the dialog.
 */
export function ErasureRequestDialog({
  open,
  onClose,
  whatHappens,
  send,
  pending,
  failure,
}: {
  open: boolean;
  onClose: () => void;
  whatHappens: ReactNode;
  send: (reason: { reason?: string }) => Promise<boolean>;
  pending: boolean;
  failure: unknown;
}) {
  const [reason, setReason] = useState('');
  const textId = useId();
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Dialog open={open} title="Ask us to erase your data?" onClose={close}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void send(reason.trim() ? { reason: reason.trim() } : {}).then((sent) => {
            if (sent) onClose();
          });
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
          failure={failure}
          onCancel={close}
          label="Ask to erase my data"
          busy={pending}
          busyLabel="Sending…"
          danger
          describedBy={textId}
        />
      </form>
    </Dialog>
  );
}
