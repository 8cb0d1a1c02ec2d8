import { useState } from 'react';
import { Link } from 'react-router';
import {
  MyLinksBySmsRequestSchema,
  MyLinksRequestSchema,
} from '../../../shared/registrations/my-registration.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmailField, PhoneField } from '../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../components/ui/form-alert.tsx';
import { useEvent } from '../../features/events/api/get-event.ts';
import { useMailMyLinks, useTextMyLinks } from '../../features/my-registration/api/my-entry.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useHydrated, usePageData } from '../page-data.ts';
import { typedText } from '../typed-before-script.ts';

const FORM_ACTION = '/My';

/**
 * /My: someone who lost the private link of an entry has every link of the address mailed again. Without
 * JavaScript the form posts to /My, which the server answers with this page and what it did.
 */
export function MyLinksPage() {
  const served = usePageData()?.form;
  const mail = useMailMyLinks();
  const { data: event } = useEvent();
  // The text form needs the script (it has no page of its own to post to).
  const interactive = useHydrated();
  const [typed] = useState(
    () =>
      typedText(FORM_ACTION, 'email') ??
      (typeof served?.values.email === 'string' ? served.values.email : ''),
  );
  const { field, handleSubmit } = useZodForm(MyLinksRequestSchema, {
    mode: 'onSubmit',
    defaultValues: { email: typed },
  });
  const email = field('email');
  const done = mail.isSuccess ? mail.data.message : mail.isIdle ? served?.done : undefined;
  const onSubmit = handleSubmit(async (body) => {
    if (mail.isPending) return;
    await mail.mutateAsync(body).catch(() => undefined);
  });

  return (
    <PublicPage title="My registration">
      <h1 className="text-3xl font-bold">My registration</h1>
      <p className="mt-2 mb-6 text-stone-700">
        Every confirmation email has a private link to your entry, where you can change your race, T-shirt
        size and contact details, or cancel. Lost it? Type the email address you registered with and we will
        email you a link for each of its entries.
      </p>
      {done ? (
        <FormSuccess>
          <p className="font-semibold">{done}</p>
        </FormSuccess>
      ) : (
        <form
          method="post"
          action={FORM_ACTION}
          onSubmit={onSubmit}
          noValidate
          className="flex max-w-md flex-col gap-5"
        >
          <EmailField
            {...email}
            defaultValue={typed}
            error={email.error ?? (mail.isIdle ? served?.errors.email : undefined)}
          />
          {mail.isError && <FormAlert>{errorText(mail.error)}</FormAlert>}
          {mail.isIdle && served?.failure && <FormAlert>{served.failure}</FormAlert>}
          <Button type="submit" disabled={mail.isPending} className="w-full sm:w-auto">
            {mail.isPending ? 'Sending…' : 'Email me my links'}
          </Button>
        </form>
      )}
      {event?.smsOn && interactive && <TextMyLinks />}
      <p className="mt-8 text-stone-700">
        Not registered yet?{' '}
        <Link to="/Register" className="font-medium text-brand-700 underline">
          Register as a runner
        </Link>{' '}
        or{' '}
        <Link to="/RegisterCyclist" className="font-medium text-brand-700 underline">
          as a cyclist
        </Link>
        .
      </p>
    </PublicPage>
  );
}

/** "Text me my links": the short links of the number's newest entries, by SMS (while the event sends texts). */
function TextMyLinks() {
  const text = useTextMyLinks();
  const { field, handleSubmit } = useZodForm(MyLinksBySmsRequestSchema, {
    mode: 'onSubmit',
    defaultValues: { mobile: '' },
  });
  const onSubmit = handleSubmit(async (body) => {
    if (text.isPending) return;
    await text.mutateAsync(body).catch(() => undefined);
  });
  return (
    <section aria-labelledby="text-links-heading" className="mt-10">
      <h2 id="text-links-heading" className="text-2xl font-bold">
        Or by SMS
      </h2>
      <p className="mt-2 mb-6 text-stone-700">
        Type the mobile number you registered with (a parent's for an entrant under 18), and we will text you
        short links to your newest entries.
      </p>
      {text.isSuccess ? (
        <FormSuccess>
          <p className="font-semibold">{text.data.message}</p>
        </FormSuccess>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-5">
          <PhoneField label="Mobile number" autoComplete="tel" {...field('mobile')} />
          {text.isError && <FormAlert>{errorText(text.error)}</FormAlert>}
          <Button type="submit" disabled={text.isPending} className="w-full sm:w-auto">
            {text.isPending ? 'Sending…' : 'Text me my links'}
          </Button>
        </form>
      )}
    </section>
  );
}
