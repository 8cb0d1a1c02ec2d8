import type {
  AccountChange,
  AccountListQuery,
  AccountUpdate,
  CurrentUser,
} from '../../../shared/accounts/account.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/problem.ts';
import { recentMail } from '../../mail/repository.ts';
import { recordAudit } from '../audit-log/service.ts';
import {
  accountExists,
  changesOf,
  findAccountSummary,
  listAccounts,
  lockAccount,
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

/** The latest mail: with a mail server, its delivery status only (bodies hold sign-in links). */
export async function outbox({ database, mailer }: AppContext) {
  const transport = mailer.transportName;
  return { transport, mails: await recentMail(database.db, 50, { withBodies: transport === 'dev-outbox' }) };
}
