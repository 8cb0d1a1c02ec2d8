import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AccountChange,
  type AccountListQuery,
  type AccountUpdate,
  type CurrentUser,
  INVITATION_VALID_DAYS,
  INVITED_ROLES,
  type Invitation,
  type InvitedRole,
  invitationExpiry,
  type Role,
} from '../../../shared/accounts/account.ts';
import { invitationMail } from '../../auth/auth-mail.ts';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound, Problem } from '../../http/problem.ts';
import { enqueueMail, recentMail } from '../../mail/repository.ts';
import { recentSms } from '../../sms/repository.ts';
import { recordAudit } from '../audit-log/service.ts';
import {
  accountExists,
  accountWithEmail,
  activeAdminEmails,
  changesOf,
  findAccountSummary,
  findInvitee,
  insertInvitedAccount,
  listAccounts,
  lockAccount,
  markEmailVerified,
  recordAccountChanges,
  updateAccount,
} from './repository.ts';

export const accountList = ({ database }: AppContext, query: AccountListQuery) =>
  listAccounts(database.db, query);

const NO_SUCH_ACCOUNT = 'There is no such account.';

/**
 * An admin changes an account's role or disables or enables it; never his own admin role or account.
 * What actually changes is recorded (by whom, from what, to what) in the same transaction, and ends the
 * account's sessions; a request that changes nothing records nothing and signs no one out.
 */
export async function changeAccount(
  { database }: AppContext,
  caller: CurrentUser,
  id: string,
  change: AccountUpdate,
) {
  const { db } = database;
  if (id === caller.id && ((change.role && change.role !== 'admin') || change.disabled)) {
    throw badRequest('You cannot remove your own admin role or disable your own account.');
  }
  await db.transaction(async (tx) => {
    const current = await lockAccount(tx, id);
    if (!current) throw notFound(NO_SUCH_ACCOUNT);
    const changes: Pick<AccountChange, 'what' | 'from' | 'to'>[] = [];
    if (change.role && change.role !== current.role) {
      changes.push({ what: 'role', from: current.role, to: change.role });
    }
    if (change.disabled !== undefined && change.disabled !== current.disabled) {
      const [from, to] = change.disabled
        ? (['enabled', 'disabled'] as const)
        : (['disabled', 'enabled'] as const);
      changes.push({ what: to, from, to });
    }
    if (changes.length === 0) return;
    await updateAccount(tx, id, change);
    await recordAccountChanges(tx, id, changes, caller);
    for (const { what, from, to } of changes) {
      await recordAudit(tx, caller, {
        action: what === 'role' ? 'account.role' : `account.${what === 'disabled' ? 'disable' : 'enable'}`,
        subject: `account ${id}`,
        details: { from, to },
      });
    }
  });
  const updated = await findAccountSummary(db, id);
  if (!updated) throw notFound(NO_SUCH_ACCOUNT);
  return updated;
}

/** Every recorded role change, disabling and enabling of an account, newest first. */
export async function accountChanges({ database }: AppContext, id: string) {
  const { db } = database;
  if (!(await accountExists(db, id))) throw notFound(NO_SUCH_ACCOUNT);
  return { changes: await changesOf(db, id) };
}

/** The latest mail (with a mail server, its delivery status only: bodies hold sign-in links) and texts. */
export async function outbox({ database, mailer }: AppContext) {
  const transport = mailer.transportName;
  const [mails, texts] = await Promise.all([
    recentMail(database.db, 50, { withBodies: transport === 'dev-outbox' }),
    recentSms(database.db, 50),
  ]);
  return { transport, mails, texts };
}

/** Tells every admin something that needs one of them (texts failing again and again). */
export async function mailAdmins(
  { database, mailer }: AppContext,
  mail: { kind: string; subject: string; text: string },
) {
  for (const to of await activeAdminEmails(database.db)) await enqueueMail(database.db, { ...mail, to });
  mailer.kick();
}

/** The page an invitation's link opens (through better-auth's check of its token). */
const INVITATION_PAGE = '/Invitation';

const AS_ROLE: Record<InvitedRole, string> = { admin: 'an admin', volunteer: 'a volunteer' };

const isInvitedRole = (role: Role): role is InvitedRole => (INVITED_ROLES as readonly Role[]).includes(role);

interface Invitee {
  id: string;
  name: string;
  email: string;
  role: InvitedRole;
}

/** The invitation in the account's history (who sent it, when, with which role) and in the audit trail. */
async function recordInvitation(tx: Transaction, caller: CurrentUser, invitee: Invitee, again: boolean) {
  await recordAccountChanges(
    tx,
    invitee.id,
    [{ what: 'invited', from: invitee.role, to: invitee.role }],
    caller,
  );
  await recordAudit(tx, caller, {
    action: again ? 'account.invite-again' : 'account.invite',
    subject: `account ${invitee.id}`,
    details: { role: invitee.role },
  });
}

/**
 * Mails the invitation: a link to choose a password, valid INVITATION_VALID_DAYS days. Its token is
 * better-auth's own password-reset token (a verification value `reset-password:<token>` naming the account),
 * with the invitation's expiry instead of a reset's hour: better-auth checks the link and consumes the token
 * (the reset-password routes), and a password set that way gives the account its credential. An earlier
 * invitation's link keeps working until it expires.
 */
async function mailInvitation(context: AppContext, caller: CurrentUser, invitee: Invitee) {
  const { internalAdapter, baseURL } = await context.auth.$context;
  const token = randomBytes(24).toString('base64url');
  await internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: invitee.id,
    expiresAt: invitationExpiry(new Date()),
  });
  const url = `${baseURL}/reset-password/${token}?callbackURL=${encodeURIComponent(INVITATION_PAGE)}`;
  await enqueueMail(
    context.database.db,
    invitationMail(invitee, {
      url,
      role: AS_ROLE[invitee.role],
      by: caller.name,
      days: INVITATION_VALID_DAYS,
      signInUrl: context.links.page('/About'),
    }),
  );
  context.mailer.kick();
}

const alreadyAnAccount = () =>
  conflict(
    'An account with this email already exists: search for it below to change its role.',
    'ACCOUNT_EXISTS',
  );

/**
 * An admin invites a volunteer or an admin: an account with that role and no password, and a mail with the
 * link to choose one. Not a man of the programme (no programme record: people's linkVerifiedAccount never
 * runs for it). An email that already has an account is refused, and nothing is made or sent.
 */
export async function invite(context: AppContext, caller: CurrentUser, input: Invitation) {
  const { db } = context.database;
  const invitee = {
    id: randomUUID(),
    name: input.name,
    email: input.email.toLowerCase(),
    role: input.role,
  };
  try {
    await db.transaction(async (tx) => {
      if (await accountWithEmail(tx, invitee.email)) throw alreadyAnAccount();
      await insertInvitedAccount(tx, invitee);
      await recordInvitation(tx, caller, invitee, false);
    });
  } catch (error) {
    // Two admins inviting the same address at once: the second finds it taken.
    if (uniqueViolation(error)) throw alreadyAnAccount();
    throw error;
  }
  await mailInvitation(context, caller, invitee);
  const summary = await findAccountSummary(db, invitee.id);
  if (!summary) throw notFound(NO_SUCH_ACCOUNT);
  return summary;
}

/** Sends an invited account's invitation again, with a new link; refused once its password is chosen. */
export async function inviteAgain(context: AppContext, caller: CurrentUser, id: string) {
  const { db } = context.database;
  const invitee = await findInvitee(db, id);
  if (!invitee) throw notFound(NO_SUCH_ACCOUNT);
  if (invitee.hasPassword) {
    throw conflict(
      `${invitee.name} has already chosen a password and signs in at /About ("Forgot password?" there sends a new one).`,
      'INVITATION_ACCEPTED',
    );
  }
  if (invitee.disabled) {
    throw conflict(
      'This account is disabled: enable it before sending the invitation again.',
      'ACCOUNT_DISABLED',
    );
  }
  // Another role has records of its own to be linked to (a man's, a facilitator's): its owner signs up.
  const { role } = invitee;
  if (!isInvitedRole(role)) {
    throw conflict(
      `Only a volunteer or an admin is invited: make ${invitee.name} one first, or ask them to sign up.`,
      'NOT_AN_INVITED_ROLE',
    );
  }
  const again = { ...invitee, role };
  await db.transaction((tx) => recordInvitation(tx, caller, again, true));
  await mailInvitation(context, caller, again);
  const summary = await findAccountSummary(db, id);
  if (!summary) throw notFound(NO_SUCH_ACCOUNT);
  return summary;
}

/** What an invitation's page says of a link that no longer works, and what to do. */
const INVITATION_LINK_USED =
  'This invitation link has expired or was already used. If you chose your password with it, sign in. ' +
  'Otherwise ask the organisers to send the invitation again.';

export const invitationLinkUsed = () =>
  new Problem(400, 'Bad Request', INVITATION_LINK_USED, undefined, undefined, 'INVALID_TOKEN');

/**
 * The invited account an invitation's link names, while the link works and the account has no password yet
 * (a password-reset link is not an invitation); a disabled account is refused as at sign-in.
 */
export async function inviteeOfLink({ auth, database }: AppContext, token: string) {
  const { internalAdapter } = await auth.$context;
  const verification = await internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) throw invitationLinkUsed();
  const invitee = await findInvitee(database.db, verification.value);
  if (!invitee || invitee.hasPassword) throw invitationLinkUsed();
  if (invitee.disabled) {
    throw new Problem(
      403,
      'Forbidden',
      'This account has been disabled. Please contact the organisers.',
      undefined,
      undefined,
      'BANNED_USER',
    );
  }
  return invitee;
}

/** The invited person chose a password with the link mailed to him: his email is his, verified. */
export const invitationAccepted = ({ database }: AppContext, id: string) =>
  markEmailVerified(database.db, id);
