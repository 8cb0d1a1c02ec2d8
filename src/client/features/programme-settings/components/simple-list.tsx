import { SaveActions } from '../../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { oneOf, showFieldErrors } from '../../../lib/field-errors.ts';
import { type FormSchema, useZodForm } from '../../../lib/use-zod-form.ts';
import type { SettingsList, SettingsLists } from '../api/programme-settings.ts';
import { EditableList, type EditableListProps } from './editable-list.tsx';

export interface FormField {
  name: string;
  label: string;
  type: 'text' | 'date' | 'time' | 'select';
  hint?: string;
  options?: readonly (readonly [value: string, label: string])[];
  /** Its value in the Add form (empty when not given). */
  initial?: string;
}

type Values = Record<string, string>;

type SimpleListProps<L extends Exclude<SettingsList, 'groups'>> = Omit<EditableListProps<L>, 'form'> & {
  schema: FormSchema<SettingsLists[L]['input']>;
  fields: readonly FormField[];
};

/** An EditableList whose form is a few text, date and select fields. */
export function SimpleList<L extends Exclude<SettingsList, 'groups'>>({
  schema,
  fields,
  ...list
}: SimpleListProps<L>) {
  // A new row starts from each field's initial value; a row being edited from its own (text, or none: empty).
  const valuesOf = (row: SettingsLists[L]['row'] | undefined): Values =>
    Object.fromEntries(
      fields.map((field) => [
        field.name,
        row ? String(row[field.name as keyof typeof row] ?? '') : (field.initial ?? ''),
      ]),
    );
  return (
    <EditableList
      {...list}
      form={({ row, ...form }) => (
        <SimpleForm schema={schema} fields={fields} initial={valuesOf(row)} {...form} />
      )}
    />
  );
}

function SimpleForm<Input>({
  schema,
  fields,
  initial,
  onCancel,
  onSave,
  busy,
  error,
}: {
  schema: FormSchema<Input>;
  fields: readonly FormField[];
  initial: Values;
  onCancel: () => void;
  onSave: (input: Input) => Promise<void>;
  busy: boolean;
  error: unknown;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(schema, {
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: initial,
  });
  const onSubmit = handleSubmit(async (data) => {
    if (busy) return;
    try {
      await onSave(data);
    } catch (failure) {
      showFieldErrors(failure, setError, oneOf(fields.map((field) => field.name)));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {fields.map((field) => {
        const props = { label: field.label, hint: field.hint, error: errors[field.name]?.message };
        return field.type === 'select' ? (
          <SelectField key={field.name} {...props} {...register(field.name)}>
            {field.options?.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField key={field.name} {...props} {...register(field.name)} type={field.type} />
        );
      })}
      <SaveActions failure={error} onCancel={onCancel} busy={busy} />
    </form>
  );
}
