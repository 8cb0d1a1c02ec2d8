import { Link } from 'react-router';
import { MyLinksRequestSchema } from '../../../shared/registrations/my-registration.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmailField } from '../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../components/ui/form-alert.tsx';
import { useMailMyLinks } from '../../features/my-registration/api/my-entry.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';

/** /My: someone who lost the private link of an entry has every link of the address mailed again. */
export function MyLinksPage() {
  const mail = useMailMyLinks();
  const { field, handleSubmit } = useZodForm(MyLinksRequestSchema, {
    mode: 'onSubmit',
    defaultValues: { email: '' },
  });
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
      {mail.isSuccess ? (
        <FormSuccess>
          <p className="font-semibold">{mail.data.message}</p>
        </FormSuccess>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-5">
          <EmailField {...field('email')} />
          {mail.isError && <FormAlert>{errorText(mail.error)}</FormAlert>}
          <Button type="submit" disabled={mail.isPending} className="w-full sm:w-auto">
            {mail.isPending ? 'Sending…' : 'Email me my links'}
          </Button>
        </form>
      )}
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
