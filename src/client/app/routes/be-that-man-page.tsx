import { Link } from 'react-router';
import { ROLE_LABELS } from '../../../shared/accounts/roles.ts';
import { PersonInputSchema, type PersonKind } from '../../../shared/people/people.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { useSession } from '../../features/accounts/api/session.ts';
import { JoinForm } from '../../features/people/components/join-form.tsx';
import { BE_THAT_MAN_FIELDS } from '../../features/people/components/person-fields.tsx';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2';

/** /RegisterMan and /RegisterFacilitator: the recruitment page, for a man joining or a facilitator applying. */
export function BeThatManPage({ kind }: { kind: PersonKind }) {
  const { data: session } = useSession();
  const user = session?.user;
  // Only an admin's form registers a facilitator directly; anyone else's is an application.
  const registersDirectly = user?.role === 'admin';
  const men = kind === 'men';

  return (
    <PublicPage title={men ? 'Be That Man' : 'Be That Man · Facilitators'}>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        Real Man · {men ? "men's programme" : 'facilitators'}
      </p>
      <h1 className="mt-1 text-3xl font-bold text-stone-900">Be That Man</h1>
      <p className="mt-2 text-xl font-semibold text-stone-800">Do You Want To Join The Movement?</p>
      <div className="mt-2 mb-6 flex flex-col gap-2 text-stone-700">
        {men ? (
          <p>
            Join the men's mentoring programme: eight monthly workout sessions, two books, a cell group led by
            a facilitator, and a welcome checklist towards graduation.
          </p>
        ) : registersDirectly ? (
          <p className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-stone-900">
            You are signed in as {user.name} ({ROLE_LABELS[user.role].toLowerCase()}): the facilitator you add
            here is registered directly, without review.
          </p>
        ) : (
          <p>
            Apply to lead a cell group as a facilitator. Every application is reviewed by the programme
            office, and we will let you know by email.
          </p>
        )}
        <p>Every field is needed.</p>
      </div>
      <section
        aria-labelledby="join-now"
        className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="join-now" className="mb-4 text-2xl font-bold text-stone-900">
          Join Now
        </h2>
        <JoinForm
          target={kind}
          schema={PersonInputSchema}
          fields={BE_THAT_MAN_FIELDS}
          submitLabel="Add Man"
          busyLabel="Adding…"
        />
      </section>
      <p className="mt-6 text-stone-700">
        {men ? (
          <>
            Want to lead a cell group?{' '}
            <Link to="/RegisterFacilitator" className={linkClass}>
              Apply to be a facilitator
            </Link>
          </>
        ) : (
          <>
            Joining the programme as a participant?{' '}
            <Link to="/RegisterMan" className={linkClass}>
              Join as a man
            </Link>
          </>
        )}
      </p>
    </PublicPage>
  );
}
