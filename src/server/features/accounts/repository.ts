import { count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  ACCOUNTS_PAGE_SIZE,
  type AccountChange,
  type AccountSummary,
  type Role,
} from '../../../shared/accounts/account.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { accountChanges, session, user } from '../../db/schema/index.ts';
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
  const [latest, counts] =
    ids.length === 0
      ? [[], []]
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
        ]);
  const latestOf = new Map(latest.map(({ accountId, ...change }) => [accountId, asChange(change)]));
  const countOf = new Map(counts.map(({ accountId, n }) => [accountId, Number(n)]));
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
  }));
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
