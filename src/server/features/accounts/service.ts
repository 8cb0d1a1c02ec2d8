import type { AccountListQuery, AccountUpdate, CurrentUser } from '../../../shared/accounts/account.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/problem.ts';
import { recentMail } from '../../mail/repository.ts';
import { findAccount, listAccounts, updateAccount } from './repository.ts';

export const accountList = ({ database }: AppContext, query: AccountListQuery) =>
  listAccounts(database.db, query);

/** An admin changes an account's role or disables it; never his own admin role or account. */
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
  if (!(await findAccount(db, id))) throw notFound('There is no such account.');
  await updateAccount(db, id, change);
  const updated = await findAccount(db, id);
  if (!updated) throw notFound('There is no such account.');
  return {
    id: updated.id,
    name: updated.name,
    email: updated.email,
    role: updated.role,
    emailVerified: updated.emailVerified,
    disabled: updated.banned === true,
    createdAt: updated.createdAt.toISOString(),
  };
}

/** The latest mail: with a mail server, its delivery status only (bodies hold sign-in links). */
export async function outbox({ database, mailer }: AppContext) {
  const transport = mailer.transportName;
  return { transport, mails: await recentMail(database.db, 50, { withBodies: transport === 'dev-outbox' }) };
}
