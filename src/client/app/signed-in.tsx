import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { type CurrentUser, ROLE_HOME, ROLE_LABELS, type Role } from '../../shared/accounts/roles.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { ErrorMessage, Loading } from '../components/ui/status.tsx';
import { signInPath } from '../features/accounts/after-sign-in.ts';
import { getSessionQueryOptions } from '../features/accounts/api/session.ts';
import { SignedInLayout } from '../features/accounts/components/signed-in-layout.tsx';
import { rememberSignedIn } from '../features/accounts/signed-in-hint.ts';
import { ApiError } from '../lib/api.ts';

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * A query refused with 401 means the session ended (expired, or signed out elsewhere): check it again,
 * and the guard sends the visitor to sign in. A refused form submission only says so on the page
 * instead, so that what was typed is not lost.
 */
function useRecheckSessionOnUnauthorized() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const { queryKey } = getSessionQueryOptions();
    return queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        isUnauthorized(event.action.error) &&
        event.query.queryKey[0] !== queryKey[0]
      ) {
        void queryClient.invalidateQueries({ queryKey });
      }
    });
  }, [queryClient]);
}

function NoAccess({ user, roles }: { user: CurrentUser; roles: readonly Role[] }) {
  return (
    <div className="max-w-xl">
      <PageHeading title="You don't have access to this page">
        <p>
          This page is for {roles.map((role) => ROLE_LABELS[role].toLowerCase()).join(' or ')} accounts. You
          are signed in as {user.name} ({ROLE_LABELS[user.role].toLowerCase()}).
        </p>
      </PageHeading>
      <Link to={ROLE_HOME[user.role]} className={buttonClass}>
        Go to your page
      </Link>
    </div>
  );
}

// Nothing here imports from the entry's own modules (e.g. route-error.tsx): the bundler would then move
// React out of the entry chunk into a shared one, and every public page would pay a few KB for it.

/**
 * Route guard and layout of every signed-in screen. The page below renders (and fetches its data)
 * only for an account with one of `roles`; a visitor is sent to sign in and brought back afterwards.
 */
export default function SignedIn({ roles }: { roles: readonly Role[] }) {
  const { pathname, search } = useLocation();
  // Asked even when the phone says it is offline: a phone prepared for race morning has a kept answer (the
  // service worker's), and any other gets its error at once instead of waiting. Set here, not in the shared
  // options, which every public page loads first.
  const session = useQuery({ ...getSessionQueryOptions(), networkMode: 'offlineFirst' });
  useRecheckSessionOnUnauthorized();
  const signedIn = Boolean(session.data?.user);
  useEffect(() => {
    rememberSignedIn(signedIn);
  }, [signedIn]);

  if (session.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Loading />
      </div>
    );
  }
  if (session.isError) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16">
        <title>Celebration</title>
        <h1 className="mb-4 text-2xl font-bold">Could not check your sign-in</h1>
        <ErrorMessage onRetry={() => session.refetch()}>{session.error.message}</ErrorMessage>
      </main>
    );
  }
  const { user } = session.data;
  if (!user) return <Navigate to={signInPath(pathname + search)} replace />;
  return (
    <SignedInLayout user={user}>
      {roles.includes(user.role) ? <Outlet context={user} /> : <NoAccess user={user} roles={roles} />}
    </SignedInLayout>
  );
}
