import { AuthPage } from '../../features/accounts/components/auth-page.tsx';
import { SignUpForm } from '../../features/accounts/components/sign-up-form.tsx';

export default function CompanySignUp() {
  return (
    <AuthPage
      title="Company team sign-up"
      intro="Create a team account for your company, then register your staff for the fun run and see your team's entries and fees in one place."
    >
      <SignUpForm kind="company" />
    </AuthPage>
  );
}
