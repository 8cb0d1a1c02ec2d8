import { type ReactNode, useEffect, useId, useRef } from 'react';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from './button.tsx';
import { errorText, FormAlert } from './form-alert.tsx';

interface DialogProps {
  open: boolean;
  title: string;
  /** Escape or the dialog's own close asks for this; the caller decides (e.g. not while saving). */
  onClose: () => void;
  /** Wider dialogs hold a form. */
  size?: 'md' | 'lg';
  children: ReactNode;
}

/** A modal with a title; built on <dialog> for focus handling (focus moves in, is trapped, and returns). */
export function Dialog({ open, title, onClose, size = 'md', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] rounded-xl border border-stone-200 bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/50 ${size === 'lg' ? 'max-w-2xl' : 'max-w-md'}`}
    >
      {open && (
        <div className="flex flex-col gap-4 p-5 sm:p-6">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}

/**
 * `ref={focusWhenOpened}` on the control a dialog should open on, instead of its first one. React keeps
 * autoFocus to itself (and runs it before the dialog is shown); <dialog> looks for the attribute as it opens.
 */
export const focusWhenOpened = (element: HTMLElement | null) => element?.setAttribute('autofocus', '');

/** A failure inside a dialog, announced at once: the form's alert. */
export const DialogError = FormAlert;

/** Cancel and the dialog's main action, side by side from the `sm` width, stacked (main on top) on a phone. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

/** The failure, Cancel and the form's submit (saying Saving… while it saves), under a form in a dialog. */
export function SaveActions({
  failure,
  onCancel,
  busy,
  saveLabel = 'Save',
  cancelLabel = 'Cancel',
}: {
  /** Shown above the buttons; null or undefined for none. */
  failure?: unknown;
  onCancel: () => void;
  busy: boolean;
  saveLabel?: string;
  cancelLabel?: string;
}) {
  return (
    <DialogFooter
      failure={failure}
      onCancel={onCancel}
      cancelLabel={cancelLabel}
      label={saveLabel}
      busy={busy}
      busyLabel="Saving…"
    />
  );
}

interface DialogFooterProps {
  /** Shown above the buttons, in words (errorText); null or undefined for none, e.g. a mutation's error. */
  failure?: unknown;
  onCancel: () => void;
  cancelLabel?: string;
  /** The main action: the form's submit, or a button calling `onConfirm` when given. */
  label: string;
  onConfirm?: () => void;
  /** Disables the main action, which says `busyLabel` (when given) meanwhile. */
  busy?: boolean;
  busyLabel?: string;
  /** Disabled for another reason than being busy. */
  disabled?: boolean;
  /** The action destroys something. */
  danger?: boolean;
  /** The id of the text saying what the action does. */
  describedBy?: string;
  /** The dialog opens on the main action: confirming what it suggests is one key or tap. */
  focused?: boolean;
}

/** The end of a dialog: its failure, if any, then Cancel and the main action. */
export function DialogFooter({
  failure,
  onCancel,
  cancelLabel = 'Cancel',
  label,
  onConfirm,
  busy = false,
  busyLabel,
  disabled = false,
  danger = false,
  describedBy,
  focused = false,
}: DialogFooterProps) {
  return (
    <>
      {failure != null && <DialogError>{errorText(failure)}</DialogError>}
      <DialogActions>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type={onConfirm ? 'button' : 'submit'}
          className={danger ? dangerButtonClass : buttonClass}
          onClick={onConfirm}
          disabled={busy || disabled}
          aria-describedby={describedBy}
          ref={focused ? focusWhenOpened : undefined}
        >
          {busy && busyLabel ? busyLabel : label}
        </button>
      </DialogActions>
    </>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  /** Shown inside the dialog, e.g. the server refusing the change; null or undefined for none. */
  failure?: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question with Cancel and a confirming action; Escape cancels. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  failure,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} title={title} onClose={onCancel}>
      <div className="text-stone-700">{children}</div>
      <DialogFooter
        failure={failure}
        onCancel={onCancel}
        label={confirmLabel}
        onConfirm={onConfirm}
        busy={busy}
      />
    </Dialog>
  );
}
