import { type ReactNode, useEffect, useId, useRef } from 'react';
import { buttonClass, secondaryButtonClass } from './button.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  /** Shown inside the dialog, e.g. the server refusing the change. */
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question with Cancel and a confirming action; Escape cancels. Built on <dialog> for focus handling. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
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
        onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-stone-200 bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/50"
    >
      {open && (
        <div className="flex flex-col gap-4 p-5 sm:p-6">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <div className="text-stone-700">{children}</div>
          {error && (
            <p
              role="alert"
              className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900"
            >
              {error}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={secondaryButtonClass} onClick={onCancel}>
              Cancel
            </button>
            <button type="button" className={buttonClass} onClick={onConfirm} disabled={busy}>
              {confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
