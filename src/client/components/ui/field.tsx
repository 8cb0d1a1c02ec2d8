import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { useId } from 'react';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  /** Classes of the field's own box (label, control, hint and error), e.g. its width. */
  className?: string;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** A visible label, the control, a hint, and its error announced to screen readers. */
export function Field({ label, error, hint, optional, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div className={className ? `flex flex-col gap-1.5 ${className}` : 'flex flex-col gap-1.5'}>
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

/** A file input in the box of the others, its button as a soft grey chip. */
export const fileInputClass = `${inputClass} file:mr-3 file:rounded file:border-0 file:bg-stone-200 file:px-3 file:py-1`;

/** What a file input offers for a spreadsheet: CSV or an Excel workbook. */
export const SPREADSHEET_ACCEPT =
  '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The label, hint, error and box of a field; everything else goes to its control. */
type FieldFrame = Pick<FieldProps, 'label' | 'error' | 'hint' | 'optional'> & {
  fieldClassName?: string;
  /** Added to the control's own classes (inputClass). */
  className?: string;
};

/** A field's props split into the Field's and its control's. */
function split<Control>({
  label,
  error,
  hint,
  optional,
  fieldClassName,
  className,
  ...control
}: FieldFrame & Control) {
  return {
    field: { label, error, hint, optional, className: fieldClassName },
    control: { ...control, className: className ? `${inputClass} ${className}` : inputClass },
  };
}

export type TextFieldProps = FieldFrame &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { ref?: Ref<HTMLInputElement> };

/**
 * A field in one line: `<TextField label="Surname" error={…} {...register('lastName')} />`.
 * `className` adds to the input's classes; `fieldClassName` to the box around label and input.
 */
export function TextField(props: TextFieldProps) {
  const { field, control } = split(props);
  return <Field {...field}>{(a11y) => <input {...a11y} {...control} />}</Field>;
}

export type SelectFieldProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & { ref?: Ref<HTMLSelectElement> };

/** A select in one line, its <option>s as children; the same props as TextField. */
export function SelectField(props: SelectFieldProps) {
  const { field, control } = split(props);
  return <Field {...field}>{(a11y) => <select {...a11y} {...control} />}</Field>;
}

/** A whole number: the phone shows its number keyboard. */
export function NumberField(props: TextFieldProps) {
  return <TextField type="number" inputMode="numeric" {...props} />;
}

/** A checkbox with its label after it. */
export function CheckboxField({
  label,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'> & {
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <input id={id} type="checkbox" {...input} className="size-5 shrink-0 accent-brand-700" />
      <label htmlFor={id} className="text-stone-800">
        {label}
      </label>
    </div>
  );
}

/** A radio button in a box that shows when it is chosen, its label beside it. */
export function RadioCard({
  label,
  centred = false,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  label: ReactNode;
  /** The label in the middle of the box, for boxes side by side. */
  centred?: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-center ${centred ? 'justify-center ' : ''}gap-2 rounded-lg border border-stone-400 bg-white px-3 font-medium has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:outline-3 has-focus-visible:outline-brand-600`}
    >
      <input type="radio" {...input} className="size-4 accent-brand-700" />
      {label}
    </label>
  );
}

/** An email address field: labelled Email, with the keyboard and autofill for an address. */
export function EmailField({
  label = 'Email',
  ...props
}: Omit<TextFieldProps, 'label'> & { label?: string }) {
  return <TextField label={label} type="email" autoComplete="email" inputMode="email" {...props} />;
}

/** How a phone number may be typed: a local Zimbabwean number or an international one. */
export const PHONE_HINT = 'e.g. 0771234567 or +263 77 123 4567';

/** A phone number field: the phone keyboard, and PHONE_HINT unless it says more. */
export function PhoneField({ hint = PHONE_HINT, ...props }: TextFieldProps) {
  return <TextField type="tel" hint={hint} {...props} />;
}
