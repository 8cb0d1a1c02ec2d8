import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/**
 * Puts each of the server's field errors beside its field, for the fields `isField` says the form shows.
 * Answers the server's error, or undefined for a failure that is not its answer (e.g. no connection).
 */
export function showFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  isField: (path: string) => path is FieldPath<Values>,
): ApiError | undefined {
  if (!(error instanceof ApiError)) return undefined;
  for (const fieldError of error.errors) {
    if (isField(fieldError.path)) setError(fieldError.path, { message: fieldError.message });
  }
  return error;
}

/** A field-name check for showFieldErrors from the form's list of field names. */
export const oneOf =
  <Name extends string>(names: readonly Name[]) =>
  (path: string): path is Name =>
    (names as readonly string[]).includes(path);
