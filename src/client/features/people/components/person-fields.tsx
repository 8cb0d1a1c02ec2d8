import type { HTMLInputTypeAttribute } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { MARITAL_STATUSES, type Person } from '../../../../shared/people/people.ts';
import { PHONE_HINT, SelectField, TextField } from '../../../components/ui/field.tsx';
import { showFieldErrors } from '../../../lib/field-errors.ts';
import { type FormSchema, useZodForm } from '../../../lib/use-zod-form.ts';

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

const CONTACT_FIELDS: readonly PersonField[] = [
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
];
const MOBILE: PersonField = {
  name: 'mobile',
  label: 'Mobile',
  placeholder: 'mobile',
  type: 'tel',
  autoComplete: 'tel',
  hint: PHONE_HINT,
};

/** The "Be That Man" fields, labelled, with the placeholders the programme's people know. */
export const BE_THAT_MAN_FIELDS: readonly PersonField[] = [
  ...CONTACT_FIELDS,
  MOBILE,
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

/** The quick desk form's fields (/Registration): Name, Surname, Email and Phone. */
export const QUICK_FIELDS: readonly PersonField[] = [
  ...CONTACT_FIELDS,
  { ...MOBILE, label: 'Phone', placeholder: 'phone' },
];

export type PersonValues = Record<string, string>;

/** May be left empty in an edit: a man's record is then incomplete (the quick form and sign-up leave them empty). */
const OPTIONAL_FIELDS = ['maritalStatus', 'church', 'age', 'address'] as const;

/** A record as the inputs hold it: text, empty where not given; `mobile` writes the stored number for reading. */
export const personValues = (person: Person, mobile: (e164: string) => string): PersonValues => ({
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
  mobile: person.mobile ? mobile(person.mobile) : '',
  maritalStatus: person.maritalStatus ?? '',
  church: person.church ?? '',
  age: person.age === null ? '' : String(person.age),
  address: person.address ?? '',
});

/** A field-name check for showFieldErrors: is `path` one of these fields? */
export const isPersonField =
  (fields: readonly PersonField[]) =>
  (path: string): path is string =>
    fields.some((field) => field.name === path);

/** The edit contracts say null for "not given"; the form's empty text means the same. */
function emptyAsNull(values: PersonValues) {
  const given: Record<string, string | null> = { ...values };
  for (const name of OPTIONAL_FIELDS) if (!values[name]?.trim()) given[name] = null;
  return given;
}

/** Labelled inputs in two columns from the `sm` width, each with its error beside it. */
export function PersonFields({
  fields,
  register,
  errors,
  optional = [],
}: {
  fields: readonly PersonField[];
  register: UseFormRegister<PersonValues>;
  errors: FieldErrors<PersonValues>;
  /** Fields that may be left empty (shown as optional). */
  optional?: readonly string[];
}) {
  const frame = (field: PersonField) => ({
    label: field.label,
    hint: field.hint,
    optional: optional.includes(field.name),
    error: errors[field.name]?.message,
  });
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {fields.map((field) => (
        <div key={field.name} className={field.wide ? 'sm:col-span-2' : undefined}>
          {field.options ? (
            <SelectField {...frame(field)} {...register(field.name)}>
              <option value="">{field.placeholder}</option>
              {field.options.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </SelectField>
          ) : (
            <TextField
              {...frame(field)}
              {...register(field.name)}
              type={field.type ?? 'text'}
              placeholder={field.placeholder}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
            />
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * The form of a person's own details (an admin's edit, his profile): empty optional fields go to the
 * contract as null, `showErrors` puts the server's errors beside `fields`, and `fieldsProps` lays them out.
 */
export function usePersonForm<Output>(
  schema: FormSchema<Output>,
  fields: readonly PersonField[],
  defaultValues: PersonValues,
) {
  const form = useZodForm(schema, {
    toSchemaInput: emptyAsNull,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues,
  });
  return {
    ...form,
    showErrors: (failure: unknown) => showFieldErrors(failure, form.setError, isPersonField(fields)),
    fieldsProps: {
      fields,
      register: form.register,
      errors: form.formState.errors,
      optional: OPTIONAL_FIELDS,
    },
  };
}
