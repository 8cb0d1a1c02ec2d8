import { useId, useState } from 'react';
import { EraseReasonSchema, type ErasureSubjectType } from '../../../../shared/privacy/erasure.ts';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useErase } from '../api/erasure.ts';

/** What erasing does, said before the admin confirms. */
export const WHAT_HAPPENS: Record<ErasureSubjectType, string> = {
  registration:
    'The name, contacts, next of kin and notes of this entry are emptied for good, with its private links. Other entries with the same email are not touched: an email typed on a form proves nothing, so erase each one that is this person’s. The race, age group, gender, T-shirt size and payment amounts stay for the figures and the books.',
  waitlist:
    'The name, contacts and next of kin of this waitlist place are emptied for good. Other places and entries with the same email are not touched: erase each one that is this person’s.',
  man: 'His record is deleted with his attendance, session registrations, assignments (the uploaded files too), checklist and cell group place. His account is signed out everywhere.',
  facilitator:
    'His record is deleted; his cell groups are left without a facilitator. His account is signed out everywhere.',
  account:
    'The account is deleted and signed out everywhere, with the programme records and uploaded files under it and the emails to its address. Once its email is verified, fun-run entries and waitlist places with that email are anonymised too; payment amounts stay.',
  gift: 'The giver’s name and contacts on this gift are emptied for good, and it is no longer named on /Give. The amount stays for the totals and the books.',
};

/**
 * "Erase this person": a button that opens the confirmation, which says what will happen and asks for the
 * reason (kept with the erasure's record).
 */
export function ErasePersonButton({
  subjectType,
  subjectId,
  who,
  onErased,
  className = rowButtonClass,
  inRow = false,
}: {
  subjectType: ErasureSubjectType;
  subjectId: string;
  /** How the dialog names the person to the admin (e.g. the entry's name and reference). */
  who: string;
  onErased?: () => void;
  className?: string;
  /** One of many in a list: its accessible name says whom it erases. */
  inRow?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={inRow ? `Erase this person: ${who}` : undefined}
        onClick={() => setOpen(true)}
      >
        Erase this person
      </button>
      {open && (
        <EraseDialog
          subjectType={subjectType}
          subjectId={subjectId}
          who={who}
          onClose={() => setOpen(false)}
          onErased={() => {
            setOpen(false);
            onErased?.();
          }}
        />
      )}
    </>
  );
}

function EraseDialog({
  subjectType,
  subjectId,
  who,
  onClose,
  onErased,
}: {
  subjectType: ErasureSubjectType;
  subjectId: string;
  who: string;
  onClose: () => void;
  onErased: () => void;
}) {
  const erase = useErase();
  const [failure, setFailure] = useState<unknown>();
  const textId = useId();
  const { field, handleSubmit } = useZodForm(EraseReasonSchema, { defaultValues: { reason: '' } });
  const onSubmit = handleSubmit(async ({ reason }) => {
    setFailure(undefined);
    try {
      await erase.mutateAsync({ subjectType, subjectId, reason });
      onErased();
    } catch (error) {
      setFailure(error);
    }
  });
  const close = () => {
    if (!erase.isPending) onClose();
  };
  return (
    <Dialog open title={`Erase ${who}?`} onClose={close}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <p id={textId} className="text-stone-700">
          {WHAT_HAPPENS[subjectType]} This cannot be undone.
        </p>
        <TextField
          label="Reason"
          hint="Why, e.g. “Asked by phone on 3 March”. Kept with the record of the erasure."
          {...field('reason')}
          autoComplete="off"
        />
        <DialogFooter
          failure={failure}
          onCancel={close}
          label="Erase"
          busy={erase.isPending}
          busyLabel="Erasing…"
          danger
          describedBy={textId}
        />
      </form>
    </Dialog>
  );
}
