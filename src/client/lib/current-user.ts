import { useOutletContext } from 'react-router';
import type { CurrentUser } from '../../shared/accounts/roles.ts';

/** The signed-in account, inside a page that the guard (app/signed-in.tsx) let through. */
export const useCurrentUser = () => useOutletContext<CurrentUser>();
