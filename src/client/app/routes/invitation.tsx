import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  AcceptInvitationSchema,
  INVITATION_VALID_DAYS,
  PASSWORD_RULE,
} from '../../../shared/accounts/account.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { errorText, FormAlert } from '../../components/ui/form-alert.tsx';
import { PasswordField } from '../../components/ui/password-input.tsx';
import { landingPath } from '../../features/accounts/after-sign-in.ts';
import { useAcceptInvitation } from '../../features/accounts/api/sign-in.ts';
import { AuthPage, linkClass } from '../../features/accounts/components/auth-page.tsx';
import { ApiError } from '../../lib/api.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';

/** What to do with a link that no longer works: the server's sentence says the same. */
function UsedLink() {
  return (
    <>
      <FormAlert>This invitation link has expired or was already used.</FormAlert>
      <p className="text-stone-700">
        If you chose your password with it, sign in with your email and that password. Otherwise ask the
        organisers to send the invitation again: each link works for {INVITATION_VALID_DAYS} days.
      </p>
      <p>
        <Link to="/About" className={buttonClass}>
          Sign in
        </Link>
      </p>
    </>
  );
}

/**
 * Where an invitation's link lands (better-auth has checked its token first): the invited volunteer or admin
 * chooses a password, is signed in, and goes to the role's own page.
 */
export default function Invitation() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const linkError = params.get('error');
  const accept = useAcceptInvitation();
  const { field, register, handleSubmit } = useZodForm(AcceptInvitationSchema, {
    mode: 'onTouched',
    reValidateMode: 'onChange',
    // The token rides along unseen: the form is only shown when the link brought one.
    defaultValues: { token: token ?? '', password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    if (accept.isPending) return;
    try {
      const { user } = await accept.mutateAsync(values);
      if (user) navigate(landingPath(user.role), { replace: true });
    } catch {
      // Shown below from accept.error.
    }
  });

  const linkUsed = accept.error instanceof ApiError && accept.error.code === 'INVALID_TOKEN';

  return (
    <AuthPage
      title="Welcome to Celebration"
      intro={
        linkError || linkUsed || !token
          ? undefined
          : 'An organiser has made you an account. Choose your password to finish: you are then signed in.'
      }
    >
      {linkError || linkUsed ? (
        <UsedLink />
      ) : !token ? (
        <>
          <FormAlert>
            This page needs the link from your invitation email. Open the link in that email, or ask the
            organisers to send the invitation again.
          </FormAlert>
          <p className="text-stone-700">
            Already chose your password?{' '}
            <Link to="/About" className={linkClass}>
              Sign in
            </Link>
          </p>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <input type="hidden" {...register('token')} />
          <PasswordField
            label="Choose a password"
            hint={PASSWORD_RULE}
            {...field('password')}
            autoComplete="new-password"
          />
          {accept.isError && <FormAlert>{errorText(accept.error)}</FormAlert>}
          <Button type="submit" disabled={accept.isPending} className="w-full">
            {accept.isPending ? 'Saving…' : 'Save password and sign in'}
          </Button>
        </form>
      )}
    </AuthPage>
  );
}
