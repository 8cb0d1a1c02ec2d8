import * as z from 'zod/mini';
import { pageFields } from '../paging.ts';
import { OutboxSmsSchema } from '../sms/sms-kinds.ts';
import { emailAddress, oneLine, requiredText } from '../validation.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, ROLES, type Role } from './roles.ts';

export * from './roles.ts';

const newPassword = z
  .string({ error: 'Enter a password' })
  .check(
    z.minLength(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
    z.maxLength(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
  );

export const SignUpSchema = z.object({
  name: requiredText('your full name'),
  email: emailAddress,
  password: newPassword,
});
export type SignUpInput = z.input<typeof SignUpSchema>;

export const CompanySignUpSchema = z.object({
  name: requiredText('the company name'),
  email: emailAddress,
  password: newPassword,
});

export const SignInSchema = z.object({
  email: emailAddress,
  password: z
    .string({ error: 'Enter your password' })
    .check(
      z.minLength(1, 'Enter your password'),
      z.maxLength(MAX_PASSWORD_LENGTH, 'Email or password is incorrect'),
    ),
});

export const EmailOnlySchema = z.object({ email: emailAddress });

export const ResetPasswordSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(500)),
  password: newPassword,
});

/**
 * The roles an admin invites by email (/Accounts): the staff. A facilitator joins through his application,
 * whose approval gives his account the role or invites him to make one (the people feature); a participant
 * and a company make their own accounts.
 */
export const INVITED_ROLES = ['volunteer', 'admin'] as const satisfies readonly Role[];
export type InvitedRole = (typeof INVITED_ROLES)[number];

/** How long an invitation's link works: long enough for a volunteer who reads his mail once a week. */
export const INVITATION_VALID_DAYS = 7;

/** When the link of an invitation sent at `sentAt` stops working. */
export const invitationExpiry = (sentAt: Date) =>
  new Date(sentAt.getTime() + INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000);

export const InvitationSchema = z.object({
  name: requiredText('the full name'),
  email: emailAddress,
  role: z.enum(INVITED_ROLES, { error: 'Choose Volunteer or Admin' }),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** The invited person's first password, with the token of the invitation's link. */
export const AcceptInvitationSchema = ResetPasswordSchema;

export const CurrentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});

export const SessionSchema = z.object({ user: z.nullable(CurrentUserSchema) });
export type Session = z.infer<typeof SessionSchema>;

export const AccountListQuerySchema = z.object({
  q: z.optional(oneLine(100)),
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
});
export type AccountListQuery = z.infer<typeof AccountListQuerySchema>;

/**
 * What happened to an account: an admin invited it (or sent the invitation again), its role changed, or it was
 * disabled or enabled.
 */
export const ACCOUNT_CHANGE_KINDS = ['invited', 'role', 'disabled', 'enabled'] as const;
/**
 * `from` and `to` of a change: a role (an invitation's is the role it was sent with, both times), or whether the
 * account was enabled or disabled.
 */
export const ACCOUNT_STATES = [...ROLES, 'enabled', 'disabled'] as const;

export const AccountChangeSchema = z.object({
  at: z.string(),
  /** The admin's name; null when it was not recorded. */
  by: z.nullable(z.string()),
  what: z.enum(ACCOUNT_CHANGE_KINDS),
  from: z.enum(ACCOUNT_STATES),
  to: z.enum(ACCOUNT_STATES),
});
export type AccountChange = z.infer<typeof AccountChangeSchema>;

export const AccountChangesSchema = z.object({ changes: z.array(AccountChangeSchema) });
export type AccountChanges = z.infer<typeof AccountChangesSchema>;

export const AccountSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  /** The latest role change, disabling or enabling; the rest at /api/accounts/:id/changes. */
  lastChange: z.nullable(AccountChangeSchema),
  /** How many changes are recorded in all. */
  changeCount: z.number(),
  /**
   * An account an admin invited that has no password yet: when the newest invitation was sent and when its
   * link stops working. Null once a password is chosen (and for every account made another way).
   */
  invitation: z.nullable(z.object({ sentAt: z.string(), expiresAt: z.string() })),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

export const ACCOUNTS_PAGE_SIZE = 25;

export const AccountListSchema = z.object({
  accounts: z.array(AccountSummarySchema),
  ...pageFields,
});
export type AccountList = z.infer<typeof AccountListSchema>;

export const AccountUpdateSchema = z
  .object({
    role: z.optional(z.enum(ROLES, { error: 'Choose a role' })),
    disabled: z.optional(z.boolean()),
  })
  .check(
    z.refine(
      (change) => change.role !== undefined || change.disabled !== undefined,
      'Choose a role or whether the account is disabled',
    ),
  );
export type AccountUpdate = z.infer<typeof AccountUpdateSchema>;

export const OutboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  /** Only from the dev outbox (no SMTP server): real mail carries sign-in links no screen may show. */
  text: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
});
export const OutboxListSchema = z.object({
  /** `smtp`: mail is delivered, bodies are never shown. `dev-outbox`: nothing is delivered. */
  transport: z.enum(['smtp', 'dev-outbox']),
  mails: z.array(OutboxMailSchema),
  /** The latest text messages (SMS), whatever the mail transport. */
  texts: z.array(OutboxSmsSchema),
});
export type OutboxList = z.infer<typeof OutboxListSchema>;
export type OutboxMail = z.infer<typeof OutboxMailSchema>;
