import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_RULE, ResetPasswordSchema } from '../../../shared/accounts/account.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { errorText, FormAlert, FormSuccess } from '../../components/ui/form-alert.tsx';
import { PasswordField } from '../../components/ui/password-input.tsx';
import { useResetPassword } from '../../features/accounts/api/email-links.ts';
import { AuthPage, linkClass } from '../../features/accounts/components/auth-page.tsx';
import { ApiError } from '../../lib/api.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';

function BrokenLink({ children }: { children: string }) {
  return (
    <>
      <FormAlert>{children}</FormAlert>
      <p>
        <Link to="/ForgotPassword" className={buttonClass}>
          Send me a new link
        </Link>
      </p>
    </>
  );
}

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const reset = useResetPassword();
  const { field, register, handleSubmit } = useZodForm(ResetPasswordSchema, {
    // A field is checked when left, then on every change: an error shown above the button clears while the
    // value is corrected, so the button does not jump away from the pointer when it is clicked (onBlur did).
    mode: 'onTouched',
    reValidateMode: 'onChange',
    // The token rides along unseen: the form is only shown when the link brought one.
    defaultValues: { token: token ?? '', password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    if (reset.isPending) return;
    await reset.mutateAsync(values).catch(() => undefined);
  });

  const tokenRefused = reset.error instanceof ApiError && reset.error.code === 'INVALID_TOKEN';

  let content: ReactNode;
  if (linkError || tokenRefused) {
    content = (
      <BrokenLink>
        This reset link has expired or was already used. Ask for a new one: it works for one hour.
      </BrokenLink>
    );
  } else if (!token) {
    content = (
      <BrokenLink>
        This page needs the link from your password reset email. Open the link in that email, or ask for a new
        one.
      </BrokenLink>
    );
  } else if (reset.isSuccess) {
    content = (
      <>
        <FormSuccess>
          <p className="font-semibold">{reset.data.message}</p>
        </FormSuccess>
        <p>
          <Link to="/About" className={buttonClass}>
            Sign in
          </Link>
        </p>
      </>
    );
  } else {
    content = (
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <input type="hidden" {...register('token')} />
        <PasswordField
          label="New password"
          hint={PASSWORD_RULE}
          {...field('password')}
          autoComplete="new-password"
        />
        {reset.isError && <FormAlert>{errorText(reset.error)}</FormAlert>}
        <Button type="submit" disabled={reset.isPending} className="w-full">
          {reset.isPending ? 'Changing…' : 'Change password'}
        </Button>
      </form>
    );
  }

  return (
    <AuthPage title="Choose a new password">
      {content}
      {!reset.isSuccess && (
        <p className="text-stone-700">
          <Link to="/About" className={linkClass}>
            Back to sign in
          </Link>
        </p>
      )}
    </AuthPage>
  );
}
