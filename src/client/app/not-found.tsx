import { Link, useLocation } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';
import { ErrorScreen } from './error-screen.tsx';

export function NotFound() {
  const { pathname } = useLocation();
  return (
    <ErrorScreen
      action={
        <Link to="/" className={buttonClass}>
          Go to the home page
        </Link>
      }
    >
      <p>
        We could not find the page{' '}
        <code className="break-all rounded bg-stone-200 px-1.5 py-0.5">{pathname}</code>. It may have moved,
        or the link may be mistyped.
      </p>
    </ErrorScreen>
  );
}
