import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { PublicEvent } from '../../../../shared/events/event.ts';
import { displayPhone } from '../../../../shared/events/event-display.ts';
import { formatEventDay } from '../../../../shared/events/event-facts.ts';
import { NEXT_YEAR_CONSENT } from '../../../../shared/events/next-year-text.ts';
import { usePageData } from '../../../app/page-data.ts';
import { typedBeforeScript } from '../../../app/typed-before-script.ts';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { CheckboxField, EmailField } from '../../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../../components/ui/form-alert.tsx';
import { ApiError, apiSend } from '../../../lib/api.ts';

/** Instead of the Register buttons once the event's day has passed: thanks, and the photos when there are some. */
export function RaceOver({ event }: { event: PublicEvent }) {
  return (
    <div className="w-full max-w-xl rounded-xl bg-white/95 p-5 text-stone-900 shadow-lg">
      <p className="text-2xl font-bold">Thank you for taking part!</p>
      <p className="mt-1">
        The {event.title} {event.year}
        {event.eventDate ? ` took place on ${formatEventDay(event.eventDate)}` : ' is over'}. Thank you to
        every runner, cyclist, volunteer and supporter who made it a celebration.
      </p>
      {event.photosUrl && (
        <a
          href={event.photosUrl}
          rel="noopener noreferrer"
          className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          See the photos
        </a>
      )}
    </div>
  );
}

/** Below the photo after the race: where the results will be, and "Tell me about next year". */
export function AfterTheRace({ event }: { event: PublicEvent }) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-10 px-5 py-10">
      <section aria-labelledby="results-heading">
        <h2 id="results-heading" className="text-2xl font-bold text-stone-900">
          Results
        </h2>
        <p className="mt-1 text-stone-700">
          {event.resultsPublished
            ? 'Every finisher’s time and place, by race, gender and age group; find yourself by bib or name. '
            : 'The results will be published here once they are ready. '}
          Questions? Call{' '}
          <a href={`tel:${event.contactPhone}`} className="font-medium text-brand-700 underline">
            {displayPhone(event, event.contactPhone)}
          </a>
          .
        </p>
        {event.resultsPublished && (
          <a
            href="/Results"
            className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            See the results
          </a>
        )}
      </section>
      <section aria-labelledby="next-year-heading" className="max-w-xl">
        <h2 id="next-year-heading" className="text-2xl font-bold text-stone-900">
          Tell me about next year
        </h2>
        <p className="mt-1 mb-4 text-stone-700">
          Leave your email address and we will write to you once, when next year’s fun run opens for
          registration.
        </p>
        <NextYearForm />
      </section>
    </div>
  );
}

const FORM_ACTION = '/';

/** What the server's form holds as the script takes it over: typed on a slow phone before the script arrived. */
function typedIntoForm() {
  const typed = typedBeforeScript(FORM_ACTION);
  return typed && typeof typed.email === 'string'
    ? { email: typed.email, consent: typed.consent === true }
    : undefined;
}

/**
 * Email and consent, posted to / without JavaScript (the server answers the landing with its message) or sent
 * to the API by the script. The same answer for every address: nothing says whether it was on the list.
 */
function NextYearForm() {
  const served = usePageData()?.form;
  const [values, setValues] = useState(
    () =>
      typedIntoForm() ?? {
        email: typeof served?.values.email === 'string' ? served.values.email : '',
        consent: served?.values.consent === true,
      },
  );
  const [errors, setErrors] = useState<Record<string, string>>(served?.errors ?? {});
  const consentErrorId = useId();
  const send = useMutation({
    mutationFn: (body: typeof values) => apiSend<{ message: string }>('/api/next-year', 'POST', body),
    onSuccess: () => {
      setValues({ email: '', consent: false });
      setErrors({});
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(error.errors.map((e) => [e.path, e.message])));
      }
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send.mutate(values);
  };
  const done = send.data?.message ?? (send.isIdle ? served?.done : undefined);
  const failure = send.isError && !(send.error instanceof ApiError && send.error.errors.length > 0);

  return (
    <form method="post" action={FORM_ACTION} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <EmailField
        name="email"
        value={values.email}
        onChange={(e) => setValues({ ...values, email: e.target.value })}
        error={errors.email}
      />
      <div className="flex flex-col gap-1.5">
        <CheckboxField
          name="consent"
          label={NEXT_YEAR_CONSENT}
          checked={values.consent}
          onChange={(e) => setValues({ ...values, consent: e.target.checked })}
          aria-invalid={Boolean(errors.consent)}
          aria-describedby={errors.consent ? consentErrorId : undefined}
        />
        <p id={consentErrorId} aria-live="polite" className="text-sm font-medium text-red-700 empty:hidden">
          {errors.consent}
        </p>
      </div>
      {done && <FormSuccess>{done}</FormSuccess>}
      {failure && <FormAlert>{errorText(send.error)}</FormAlert>}
      {served?.failure && send.isIdle && <FormAlert>{served.failure}</FormAlert>}
      <SubmitButton busy={send.isPending} busyLabel="Sending…" className="self-start">
        Tell me about next year
      </SubmitButton>
    </form>
  );
}
