import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { DISCIPLINE_LABELS, DISCIPLINES, type Discipline } from '../../../shared/events/event-display.ts';
import { formatFees } from '../../../shared/money.ts';
import type {
  RegistrationInputSchema,
  RegistrationReceipt,
} from '../../../shared/registrations/registration.ts';
import { managerEmailHint, TeamRegistrationInputSchema } from '../../../shared/registrations/team-import.ts';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { ErrorMessage, Loading } from '../../components/ui/status.tsx';
import { useEvent } from '../../features/events/api/get-event.ts';
import { getTeamQueryOptions, postTeamRegistration } from '../../features/registrations/api/team.ts';
import { RegistrationForm } from '../../features/registrations/components/registration-form.tsx';
import { StaffImport } from '../../features/registrations/components/staff-import.tsx';
import { TeamEntries } from '../../features/registrations/components/team-entries.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';

const PayOnline = lazy(() => import('../../features/payments/components/pay-online.tsx'));

interface Registered {
  receipt: RegistrationReceipt;
  name: string;
}

// The team's rules differ only in Email, which may be left empty: the server then takes the manager's.
const teamSchema = TeamRegistrationInputSchema as unknown as typeof RegistrationInputSchema;

function RegisterStaff({ managerEmail }: { managerEmail: string }) {
  const queryClient = useQueryClient();
  const { data: event, isPending, isError, refetch } = useEvent();
  const [discipline, setDiscipline] = useState<Discipline>('run');
  const [registered, setRegistered] = useState<Registered>();
  const groupName = useId();
  const sectionRef = useRef<HTMLElement>(null);

  return (
    <section ref={sectionRef} aria-labelledby="register-staff" className="flex scroll-mt-4 flex-col gap-4">
      <h2 id="register-staff" className="text-2xl font-bold">
        Register a staff member
      </h2>
      <div aria-live="polite" className="empty:hidden">
        {registered && (
          <div className="rounded-xl border-2 border-brand-700 bg-white p-4">
            <p className="font-semibold">
              {registered.name} is registered as a{' '}
              {DISCIPLINE_LABELS[registered.receipt.discipline].toLowerCase()} ({registered.receipt.raceType}
              ).
            </p>
            <p className="mt-1">
              Reference{' '}
              <strong className="font-mono text-lg tracking-wider">{registered.receipt.reference}</strong>
              {formatFees(registered.receipt.feeUsd, registered.receipt.feeZwg) && (
                <> · Entry fee {formatFees(registered.receipt.feeUsd, registered.receipt.feeZwg)}</>
              )}
            </p>
            <p className="mt-1 text-sm text-stone-600">The form is ready for the next person.</p>
          </div>
        )}
      </div>
      <fieldset className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <legend className="mb-2 font-medium text-stone-800">Registering as</legend>
        {DISCIPLINES.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2 text-lg">
            <input
              type="radio"
              name={groupName}
              value={value}
              checked={discipline === value}
              onChange={() => setDiscipline(value)}
              className="size-5 accent-brand-700"
            />
            {DISCIPLINE_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {isPending && <Loading label="Loading the form…" />}
      {isError && (
        <ErrorMessage onRetry={() => refetch()}>
          The form could not be loaded. Check your connection.
        </ErrorMessage>
      )}
      {event && (
        <RegistrationForm
          event={event}
          discipline={discipline}
          submit={postTeamRegistration}
          onBehalf
          schema={teamSchema}
          emailHint={managerEmailHint(managerEmail)}
          onRegistered={(receipt, data) => {
            setRegistered({ receipt, name: `${data.firstName} ${data.lastName}` });
            void queryClient.invalidateQueries({ queryKey: getTeamQueryOptions().queryKey });
            // The new reference is announced above the form; take the eyes there too.
            sectionRef.current?.scrollIntoView({ block: 'start' });
          }}
        />
      )}
    </section>
  );
}

export default function TeamPage() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeading title="Team page">
        <p>
          Register {user.name}'s staff for the fun run and follow their entries. Pay for each entry with its
          own reference, or for the whole team at once with the team reference (or online, when offered).
        </p>
      </PageHeading>
      <div className="flex flex-col gap-12">
        <div className="max-w-2xl">
          <RegisterStaff managerEmail={user.email} />
        </div>
        <div className="max-w-4xl">
          <StaffImport managerEmail={user.email} />
        </div>
        <TeamEntries
          payNow={
            <div className="max-w-2xl empty:hidden">
              <Suspense fallback={null}>
                <PayOnline via="team" refreshes={getTeamQueryOptions().queryKey} />
              </Suspense>
            </div>
          }
        />
      </div>
    </>
  );
}
