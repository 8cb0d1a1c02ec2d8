import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { ACCOUNTS_PAGE_SIZE, type AccountSummary, type Role } from '../../../shared/accounts/account.ts';
import type { Database } from '../../db/client.ts';
import { session, user } from '../../db/schema/index.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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
  const accounts: AccountSummary[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    emailVerified: row.emailVerified,
    disabled: row.banned === true,
    createdAt: row.createdAt.toISOString(),
  }));
  return { accounts, total: Number(totals[0]?.total ?? 0), page, pageSize: ACCOUNTS_PAGE_SIZE };
}

export async function findAccount(db: Database, id: string) {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}

/** Changes role and/or disables; either change signs the account out everywhere. */
export async function updateAccount(db: Database, id: string, change: { role?: Role; disabled?: boolean }) {
  await db.transaction(async (tx) => {
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
  });
}
