import { type ReactNode, useId, useState } from 'react';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';

/** Asks before an entry is cancelled (an admin's, a team manager's or the entrant's), saying what it does. */
export function CancelEntryDialog({
  entry,
  cancel,
  open,
  onClose,
  onCancelled,
  description,
}: {
  entry: { firstName: string; lastName: string; reference: string; raceType: string; bib?: number | null };
  /** What cancelling does, in the words of whoever cancels; the organisers' by default. */
  description?: ReactNode;
  cancel: () => Promise<unknown>;
  open: boolean;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const textId = useId();
  async function confirm() {
    setBusy(true);
    setFailure(undefined);
    try {
      await cancel();
      onCancelled();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }
  function close() {
    if (busy) return;
    setFailure(undefined);
    onClose();
  }
  return (
    <Dialog open={open} title={`Cancel the entry of ${entry.firstName} ${entry.lastName}?`} onClose={close}>
      <p id={textId} className="text-stone-700">
        {description ?? (
          <>
            {entry.reference} leaves the participants list and the exports, and frees its place in the{' '}
            {entry.raceType} race. The entry and its history are kept
            {typeof entry.bib === 'number'
              ? `, and so is its bib ${entry.bib}, which is never given to anyone else`
              : ''}
            . This cannot be undone here.
          </>
        )}
      </p>
      <DialogFooter
        failure={failure}
        onCancel={close}
        cancelLabel="Keep the entry"
        label="Cancel entry"
        onConfirm={confirm}
        busy={busy}
        busyLabel="Cancelling…"
        danger
        describedBy={textId}
      />
    </Dialog>
  );
}
