import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { DISCIPLINE_LABELS, DISCIPLINES, type Discipline } from '../../../shared/events/event-display.ts';
import { formatFees, formatMoney } from '../../../shared/money.ts';
import type { RegistrationReceipt } from '../../../shared/registrations/registration.ts';
import { PAYMENT_STATUS_LABELS } from '../../../shared/registrations/team.ts';
import { errorText } from '../../components/ui/form-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { ErrorMessage, Loading } from '../../components/ui/status.tsx';
import { Cell, DataTable, rowClass } from '../../components/ui/table.tsx';
import { useEvent } from '../../features/events/api/get-event.ts';
import { postTeamRegistration, teamQueryKey, useTeam } from '../../features/registrations/api/team.ts';
import { RegistrationForm } from '../../features/registrations/components/registration-form.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';

interface Registered {
  receipt: RegistrationReceipt;
  name: string;
}

const PAYMENT_TONES = {
  unpaid: 'bg-amber-100 text-amber-900',
  paid: 'bg-green-100 text-green-900',
  waived: 'bg-stone-200 text-stone-800',
} as const;

function RegisterStaff() {
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
          onRegistered={(receipt, data) => {
            setRegistered({ receipt, name: `${data.firstName} ${data.lastName}` });
            void queryClient.invalidateQueries({ queryKey: teamQueryKey });
            // The new reference is announced above the form; take the eyes there too.
            sectionRef.current?.scrollIntoView({ block: 'start' });
          }}
        />
      )}
    </section>
  );
}

function TeamEntries() {
  const team = useTeam();
  const entries = team.data?.entries;
  return (
    <section aria-labelledby="team-entries" className="flex flex-col gap-4">
      <h2 id="team-entries" className="text-2xl font-bold">
        Your team's entries
      </h2>
      {team.isPending && <Loading label="Loading your team…" />}
      {team.isError && <ErrorMessage onRetry={() => team.refetch()}>{errorText(team.error)}</ErrorMessage>}
      {entries?.length === 0 && (
        <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-700">
          No staff registered yet. Entries you register appear here with their references and payment status.
        </p>
      )}
      {team.data && entries && entries.length > 0 && (
        <>
          <p className="flex flex-wrap gap-x-5 gap-y-1 text-lg">
            <span className="font-semibold">
              {entries.length} {entries.length === 1 ? 'entry' : 'entries'}
            </span>
            <span>
              Total fees{' '}
              <strong className="whitespace-nowrap">{formatMoney('USD', team.data.totals.usd)}</strong> ·{' '}
              <strong className="whitespace-nowrap">{formatMoney('ZWG', team.data.totals.zwg)}</strong>
            </span>
          </p>
          <DataTable
            label="Team entries table"
            columns={['Name', 'Surname', 'Discipline', 'Race', 'T-shirt', 'Reference', 'Payment']}
          >
            {entries.map((entry) => (
              <tr key={entry.reference} className={rowClass}>
                <Cell className="inline pr-1 text-base font-semibold sm:text-sm sm:font-normal">
                  {entry.firstName}
                </Cell>
                <Cell className="inline text-base font-semibold sm:text-sm sm:font-normal">
                  {entry.lastName}
                </Cell>
                <Cell label="Discipline" className="mt-1 sm:mt-0">
                  {DISCIPLINE_LABELS[entry.discipline]}
                </Cell>
                <Cell label="Race" className="sm:whitespace-nowrap">
                  {entry.raceType}
                </Cell>
                <Cell label="T-shirt">{entry.tshirtSize}</Cell>
                <Cell label="Reference" className="sm:whitespace-nowrap">
                  <span className="font-mono">{entry.reference}</span>
                </Cell>
                <Cell label="Payment">
                  <span
                    className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${PAYMENT_TONES[entry.paymentStatus]}`}
                  >
                    {PAYMENT_STATUS_LABELS[entry.paymentStatus]}
                  </span>
                </Cell>
              </tr>
            ))}
          </DataTable>
        </>
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
          Register {user.name}'s staff for the fun run and follow their entries. Each entry gets its own
          reference to quote with the payment.
        </p>
      </PageHeading>
      <div className="flex flex-col gap-12">
        <div className="max-w-2xl">
          <RegisterStaff />
        </div>
        <TeamEntries />
      </div>
    </>
  );
}
