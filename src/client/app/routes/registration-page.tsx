import { useLocation } from 'react-router';
import type { Discipline } from '../../../shared/events/event.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { ErrorMessage, Loading } from '../../components/ui/status.tsx';
import { useEvent } from '../../features/events/api/get-event.ts';
import { RegistrationOpensSoon } from '../../features/events/components/registration-opens-soon.tsx';
import type { Refusal } from '../../features/registrations/components/pending-sender.tsx';
import { RegistrationForm } from '../../features/registrations/components/registration-form.tsx';

const COPY: Record<Discipline, { title: string; intro: string }> = {
  run: { title: 'Runner registration', intro: 'Please fill out the runner registration form.' },
  cycle: { title: 'Cyclist registration', intro: 'Please fill out the cyclist registration form.' },
};

export function RegistrationPage({ discipline }: { discipline: Discipline }) {
  const { data: event, isPending, isError, refetch } = useEvent();
  const copy = COPY[discipline];
  // A registration kept on the phone and refused when sent comes back here with its values.
  const location = useLocation();
  const refused: Refusal | undefined = location.state?.refused;
  return (
    <PublicPage title={copy.title}>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        {event?.title ?? 'Celebration Fun Run'}
      </p>
      <h1 className="mt-1 text-3xl font-bold text-stone-900">{copy.title}</h1>
      <p className="mt-2 mb-6 text-stone-700">
        {event?.published === false
          ? 'The form opens here once the organisers have set the fun run up.'
          : `${copy.intro} Fields marked optional may be left empty; everything else is needed.`}
      </p>
      {/* The form is taller than a phone's screen: holding its place keeps the footer from jumping away. */}
      {isPending && (
        <div className="min-h-dvh">
          <Loading label="Loading the form…" />
        </div>
      )}
      {isError && (
        <ErrorMessage onRetry={() => refetch()}>
          The form could not be loaded. Check your connection.
        </ErrorMessage>
      )}
      {event && !event.published && <RegistrationOpensSoon event={event} onPhoto={false} />}
      {event?.published && (
        <RegistrationForm
          key={refused ? location.key : 'form'}
          event={event}
          discipline={discipline}
          draft={`registration-${discipline}`}
          refused={refused}
          action={discipline === 'run' ? '/Register' : '/RegisterCyclist'}
        />
      )}
    </PublicPage>
  );
}
