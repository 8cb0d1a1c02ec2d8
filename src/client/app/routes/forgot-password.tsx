import { Link } from 'react-router';
import { EmailOnlySchema } from '../../../shared/accounts/account.ts';
import { Button } from '../../components/ui/button.tsx';
import { EmailField } from '../../components/ui/field.tsx';
import { errorText, FormAlert, FormSuccess } from '../../components/ui/form-alert.tsx';
import { useForgotPassword } from '../../features/accounts/api/email-links.ts';
import { AuthPage, linkClass } from '../../features/accounts/components/auth-page.tsx';
import { useZodForm } from '../../lib/use-zod-form.ts';

export default function ForgotPassword() {
  const forgot = useForgotPassword();
  const { field, handleSubmit } = useZodForm(EmailOnlySchema, {
    mode: 'onSubmit',
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    if (forgot.isPending) return;
    await forgot.mutateAsync(email).catch(() => undefined);
  });

  return (
    <AuthPage
      title="Forgot password"
      intro="Type the email address of your account. We will email you a link to choose a new password."
    >
      {forgot.isSuccess ? (
        <FormSuccess>
          <p className="font-semibold">{forgot.data.message}</p>
          <p className="mt-1">The link works for one hour. Check your spam folder if it does not arrive.</p>
        </FormSuccess>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <EmailField {...field('email')} />
          {forgot.isError && <FormAlert>{errorText(forgot.error)}</FormAlert>}
          <Button type="submit" disabled={forgot.isPending} className="w-full">
            {forgot.isPending ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="text-stone-700">
        Remembered it?{' '}
        <Link to="/About" className={linkClass}>
          Sign in
        </Link>
      </p>
    </AuthPage>
  );
}
