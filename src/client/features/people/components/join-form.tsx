import { zodResolver } from '@hookform/resolvers/zod';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api.ts';
import { type JoinTarget, useJoin } from '../api/join.ts';
import { type PersonField, PersonFields } from './person-fields.tsx';

interface JoinFormProps {
  target: JoinTarget;
  /** The same contract the server checks, so the messages are the same. */
  schema: z.ZodMiniType;
  fields: readonly PersonField[];
  submitLabel: string;
  busyLabel: string;
}

type Values = Record<string, string>;

/**
 * A public programme form: fields checked when left and on submit, errors beside them; the server's answer
 * shown near the button; cleared on success, kept as typed on failure. The `website` field is a honeypot.
 */
export function JoinForm({ target, schema, fields, submitLabel, busyLabel }: JoinFormProps) {
  const join = useJoin(target);
  const empty: Values = Object.fromEntries([...fields.map((field) => [field.name, '']), ['website', '']]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema as never) as never,
    // Checked when left, then on every change, as the fun-run forms are.
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: empty,
  });
  const isField = (path: string) => fields.some((field) => field.name === path);

  const onSubmit = handleSubmit(
    async (data) => {
      if (join.isPending) return;
      try {
        await join.mutateAsync(data);
        reset(empty);
      } catch (error) {
        if (!(error instanceof ApiError)) return;
        for (const fieldError of error.errors) {
          if (isField(fieldError.path)) setError(fieldError.path, { message: fieldError.message });
        }
        // The only conflict a join can meet, told to admins only (anyone else gets the usual answer, and the
        // owner a mail): the email address is already on the register.
        if (error.status === 409) setError('email', { message: error.message }, { shouldFocus: true });
      }
    },
    // A new attempt: the last answer no longer applies.
    () => join.reset(),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <PersonFields fields={fields} register={register} errors={errors} />
      <Honeypot register={register('website')} />
      {/* The live region stays in the page, so the answer put into it is announced. */}
      <div>
        <div aria-live="polite">
          {join.isSuccess && (
            <div className="mb-5">
              <FormSuccess>{join.data.message}</FormSuccess>
            </div>
          )}
        </div>
        {join.isError && (
          <div className="mb-5">
            <FormAlert>{errorText(join.error)}</FormAlert>
          </div>
        )}
        <Button
          type="submit"
          disabled={join.isPending}
          aria-disabled={join.isPending}
          className="w-full sm:w-auto"
        >
          {join.isPending && (
            <span
              className="size-4 animate-spin rounded-full border-2 border-white/50 border-t-white"
              aria-hidden="true"
            />
          )}
          {join.isPending ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * People never see or reach this field (off-screen, hidden from assistive technology, out of the tab
 * order, no autofill); bots that fill in every input do, and the server then keeps nothing.
 */
function Honeypot({ register }: { register: UseFormRegisterReturn }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor="join-website">Website (leave empty)</label>
      <input {...register} id="join-website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
