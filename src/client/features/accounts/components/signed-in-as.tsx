import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ROLE_HOME } from '../../../../shared/accounts/roles.ts';
import { getSessionQueryOptions } from '../api/session.ts';
import { maybeSignedIn, rememberSignedIn } from '../signed-in-hint.ts';

/** On a public page, the signed-in person's name, linking to their own page; nothing for a visitor. */
export default function SignedInAs() {
  const session = useQuery({ ...getSessionQueryOptions(), enabled: maybeSignedIn() });
  const user = session.data?.user;
  useEffect(() => {
    if (session.data && !user) rememberSignedIn(false);
  }, [session.data, user]);
  if (!user) return null;
  return (
    // Named by its text, not aria-label: a label would also answer a search for a form field's label.
    <Link
      to={ROLE_HOME[user.role]}
      className="flex min-h-11 items-center gap-1.5 rounded-md px-2.5 text-sm font-semibold hover:bg-white/10"
    >
      <span aria-hidden="true" className="size-2 rounded-full bg-green-400" />
      {user.name}
      <span className="sr-only"> (your page)</span>
    </Link>
  );
}
