import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { SignInSchema } from '../../../shared/accounts/account.ts';
import { Button } from '../../components/ui/button.tsx';
import { EmailField } from '../../components/ui/field.tsx';
import { errorText, FormAlert } from '../../components/ui/form-alert.tsx';
import { PasswordField } from '../../components/ui/password-input.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { landingPath } from '../../features/accounts/after-sign-in.ts';
import { useSession } from '../../features/accounts/api/session.ts';
import { useSignIn } from '../../features/accounts/api/sign-in.ts';
import { AuthPage, linkClass } from '../../features/accounts/components/auth-page.tsx';
import { ResendVerification } from '../../features/accounts/components/resend-verification.tsx';
import { ApiError } from '../../lib/api.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';

// better-auth sends a failed verification link back here with ?error=…
const LINK_ERRORS: Record<string, string> = {
  INVALID_TOKEN: 'This verification link is not valid any more. Sign in to get a new one.',
  TOKEN_EXPIRED: 'This verification link has expired. Sign in to get a new one.',
  USER_NOT_FOUND: 'This verification link belongs to an account that no longer exists.',
};

export default function SignIn() {
  const [params] = useSearchParams();
  const next = params.get('next');
  const linkError = params.get('error');
  const navigate = useNavigate();
  const session = useSession();
  const signIn = useSignIn();
  const { field, handleSubmit, getValues } = useZodForm(SignInSchema, {
    mode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (signIn.isPending) return;
    try {
      const { user } = await signIn.mutateAsync(values);
      if (user) navigate(landingPath(user.role, next), { replace: true });
    } catch {
      // Shown below from signIn.error.
    }
  });

  // Signed in already, e.g. just after following the verification link.
  if (session.data?.user && !signIn.isPending) {
    return <Navigate to={landingPath(session.data.user.role, next)} replace />;
  }

  const failure = signIn.error instanceof ApiError ? signIn.error : undefined;
  const notVerified = failure?.code === 'EMAIL_NOT_VERIFIED';

  return (
    <AuthPage title="Sign in" intro={next ? 'Please sign in to open that page.' : undefined}>
      {session.isPending ? (
        <Loading label="Checking whether you are signed in…" />
      ) : (
        <>
          {linkError && (
            <FormAlert>{LINK_ERRORS[linkError] ?? 'That link did not work. Please sign in.'}</FormAlert>
          )}
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
            <EmailField {...field('email')} autoComplete="username" />
            <PasswordField label="Password" {...field('password')} autoComplete="current-password" />
            <p className="-mt-2">
              <Link to="/ForgotPassword" className={linkClass}>
                Forgot password?
              </Link>
            </p>
            {signIn.isError && <FormAlert>{errorText(signIn.error)}</FormAlert>}
            {notVerified && <ResendVerification email={getValues('email').trim()} />}
            <Button type="submit" disabled={signIn.isPending} className="w-full">
              {signIn.isPending ? 'Signing in…' : 'Sign In'}
            </Button>
          </form>
          <p className="text-stone-700">
            New here?{' '}
            <Link to="/SignUp" className={linkClass}>
              Create an account
            </Link>
            <span className="mt-1 block text-sm">
              Registering staff for the fun run?{' '}
              <Link to="/CompanySignUp" className={linkClass}>
                Company team sign-up
              </Link>
            </span>
          </p>
        </>
      )}
    </AuthPage>
  );
}
