import { AccountHome } from '../../features/accounts/components/account-home.tsx';

export default function WelcomeMan() {
  return (
    <AccountHome upcoming="Your programme dashboard (sessions, assignments and your welcome checklist) will appear here." />
  );
}
