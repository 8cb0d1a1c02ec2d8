import { Link, useSearchParams } from 'react-router';
import { emailAddress } from '../../../shared/validation.ts';
import { AuthPage, linkClass } from '../../features/accounts/components/auth-page.tsx';
import { SignUpForm } from '../../features/accounts/components/sign-up-form.tsx';

export default function SignUp() {
  // The welcome and invitation mails link here with the address they were sent to: it only fills the field in.
  const [params] = useSearchParams();
  const email = emailAddress.safeParse(params.get('email') ?? '');
  return (
    <AuthPage
      title="Create an account"
      intro={
        <>
          You do not need an account to{' '}
          <Link to="/Register" className={linkClass}>
            enter the fun run
          </Link>
          . Volunteers and organisers: an admin sends you an invitation instead.
        </>
      }
    >
      <SignUpForm kind="participant" initialEmail={email.success ? email.data : undefined} />
    </AuthPage>
  );
}
