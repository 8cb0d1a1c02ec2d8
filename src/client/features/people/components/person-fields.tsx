import type { HTMLInputTypeAttribute } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { MARITAL_STATUSES } from '../../../../shared/people/people.ts';
import { Field, inputClass } from '../../../components/ui/field.tsx';

export interface PersonField {
  name: string;
  label: string;
  placeholder: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'email' | 'numeric' | 'tel';
  hint?: string;
  /** A select: the placeholder is its first, empty choice. */
  options?: readonly string[];
  /** Takes the whole row from the `sm` width. */
  wide?: boolean;
}

export const MOBILE_HINT = 'e.g. 0771234567 or +263 77 123 4567';

/** The "Be That Man" fields, labelled, with the placeholders the programme's people know. */
export const BE_THAT_MAN_FIELDS: readonly PersonField[] = [
  { name: 'firstName', label: 'Name', placeholder: 'name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Surname', placeholder: 'surname', autoComplete: 'family-name' },
  {
    name: 'email',
    label: 'Email',
    placeholder: 'email',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
  },
  {
    name: 'mobile',
    label: 'Mobile',
    placeholder: 'mobile',
    type: 'tel',
    autoComplete: 'tel',
    hint: MOBILE_HINT,
  },
  {
    name: 'maritalStatus',
    label: 'Marital status',
    placeholder: 'marital status',
    options: MARITAL_STATUSES,
  },
  { name: 'church', label: 'Church', placeholder: 'church' },
  { name: 'age', label: 'Age', placeholder: 'age', type: 'number', inputMode: 'numeric' },
  { name: 'address', label: 'Address', placeholder: 'address', autoComplete: 'street-address', wide: true },
];

type Values = Record<string, string>;

/** Labelled inputs in two columns from the `sm` width, each with its error beside it. */
export function PersonFields({
  fields,
  register,
  errors,
  optional = [],
}: {
  fields: readonly PersonField[];
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  /** Fields that may be left empty (shown as optional). */
  optional?: readonly string[];
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {fields.map((field) => (
        <div key={field.name} className={field.wide ? 'sm:col-span-2' : undefined}>
          <Field
            label={field.label}
            hint={field.hint}
            optional={optional.includes(field.name)}
            error={errors[field.name]?.message}
          >
            {(a11y) =>
              field.options ? (
                <select {...a11y} {...register(field.name)} className={inputClass}>
                  <option value="">{field.placeholder}</option>
                  {field.options.map((option) => (
                    <option key={option}>{option}</option>
                  ))}
                </select>
              ) : (
                <input
                  {...a11y}
                  {...register(field.name)}
                  type={field.type ?? 'text'}
                  placeholder={field.placeholder}
                  autoComplete={field.autoComplete}
                  inputMode={field.inputMode}
                  className={inputClass}
                />
              )
            }
          </Field>
        </div>
      ))}
    </div>
  );
}
