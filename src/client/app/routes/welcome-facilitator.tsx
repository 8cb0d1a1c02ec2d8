import { AccountHome } from '../../features/accounts/components/account-home.tsx';

export default function WelcomeFacilitator() {
  return (
    <AccountHome upcoming="Your facilitator dashboard (your cell groups and their attendance) will appear here." />
  );
}
