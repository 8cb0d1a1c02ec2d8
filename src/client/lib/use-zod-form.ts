import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldValues,
  type Resolver,
  type ResolverOptions,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import type * as z from 'zod/mini';

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
  // zodResolver types the values it checks as the schema's input. A form's values are what its inputs hold,
  // which the schema parses (toSchemaInput turns them into it where it does not), and the errors it
  // answers name the same fields as the form's: so it checks these values, the one conversion of a type.
  type Check = (
    values: FieldValues,
    context: unknown,
    options: ResolverOptions<Values>,
  ) => ReturnType<Resolver<Values, unknown, z.output<Schema>>>;
  const check = zodResolver(schema) as unknown as Check;
  const resolver: Resolver<Values, unknown, z.output<Schema>> = (values, context, resolverOptions) =>
    check(toSchemaInput ? toSchemaInput(values) : values, context, resolverOptions);
  return useForm<Values, unknown, z.output<Schema>>({ ...options, resolver });
}
