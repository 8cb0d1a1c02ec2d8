import { ROLE_LABELS } from '../../../../shared/accounts/roles.ts';
import { LinkCard } from '../../../components/ui/link-card.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';

/** A signed-in home for an account whose own dashboard is still to come: who he is and where to go. */
export function AccountHome({ upcoming }: { upcoming: string }) {
  const user = useCurrentUser();
  return (
    <>
      <PageHeading title={`Welcome, ${user.name}`} />
      <section
        aria-labelledby="account-heading"
        className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
      >
        <h2 id="account-heading" className="text-lg font-bold">
          Your account
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="text-stone-600">Email</dt>
          <dd className="break-words font-medium">{user.email}</dd>
          <dt className="text-stone-600">Role</dt>
          <dd className="font-medium">{ROLE_LABELS[user.role]}</dd>
        </dl>
        <p className="mt-4 text-sm text-stone-600">{upcoming}</p>
      </section>
      <section aria-labelledby="fun-run-heading" className="mt-8">
        <h2 id="fun-run-heading" className="mb-3 text-xl font-bold">
          Celebration Fun Run
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <LinkCard to="/Register" title="Register as Runner">
            Enter the fun run as a runner
          </LinkCard>
          <LinkCard to="/RegisterCyclist" title="Register as Cyclist">
            Enter the fun run as a cyclist
          </LinkCard>
        </div>
      </section>
    </>
  );
}
