import { ROLE_HOME, type Role } from '../../../shared/accounts/roles.ts';

/** A `next` that stays on this site: a path with a single leading slash (not //host or /\host). */
export function safeNext(next: string | null | undefined): string | undefined {
  return next && /^\/(?![/\\])/.test(next) ? next : undefined;
}

/** Where a signed-in account goes: back to the page that asked for sign-in, else the role's own page. */
export const landingPath = (role: Role, next?: string | null) => safeNext(next) ?? ROLE_HOME[role];

/** The sign-in page, returning to `path` afterwards. */
export const signInPath = (path: string) => `/About?next=${encodeURIComponent(path)}`;
