import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type ResolverResult,
  set,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import type * as z from 'zod/mini';
import { announce } from './announce.ts';

/** A contract whose input is an object of fields (every form's is), and what it gives when they pass. */
export type FormSchema<Output = unknown> = z.ZodMiniType<Output, FieldValues>;

export interface ZodFormOptions<Schema extends FormSchema, Values extends FieldValues>
  extends Omit<UseFormProps<Values, unknown, z.output<Schema>>, 'resolver'> {
  /**
   * What the schema reads, when the inputs hold something else (e.g. an empty text for null); the schema
   * checks whatever this returns.
   */
  toSchemaInput?: (values: Values) => FieldValues;
}

/**
 * useForm checked by a contract from src/shared, the one the server checks too. The form's values are
 * what its inputs hold (`Values`, inferred from `defaultValues`: text for a number, '' for none); the
 * data handleSubmit passes on is the schema's output, as the API takes it.
 */
export function useZodForm<Schema extends FormSchema, Values extends FieldValues>(
  schema: Schema,
  { toSchemaInput, ...options }: ZodFormOptions<Schema, Values>,
) {
  const resolver: Resolver<Values, unknown, z.output<Schema>> = (values) =>
    check<Values, Schema>(schema, toSchemaInput ? toSchemaInput(values) : values);
  const form = useForm<Values, unknown, z.output<Schema>>({ ...options, resolver, shouldFocusError: false });
  // Every form alike: all its errors show at once (the schema checks every field), the first field in
  // error, in the order the form shows them, takes the focus, and screen readers hear how many there are.
  const handleSubmit: typeof form.handleSubmit = (onValid, onInvalid) =>
    form.handleSubmit(onValid, (errors, event) => {
      pointToErrors(errors, event?.target instanceof HTMLFormElement ? event.target : undefined);
      return onInvalid?.(errors, event);
    });
  /** A field's input props with its error: `<TextField label="Venue" {...field('venue')} />`. */
  const field = (name: Path<Values>) => ({
    ...form.register(name),
    error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
  });
  return { ...form, handleSubmit, field };
}

/**
 * The form's values checked by its contract: what the API takes, or each field's first error under the
 * dotted name its input has (payment.amount). Written here rather than taken from @hookform/resolvers,
 * whose Zod resolver also carries Zod 3 and native-validation support that no form here uses, and weighed
 * on the public registration page's first load (issue 14: ≤ 150 KiB of JS).
 */
async function check<Values extends FieldValues, Schema extends FormSchema>(
  schema: Schema,
  values: FieldValues,
): Promise<ResolverResult<Values, z.output<Schema>>> {
  const result = await schema.safeParseAsync(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<Values> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join('.');
    if (!get(errors, name)) set(errors, name, { type: issue.code, message: issue.message });
  }
  return { values: {}, errors };
}

/** "1 field needs attention", "3 fields need attention"; the first field in error is focused. */
function pointToErrors(errors: FieldErrors, form: HTMLFormElement | undefined) {
  const names = errorNames(errors);
  if (names.length === 0) return;
  announce(names.length === 1 ? '1 field needs attention' : `${names.length} fields need attention`);
  const first = [...(form ?? document).querySelectorAll<HTMLElement>('[name]')].find((element) =>
    names.includes(element.getAttribute('name') ?? ''),
  );
  first?.focus();
}

/** The dotted names of the fields in error (payment.amount), as their inputs are named. */
function errorNames(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, error]) => {
    if (!error || typeof error !== 'object') return [];
    const name = prefix ? `${prefix}.${key}` : key;
    return 'message' in error && typeof error.message === 'string'
      ? [name]
      : errorNames(error as FieldErrors, name);
  });
}
