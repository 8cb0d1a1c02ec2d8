import type { UseFormRegisterReturn } from 'react-hook-form';
import { PrivacyNoticeLink } from '../../../components/privacy-notice-link.tsx';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { BreakableEmail } from '../../../components/ui/text.tsx';
import { showFieldErrors } from '../../../lib/field-errors.ts';
import { type FormSchema, useZodForm } from '../../../lib/use-zod-form.ts';
import { useSession } from '../../accounts/index.ts';
import { type JoinData, type JoinTarget, useJoin } from '../api/join.ts';
import { ManWelcome } from './man-welcome.tsx';
import { isPersonField, type PersonField, PersonFields } from './person-fields.tsx';

interface JoinFormProps {
  target: JoinTarget;
  /** The same contract the server checks, so the messages are the same. */
  schema: FormSchema<JoinData>;
  fields: readonly PersonField[];
  submitLabel: string;
  busyLabel: string;
}

type Values = Record<string, string>;

/**
 * A public programme form: fields checked when left and on submit, errors beside them; the server's answer
 * shown near the button (for a man, with what his welcome mail says); cleared on success, kept as typed on
 * failure. The `website` field is a honeypot.
 */
export function JoinForm({ target, schema, fields, submitLabel, busyLabel }: JoinFormProps) {
  const join = useJoin(target);
  const welcomed = target !== 'facilitators' && join.isSuccess ? join.variables : undefined;
  // Signed in, the form was filled in for someone else (the office, a facilitator): the page speaks of him.
  const forSomeoneElse = Boolean(useSession().data?.user);
  const empty: Values = Object.fromEntries([...fields.map((field) => [field.name, '']), ['website', '']]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useZodForm(schema, {
    // Checked when left, then on every change, as the fun-run forms are.
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: empty,
  });

  const onSubmit = handleSubmit(
    async (data) => {
      if (join.isPending) return;
      try {
        await join.mutateAsync(data);
        reset(empty);
      } catch (failure) {
        const error = showFieldErrors(failure, setError, isPersonField(fields));
        // The only conflict a join can meet, told to admins only (anyone else gets the usual answer, and the
        // owner a mail): the email address is already on the register.
        if (error?.status === 409) setError('email', { message: error.message }, { shouldFocus: true });
      }
    },
    // A new attempt: the last answer no longer applies.
    () => join.reset(),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <PersonFields fields={fields} register={register} errors={errors} />
      <Honeypot register={register('website')} />
      <PrivacyNoticeLink />
      {/* The live region stays in the page, so the answer put into it is announced. */}
      <div>
        <div aria-live="polite">
          {join.isSuccess && (
            <div className="mb-5">
              <FormSuccess>
                <p className={welcomed ? 'font-semibold' : undefined}>
                  {welcomed && forSomeoneElse
                    ? `${welcomed.firstName} ${welcomed.lastName} is registered.`
                    : join.data.message}
                </p>
                {welcomed && (
                  <p className="mt-1">
                    We have sent the details to <BreakableEmail email={welcomed.email} />.
                  </p>
                )}
              </FormSuccess>
            </div>
          )}
        </div>
        {welcomed && join.data && (
          <ManWelcome answer={join.data} email={welcomed.email} forSomeoneElse={forSomeoneElse} />
        )}
        {join.isError && (
          <div className="mb-5">
            <FormAlert>{errorText(join.error)}</FormAlert>
          </div>
        )}
        <SubmitButton busy={join.isPending} busyLabel={busyLabel} className="w-full sm:w-auto">
          {submitLabel}
        </SubmitButton>
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
