import { PublicPage } from '../../components/public-page.tsx';
import { ErrorMessage, Loading } from '../../components/ui/status.tsx';
import { useEvent } from '../../features/events/api/get-event.ts';
import { PaymentOptions, PayOnlineNow } from '../../features/events/components/payment-options.tsx';
import { RegistrationOpensSoon } from '../../features/events/components/registration-opens-soon.tsx';

export default function Banking() {
  const { data: event, isPending, isError, refetch } = useEvent();
  return (
    <PublicPage title="Banking Details" wide>
      <h1 className="text-3xl font-bold">Banking Details</h1>
      <p className="mt-2 mb-6 text-stone-700">
        {event?.published === false
          ? 'The ways to pay are shown here once the organisers have set the fun run up.'
          : 'Pay by bank transfer, cash or mobile money. Quote your registration reference so we can match your payment.'}
      </p>
      {/* Holding the content's place keeps the footer from jumping away when it arrives. */}
      {isPending && (
        <div className="min-h-dvh">
          <Loading />
        </div>
      )}
      {isError && (
        <ErrorMessage onRetry={() => refetch()}>The banking details could not be loaded.</ErrorMessage>
      )}
      {event && !event.published && <RegistrationOpensSoon event={event} onPhoto={false} />}
      {event?.published && <PayOnlineNow event={event} />}
      {event?.published && <PaymentOptions event={event} headingLevel="h2" />}
    </PublicPage>
  );
}
