import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { type Person, type ProfileInput, ProfileInputSchema } from '../../../../shared/people/people.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { ErrorMessage, Loading } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatPhoneForReading } from '../../progress/format.ts';
import { useProfile, useSaveProfile } from '../api/profile.ts';
import { BE_THAT_MAN_FIELDS, PersonFields } from './person-fields.tsx';

type Values = Record<string, string>;

/** His email is his account's: shown, not edited here. */
const FIELDS = BE_THAT_MAN_FIELDS.filter((field) => field.name !== 'email');
const OPTIONAL = ['maritalStatus', 'church', 'age', 'address'] as const;

const valuesOf = (person: Person): Values => ({
  firstName: person.firstName,
  lastName: person.lastName,
  mobile: person.mobile ? formatPhoneForReading(person.mobile) : '',
  maritalStatus: person.maritalStatus ?? '',
  church: person.church ?? '',
  age: person.age === null ? '' : String(person.age),
  address: person.address ?? '',
});

/** The contract says null for "not given"; the form's empty text means the same. */
const resolver: Resolver<Values, unknown, ProfileInput> = (values, context, options) => {
  const given: Record<string, unknown> = { ...values };
  for (const name of OPTIONAL) if (!values[name]?.trim()) given[name] = null;
  return zodResolver(ProfileInputSchema as never)(given as never, context, options as never) as never;
};

/** /Profile: his own programme record (Be That Man fields), which he keeps up to date himself. */
export function ProfilePage() {
  const profile = useProfile();
  return (
    <div className="max-w-2xl">
      <PageHeading title="Your profile">
        <p>Your details in the men’s programme. Your facilitator and the programme office see them.</p>
      </PageHeading>
      {profile.isPending && <Loading label="Loading your details…" />}
      {profile.isError && (
        <ErrorMessage
          onRetry={
            profile.error instanceof ApiError && profile.error.status === 404
              ? undefined
              : () => profile.refetch()
          }
        >
          {errorText(profile.error)}
        </ErrorMessage>
      )}
      {profile.data && <ProfileForm key={profile.data.id} person={profile.data} />}
    </div>
  );
}

function ProfileForm({ person }: { person: Person }) {
  const save = useSaveProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<Values, unknown, ProfileInput>({
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: valuesOf(person),
  });

  const onSubmit = handleSubmit(
    async (data) => {
      if (save.isPending) return;
      try {
        reset(valuesOf(await save.mutateAsync(data)));
      } catch (error) {
        if (!(error instanceof ApiError)) return;
        for (const fieldError of error.errors) {
          if (FIELDS.some((field) => field.name === fieldError.path)) {
            setError(fieldError.path, { message: fieldError.message });
          }
        }
      }
    },
    () => save.reset(),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div>
        <p className="font-medium text-stone-800">Email</p>
        <p className="break-all text-stone-900">{person.email}</p>
        <p className="text-sm text-stone-600">
          This is the address you sign in with; it is not changed here.
        </p>
      </div>
      <PersonFields fields={FIELDS} register={register} errors={errors} optional={OPTIONAL} />
      <div aria-live="polite" className="empty:hidden">
        {save.isSuccess && !isDirty && <FormSuccess>Your details are saved.</FormSuccess>}
      </div>
      {save.isError && <FormAlert>Not saved: {errorText(save.error)}</FormAlert>}
      <div>
        <button type="submit" className={buttonClass} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
