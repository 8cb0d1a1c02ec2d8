import { Link } from 'react-router';
import { formatEventDay } from '../../../../shared/events/event-facts.ts';
import { type Joined, signUpPath } from '../../../../shared/people/people.ts';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * What the welcome mail says, on the page: his first session, and the account that opens his dashboard
 * (for someone else, what he was sent; no sign-up button for the one who filled the form in).
 */
export function ManWelcome({
  answer,
  email,
  forSomeoneElse: forHim,
}: {
  answer: Joined;
  email: string;
  forSomeoneElse: boolean;
}) {
  const first = answer.firstSession;
  return (
    <section
      aria-labelledby="what-happens-next"
      className="mb-5 rounded-lg border border-stone-200 bg-stone-50 p-4 text-stone-800"
    >
      <h3 id="what-happens-next" className="text-lg font-bold text-stone-900">
        What happens next
      </h3>
      <ul className="mt-2 flex list-disc flex-col gap-2 pl-5">
        <li>
          {first ? (
            <>
              {forHim ? 'His' : 'Your'} first session: <strong>{first.name}</strong> on{' '}
              <time dateTime={first.heldOn}>{formatEventDay(first.heldOn)}</time>
              {first.startTime && ` at ${first.startTime}`}
              {first.place && `, ${first.place}`}.
            </>
          ) : (
            'The dates of the sessions will follow.'
          )}
        </li>
        <li>
          {forHim
            ? 'He creates his account with this email address to see his dashboard: his sessions, assignments and checklist. The welcome email has the link.'
            : 'Create your account with this email address to see your dashboard: your sessions, assignments and checklist.'}
        </li>
      </ul>
      {!forHim && (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
          <Link to={signUpPath(email)} className={secondaryButtonClass}>
            Create your account
          </Link>
          <p>
            Already have one?{' '}
            <Link to="/About" className={linkClass}>
              Sign in
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
