import { ROLE_HOME, type Role } from '../../../shared/accounts/roles.ts';
import { safeNextPath } from '../../../shared/safe-next-path.ts';

/** Where a signed-in account goes: back to the page that asked for sign-in, else the role's own page. */
export const landingPath = (role: Role, next?: string | null) => safeNextPath(next) ?? ROLE_HOME[role];

/** The sign-in page, returning to `path` afterwards. */
export const signInPath = (path: string) => `/About?next=${encodeURIComponent(path)}`;
