import { QuickManInputSchema } from '../../../shared/people/people.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { JoinForm } from '../../features/people/components/join-form.tsx';
import { MOBILE_HINT, type PersonField } from '../../features/people/components/person-fields.tsx';

const FIELDS: readonly PersonField[] = [
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
    label: 'Phone',
    placeholder: 'phone',
    type: 'tel',
    autoComplete: 'tel',
    hint: MOBILE_HINT,
  },
];

/** /Registration: the quick desk form; the programme office completes the rest of the record later. */
export default function QuickRegistration() {
  return (
    <PublicPage title="Registration">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        Real Man · men's programme
      </p>
      <h1 className="mt-1 text-3xl font-bold text-stone-900">Registration</h1>
      <p className="mt-2 mb-6 text-stone-700">
        Quick registration for the men's programme: your name, surname, email and phone. The programme office
        completes the rest of your details with you later. Every field is needed.
      </p>
      <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        <JoinForm
          target="quick"
          schema={QuickManInputSchema}
          fields={FIELDS}
          submitLabel="Submit"
          busyLabel="Submitting…"
        />
      </div>
    </PublicPage>
  );
}
