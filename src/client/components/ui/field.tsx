import { type ReactNode, useId } from 'react';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** A visible label, the control, a hint, and its error announced to screen readers. */
export function Field({ label, error, hint, optional, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-stone-800">
        {label} {optional && <span className="font-normal text-stone-500">(optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined,
      })}
      <p id={errorId} aria-live="polite" className="min-h-0 text-sm font-medium text-red-700 empty:hidden">
        {error}
      </p>
    </div>
  );
}

export const inputClass =
  'min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-brand-700 focus:outline-3 focus:outline-brand-600/30 aria-invalid:border-red-600';
