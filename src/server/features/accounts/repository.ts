import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  ACCOUNTS_PAGE_SIZE,
  type AccountChange,
  type AccountSummary,
  type InvitedRole,
  invitationExpiry,
  type Role,
} from '../../../shared/accounts/account.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { account, accountChanges, session, user } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/search-terms.ts';

type UserRow = typeof user.$inferSelect;

export async function listAccounts(db: Database, query: { q?: string; page?: number }) {
  const page = query.page ?? 1;
  const q = query.q?.trim();
  const where: SQL | undefined = q
    ? or(ilike(user.name, `%${escapeLike(q)}%`), ilike(user.email, `%${escapeLike(q)}%`))
    : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), user.id)
      .limit(ACCOUNTS_PAGE_SIZE)
      .offset((page - 1) * ACCOUNTS_PAGE_SIZE),
    db.select({ total: count() }).from(user).where(where),
  ]);
  return {
    accounts: await summariesOf(db, rows),
    total: Number(totals[0]?.total ?? 0),
    page,
    pageSize: ACCOUNTS_PAGE_SIZE,
  };
}

/** One account as the accounts screen shows it, with its latest recorded change. */
export async function findAccountSummary(db: Database, id: string) {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  if (!row) return undefined;
  const [summary] = await summariesOf(db, [row]);
  return summary;
}

const changeColumns = {
  at: accountChanges.at,
  by: sql<string | null>`coalesce(${user.name}, ${accountChanges.changedByName})`,
  what: accountChanges.what,
  from: accountChanges.from,
  to: accountChanges.to,
};

const asChange = (row: {
  at: Date;
  by: string | null;
  what: AccountChange['what'];
  from: string;
  to: string;
}) => ({ ...row, at: row.at.toISOString() }) as AccountChange;

async function summariesOf(db: Database, rows: UserRow[]): Promise<AccountSummary[]> {
  const ids = rows.map((row) => row.id);
  const [latest, counts, withPassword, invitations] =
    ids.length === 0
      ? [[], [], [], []]
      : await Promise.all([
          db
            .selectDistinctOn([accountChanges.accountId], {
              accountId: accountChanges.accountId,
              ...changeColumns,
            })
            .from(accountChanges)
            .leftJoin(user, eq(user.id, accountChanges.changedBy))
            .where(inArray(accountChanges.accountId, ids))
            .orderBy(accountChanges.accountId, desc(accountChanges.id)),
          db
            .select({ accountId: accountChanges.accountId, n: count() })
            .from(accountChanges)
            .where(inArray(accountChanges.accountId, ids))
            .groupBy(accountChanges.accountId),
          db
            .select({ accountId: account.userId })
            .from(account)
            .where(and(inArray(account.userId, ids), eq(account.providerId, 'credential'))),
          db
            .selectDistinctOn([accountChanges.accountId], {
              accountId: accountChanges.accountId,
              at: accountChanges.at,
            })
            .from(accountChanges)
            .where(and(inArray(accountChanges.accountId, ids), eq(accountChanges.what, 'invited')))
            .orderBy(accountChanges.accountId, desc(accountChanges.id)),
        ]);
  const latestOf = new Map(latest.map(({ accountId, ...change }) => [accountId, asChange(change)]));
  const countOf = new Map(counts.map(({ accountId, n }) => [accountId, Number(n)]));
  const hasPassword = new Set(withPassword.map(({ accountId }) => accountId));
  const invitedAt = new Map(invitations.map(({ accountId, at }) => [accountId, at]));
  // An account without a password is one an admin invited (sign-up and admin:create always set one).
  const invitationOf = (row: UserRow) => {
    if (hasPassword.has(row.id)) return null;
    const sentAt = invitedAt.get(row.id) ?? row.createdAt;
    return { sentAt: sentAt.toISOString(), expiresAt: invitationExpiry(sentAt).toISOString() };
  };
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    emailVerified: row.emailVerified,
    disabled: row.banned === true,
    createdAt: row.createdAt.toISOString(),
    lastChange: latestOf.get(row.id) ?? null,
    changeCount: countOf.get(row.id) ?? 0,
    invitation: invitationOf(row),
  }));
}

/** The account using this email, in any letter case. */
export async function accountWithEmail(db: Database | Transaction, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = lower(${email})`);
  return row;
}

/** A new account with a role and no password yet: what an admin's invitation makes. */
export async function insertInvitedAccount(
  tx: Transaction,
  values: { id: string; name: string; email: string; role: InvitedRole },
) {
  const [row] = await tx
    .insert(user)
    .values({ ...values, email: values.email.toLowerCase(), emailVerified: false })
    .returning();
  return row;
}

/** An account as an invitation needs it: its name, email, role, state, and whether it has a password yet. */
export async function findInvitee(db: Database | Transaction, id: string) {
  const [[row], credentials] = await Promise.all([
    db
      .select({ id: user.id, name: user.name, email: user.email, role: user.role, banned: user.banned })
      .from(user)
      .where(eq(user.id, id)),
    db
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.userId, id), eq(account.providerId, 'credential'))),
  ]);
  if (!row) return undefined;
  const { banned, ...invitee } = row;
  return { ...invitee, disabled: banned === true, hasPassword: credentials.length > 0 };
}

/** Marks an invited account's email verified: the person followed the link mailed to it. */
export async function markEmailVerified(db: Database, id: string) {
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
}

/** Every recorded change of an account, newest first. */
export async function changesOf(db: Database, accountId: string) {
  const rows = await db
    .select(changeColumns)
    .from(accountChanges)
    .leftJoin(user, eq(user.id, accountChanges.changedBy))
    .where(eq(accountChanges.accountId, accountId))
    .orderBy(desc(accountChanges.id));
  return rows.map(asChange);
}

export async function accountExists(db: Database, id: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
  return row !== undefined;
}

/** The account's role and state, held until the transaction ends so that two admins' changes queue. */
export async function lockAccount(tx: Transaction, id: string) {
  const [row] = await tx
    .select({ role: user.role, banned: user.banned })
    .from(user)
    .where(eq(user.id, id))
    .for('update');
  return row && { role: row.role, disabled: row.banned === true };
}

/** Changes role and/or disables; either change signs the account out everywhere. */
export async function updateAccount(
  tx: Transaction,
  id: string,
  change: { role?: Role; disabled?: boolean },
) {
  await tx
    .update(user)
    .set({
      ...(change.role ? { role: change.role } : {}),
      ...(change.disabled === undefined
        ? {}
        : { banned: change.disabled, banReason: change.disabled ? 'Disabled by an admin' : null }),
    })
    .where(eq(user.id, id));
  await tx.delete(session).where(eq(session.userId, id));
}

export async function recordAccountChanges(
  tx: Transaction,
  accountId: string,
  changes: Pick<AccountChange, 'what' | 'from' | 'to'>[],
  by: { id: string; name: string },
) {
  // Inserted once the account is locked: ids follow the order the changes were made in, and so does the
  // time (now() would be when the transaction began, possibly before an earlier change that held the lock).
  const at = new Date();
  await tx
    .insert(accountChanges)
    .values(
      changes.map((change) => ({ ...change, accountId, changedBy: by.id, changedByName: by.name, at })),
    );
}

/** The addresses of the admins who may sign in (verified, not disabled). */
export async function activeAdminEmails(db: Database) {
  const rows = await db
    .select({ email: user.email })
    .from(user)
    .where(
      and(eq(user.role, 'admin'), eq(user.emailVerified, true), sql`not coalesce(${user.banned}, false)`),
    );
  return rows.map((row) => row.email);
}
