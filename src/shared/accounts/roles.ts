// No zod here: the route guard and the signed-in layout need these without loading any validation.

export const ROLES = ['participant', 'facilitator', 'company', 'volunteer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  participant: 'Participant',
  facilitator: 'Facilitator',
  company: 'Company',
  volunteer: 'Volunteer',
  admin: 'Admin',
};

/** Where each role lands after signing in. */
export const ROLE_HOME: Record<Role, string> = {
  admin: '/WelcomeAdmin',
  facilitator: '/WelcomeFacilitator',
  participant: '/WelcomeMan',
  company: '/WelcomeManager',
  volunteer: '/CheckIn',
};

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters`;

/** The signed-in account as the API describes it (CurrentUserSchema in account.ts checks this shape). */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}
