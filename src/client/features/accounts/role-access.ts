import type { AccountChange, Role } from '../../../shared/accounts/account.ts';
import { ROLE_LABELS } from '../../../shared/accounts/account.ts';
import { formatDateTime } from '../../lib/dates.ts';

/** The role as a noun after "a"/"an": "an Admin", "a Company account". */
export const A_ROLE: Record<Role, string> = {
  admin: 'an Admin',
  facilitator: 'a Facilitator',
  participant: 'a Participant',
  company: 'a Company account',
  volunteer: 'a Volunteer',
};

/** What each role can see and do, as docs/product.md ("Roles") says: what an admin grants by choosing it. */
export const ROLE_ACCESS: Record<Role, string> = {
  admin:
    "Admins can see and change every entrant's and programme member's personal data, the event settings and every account's role.",
  facilitator: 'Facilitators see the members of their own cell groups and record their attendance.',
  company: "Company accounts register their staff for the fun run and see only their own team's entries.",
  volunteer:
    "Volunteers check entrants in on race morning: they see each entry's name, bib, race, T-shirt size and payment, and can mark an entry paid in cash.",
  participant:
    'Participants see and edit only their own programme record, registrations, uploads and checklist.',
};

/** What taking a role away ends, for the roles that see other people's data. */
export const ROLE_LOSS: Partial<Record<Role, string>> = {
  admin:
    "the admin screens: every entrant's and programme member's personal data, the event settings and roles",
  facilitator: "their cell groups' members and attendance",
};

/** "Role changed from Company to Admin by Ana Admin on 23/11/26, 14:03", "Invited as a Volunteer by …". */
export function describeChange(change: AccountChange) {
  const what =
    change.what === 'invited'
      ? `Invited as ${change.to in A_ROLE ? A_ROLE[change.to as Role] : change.to}`
      : change.what === 'role'
        ? `Role changed from ${label(change.from)} to ${label(change.to)}`
        : change.what === 'disabled'
          ? 'Disabled'
          : 'Enabled';
  return `${what} by ${change.by ?? 'an admin'} on ${formatDateTime(change.at)}`;
}

const label = (state: AccountChange['from']) => (state in ROLE_LABELS ? ROLE_LABELS[state as Role] : state);
