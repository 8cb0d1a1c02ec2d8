import { Link } from 'react-router';
import { AuthPage, linkClass } from '../../features/accounts/components/auth-page.tsx';
import { SignUpForm } from '../../features/accounts/components/sign-up-form.tsx';

export default function SignUp() {
  return (
    <AuthPage
      title="Create an account"
      intro={
        <>
          For men in the Real Man programme. You do not need an account to{' '}
          <Link to="/Register" className={linkClass}>
            enter the fun run
          </Link>
          .
        </>
      }
    >
      <SignUpForm kind="participant" />
    </AuthPage>
  );
}
