import { AuthPage } from '../../features/accounts/components/auth-page.tsx';
import { SignUpForm } from '../../features/accounts/components/sign-up-form.tsx';

export default function SignUp() {
  return (
    <AuthPage
      title="Create an account"
      intro="For the men's programme: after signing up you can follow your sessions, assignments and checklist."
    >
      <SignUpForm kind="participant" />
    </AuthPage>
  );
}
