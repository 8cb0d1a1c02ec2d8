import { type Person, ProfileInputSchema } from '../../../shared/people/people.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { errorText, FormAlert, FormSuccess } from '../../components/ui/form-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { PersonalDataDownloads } from '../../features/access-requests/components/personal-data-downloads.tsx';
import { AskErasure } from '../../features/erasure/components/ask-erasure.tsx';
import { useProfile, useSaveProfile } from '../../features/people/api/profile.ts';
import {
  BE_THAT_MAN_FIELDS,
  PersonFields,
  personValues,
  usePersonForm,
} from '../../features/people/components/person-fields.tsx';
import { formatPhoneForReading } from '../../lib/format.ts';

/** His email is his account's: shown, not edited here. */
const FIELDS = BE_THAT_MAN_FIELDS.filter((field) => field.name !== 'email');

const valuesOf = (person: Person) => {
  const { email: _account, ...values } = personValues(person, formatPhoneForReading);
  return values;
};

/** /Profile: his own programme record (Be That Man fields), which he keeps up to date himself. */
export default function ProfilePage() {
  const profile = useProfile();
  return (
    <div className="max-w-2xl">
      <PageHeading title="Your profile">
        <p>Your details in the men’s programme. Your facilitator and the programme office see them.</p>
      </PageHeading>
      {profile.isPending && <Loading label="Loading your details…" />}
      <QueryError query={profile} missingIsFinal />
      {profile.data && <ProfileForm key={profile.data.id} person={profile.data} />}
      <div className="mt-8">
        <PersonalDataDownloads base="/api/me/data" title="Download my data" level="h2">
          Everything we hold about you: this record, your attendance, submissions (their names and dates),
          checklist, cell group, any fun-run entries with your email, your account and the emails we sent you.
        </PersonalDataDownloads>
      </div>
      <div className="mt-8">
        <AskErasure
          path="/api/me/erasure-request"
          whatHappens="We can erase your account, your programme record, attendance, uploaded assignments and checklist, and your name and contacts on any fun-run entry with your email."
        />
      </div>
    </div>
  );
}

function ProfileForm({ person }: { person: Person }) {
  const save = useSaveProfile();
  const {
    handleSubmit,
    reset,
    formState: { isDirty },
    showErrors,
    fieldsProps,
  } = usePersonForm(ProfileInputSchema, FIELDS, valuesOf(person));

  const onSubmit = handleSubmit(
    async (data) => {
      if (save.isPending) return;
      try {
        reset(valuesOf(await save.mutateAsync(data)));
      } catch (error) {
        showErrors(error);
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
      <PersonFields {...fieldsProps} />
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
