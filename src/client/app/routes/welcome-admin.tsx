import { Link } from 'react-router';
import { cardClass } from '../../features/accounts/components/account-home.tsx';
import { PageHeading, useCurrentUser } from '../../features/accounts/components/signed-in-layout.tsx';

const CARDS = [
  ['/Accounts', 'Accounts', 'Find accounts, change roles, disable or enable an account.'],
  ['/Outbox', 'Outbox', 'The latest emails the site sent: verification and password reset links.'],
] as const;

export default function WelcomeAdmin() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeading title="Admin dashboard">
        <p>Welcome, {user.name}.</p>
      </PageHeading>
      <nav aria-label="Admin sections" className="grid gap-4 sm:grid-cols-2">
        {CARDS.map(([to, title, text]) => (
          <Link key={to} to={to} className={cardClass}>
            <span className="text-lg font-semibold text-brand-800">{title}</span>
            <span className="text-stone-700">{text}</span>
          </Link>
        ))}
      </nav>
    </>
  );
}
