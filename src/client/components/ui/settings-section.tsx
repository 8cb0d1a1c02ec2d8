import { type FormEvent, type ReactNode, useId } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api.ts';
import { buttonClass } from './button.tsx';
import { errorText, FormAlert, FormSuccess } from './form-alert.tsx';

export type Outcome = { kind: 'saved'; text: string } | { kind: 'failed'; text: string } | undefined;

/**
 * The outcome of a failed save: each field error beside its field when the section has it, and the
 * server's sentence (with the errors of fields shown elsewhere) above the Save button.
 */
export function failureOf<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): Outcome {
  if (!(error instanceof ApiError)) return { kind: 'failed', text: errorText(error) };
  const elsewhere: string[] = [];
  for (const fieldError of error.errors) {
    if (fields.includes(fieldError.path)) {
      setError(fieldError.path as Path<T>, { message: fieldError.message }, { shouldFocus: true });
    } else {
      elsewhere.push(fieldError.message);
    }
  }
  const own = error.errors.length > elsewhere.length;
  const text = own && elsewhere.length === 0 ? 'Please check the fields marked above.' : errorText(error);
  return { kind: 'failed', text: [text, ...elsewhere].join(' ') };
}

/** A card with a heading, what it changes, its fields and its own Save button with the outcome beside it. */
export function SettingsSection({
  id,
  title,
  intro,
  children,
  onSubmit,
  saving,
  saveLabel,
  outcome,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  saveLabel: string;
  outcome: Outcome;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-bold text-stone-900">
        {title}
      </h2>
      {intro && <div className="mt-1 text-stone-700">{intro}</div>}
      <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-5">
        {children}
        <div className="flex flex-col gap-3">
          <div aria-live="polite" className="empty:hidden">
            {outcome?.kind === 'saved' && <FormSuccess>{outcome.text}</FormSuccess>}
          </div>
          {outcome?.kind === 'failed' && <FormAlert>{outcome.text}</FormAlert>}
          <button type="submit" className={`${buttonClass} self-start`} disabled={saving}>
            {saving ? 'Saving…' : saveLabel}
          </button>
        </div>
      </form>
    </section>
  );
}
