import { type InputHTMLAttributes, type Ref, useState } from 'react';
import { Field, inputClass } from './field.tsx';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
};

/** A password input with a button that shows what was typed (easier on a phone keyboard). */
export function PasswordInput({ className = '', ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? 'text' : 'password'} className={`${inputClass} pr-28 ${className}`} />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-pressed={visible}
        aria-controls={props.id}
        className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-600"
      >
        {visible ? 'Hide password' : 'Show password'}
      </button>
    </div>
  );
}

/** A password field in one line: label, hint, the input with its Show button, and the error. */
export function PasswordField({
  label,
  hint,
  error,
  ...input
}: PasswordInputProps & { label: string; hint?: string; error?: string }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(a11y) => <PasswordInput {...a11y} {...input} />}
    </Field>
  );
}
