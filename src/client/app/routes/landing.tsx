import { Link } from 'react-router';
import { SignedInLink, SiteFooter } from '../../components/public-page.tsx';
import { ErrorMessage, Loading } from '../../components/ui/status.tsx';
import { useEvent } from '../../features/events/api/get-event.ts';
import { AfterTheRace, RaceOver } from '../../features/events/components/after-the-race.tsx';
import { EventDescription } from '../../features/events/components/event-description.tsx';
import { EventFacts, RaceList, RegistrationClosed } from '../../features/events/components/event-facts.tsx';
import { HeroPhoto } from '../../features/events/components/hero-photo.tsx';
import { PaymentOptions, PayOnlineNow } from '../../features/events/components/payment-options.tsx';
import { RegistrationOpensSoon } from '../../features/events/components/registration-opens-soon.tsx';
import { Typewriter } from '../../features/events/components/typewriter.tsx';

const ctaClass =
  'inline-flex min-h-12 items-center justify-center rounded-xl px-6 py-3 text-lg font-semibold shadow-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white';

export default function Landing() {
  const { data: event, isPending, isError, refetch } = useEvent();
  const title = event?.title ?? 'Celebration Fun Run';
  // A draft edition shows its name and whom to ask, nothing to enter or pay yet.
  const draft = event?.published === false;
  // From the day after the race: thanks, the photos, and "Tell me about next year" instead of registering.
  const over = event?.raceOver === true;

  return (
    <div className="flex min-h-dvh flex-col">
      <title>{title}</title>
      <main className="flex-1">
        <section className="relative isolate overflow-hidden bg-brand-900 text-white">
          {/* Once the event says which photo: never the built-in one first, then the uploaded one. */}
          {event && <HeroPhoto event={event} />}
          <div className="absolute inset-0 -z-10 bg-gradient-to-b from-black/55 via-black/45 to-black/70" />
          <div className="absolute top-2 right-3">
            <SignedInLink />
          </div>
          <div className="mx-auto flex max-w-5xl flex-col items-start gap-5 px-5 pt-10 pb-14 sm:pt-16 sm:pb-20">
            <img
              src={event?.logoImage ?? '/logo.svg'}
              alt={`${title} logo`}
              width="88"
              height="88"
              className="size-20 rounded-full bg-white/90 p-1.5 shadow-lg sm:size-22"
            />
            <p className="min-h-9 text-2xl font-medium text-brand-100 sm:text-3xl">
              <Typewriter text={event?.greeting ?? 'Welcome to'} />
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">{title}</h1>
            <p className="text-lg text-stone-100 sm:text-xl">{event?.subtitle ?? '\u00a0'}</p>
            {event && !draft && !over && <EventFacts event={event} />}
            {event && draft ? (
              <RegistrationOpensSoon event={event} />
            ) : event && over ? (
              <RaceOver event={event} />
            ) : event && !event.registrationOpen ? (
              <RegistrationClosed event={event} />
            ) : (
              <>
                <div className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
                  <Link to="/Register" className={`${ctaClass} bg-white text-brand-800 hover:bg-brand-50`}>
                    Register as Runner
                  </Link>
                  <Link
                    to="/RegisterCyclist"
                    className={`${ctaClass} border-2 border-white bg-brand-700/80 text-white hover:bg-brand-700`}
                  >
                    Register as Cyclist
                  </Link>
                </div>
                <p className="text-stone-100">
                  Registering a company team?{' '}
                  <Link to="/CompanySignUp" className="font-semibold text-white underline underline-offset-2">
                    Sign up your team
                  </Link>
                </p>
              </>
            )}
          </div>
        </section>

        {event && over && <AfterTheRace event={event} />}

        {event && !draft && !over && event.descriptionHtml && (
          <section aria-labelledby="about-heading" className="mx-auto max-w-5xl px-5 pt-10">
            <h2 id="about-heading" className="mb-4 text-2xl font-bold text-stone-900">
              About the fun run
            </h2>
            <div className="max-w-3xl">
              <EventDescription html={event.descriptionHtml} />
            </div>
          </section>
        )}

        {event && !draft && !over && (
          <section aria-labelledby="races-heading" className="mx-auto max-w-5xl px-5 pt-10">
            <h2 id="races-heading" className="mb-5 text-2xl font-bold text-stone-900">
              The races
            </h2>
            <RaceList event={event} />
          </section>
        )}

        {!draft && !over && (
          <section aria-labelledby="payment-heading" className="mx-auto max-w-5xl px-5 py-10">
            <h2 id="payment-heading" className="text-2xl font-bold text-stone-900">
              How to pay
            </h2>
            {event && <PayOnlineNow event={event} />}
            <p className="mt-1 mb-5 text-stone-700">
              {event?.onlinePaymentMethods.length
                ? 'Or pay later in one of these ways, quoting the reference you get when you register.'
                : 'Register first: you will get a reference to quote with your payment.'}{' '}
              <Link to="/Banking" className="font-medium text-brand-700 underline">
                Banking details
              </Link>
            </p>
            {isPending && <Loading label="Loading payment options…" />}
            {isError && (
              <ErrorMessage onRetry={() => refetch()}>The payment options could not be loaded.</ErrorMessage>
            )}
            {event && <PaymentOptions event={event} />}
          </section>
        )}
      </main>
      <SiteFooter event={event} />
    </div>
  );
}
