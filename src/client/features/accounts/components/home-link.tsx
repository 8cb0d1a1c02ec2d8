import { type ReactNode, useEffect, useState } from 'react';
import type { Session } from '../../../../shared/accounts/account.ts';
import { ROLE_HOME, type Role } from '../../../../shared/accounts/roles.ts';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { apiFetch } from '../../../lib/api.ts';
import { rememberSignedIn } from '../signed-in-hint.ts';

/**
 * The way out of the error screen: the signed-in person's own page, else `children` (the home page). Asks the
 * server itself, since the page that failed may have taken the app's query client with it.
 */
export default function HomeLink({ children: homePageLink }: { children: ReactNode }) {
  const [role, setRole] = useState<Role | null>(null);
  useEffect(() => {
    let live = true;
    apiFetch<Session>('/api/account/session')
      .then((session) => {
        if (!live) return;
        if (session.user) setRole(session.user.role);
        else rememberSignedIn(false);
      })
      .catch(() => {
        // Unreachable: the home page stays the way out.
      });
    return () => {
      live = false;
    };
  }, []);
  return role ? (
    <a href={ROLE_HOME[role]} className={secondaryButtonClass}>
      Go to your page
    </a>
  ) : (
    homePageLink
  );
}
