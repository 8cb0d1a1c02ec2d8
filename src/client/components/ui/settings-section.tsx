import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type * as z from 'zod/mini';
import { ApiError } from '../../lib/api.ts';
import { type FormSchema, useZodForm, type ZodFormOptions } from '../../lib/use-zod-form.ts';
import { buttonClass } from './button.tsx';
import { errorText, FormAlert, FormSuccess } from './form-alert.tsx';
import { useReportUnsaved } from './unsaved-changes.tsx';

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

interface SettingsSave<Input, Saved> {
  /** The mutation that saves the form's data. */
  save: { mutateAsync: (input: Input) => Promise<Saved>; isPending: boolean };
  /** The fields the form shows, whose errors from the server go beside them. */
  fields: readonly string[];
  savedText: (saved: Saved) => string;
  onSaved?: (saved: Saved) => void;
}

/**
 * A settings card's form, checked by its contract and saved by `save`: spread `section` on the
 * SettingsSection, which shows the outcome beside its Save button.
 */
export function useSettingsForm<Schema extends FormSchema, Values extends FieldValues, Saved>(
  schema: Schema,
  {
    save,
    fields,
    savedText,
    onSaved,
    ...options
  }: ZodFormOptions<Schema, Values> & SettingsSave<z.output<Schema>, Saved>,
) {
  const [outcome, setOutcome] = useState<Outcome>();
  const form = useZodForm(schema, options);
  useReportUnsaved(form.formState.isDirty);
  const onSubmit = form.handleSubmit(async (input) => {
    setOutcome(undefined);
    try {
      const saved = await save.mutateAsync(input);
      onSaved?.(saved);
      // What was saved is the form's new starting point: it holds no unsaved edits any more.
      form.reset(form.getValues());
      setOutcome({ kind: 'saved', text: savedText(saved) });
    } catch (error) {
      setOutcome(failureOf(error, form.setError, fields));
    }
  });
  return { ...form, section: { onSubmit, outcome, saving: save.isPending } };
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
  after,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Below the form, in the same card: a second form of its own (a test of the saved settings). */
  after?: ReactNode;
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
      {after}
    </section>
  );
}
