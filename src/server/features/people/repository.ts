import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { PersonKind, PersonListQuery } from '../../../shared/people/people.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { aManOfTheProgramme } from '../../db/registered-men.ts';
import { facilitators, men, session, user } from '../../db/schema/index.ts';
import { escapeLike, phoneDigitsTyped } from '../../db/search-terms.ts';

export const tableFor = (kind: PersonKind) => (kind === 'men' ? men : facilitators);
export type PersonRow = typeof men.$inferSelect | typeof facilitators.$inferSelect;

export async function listPeople(db: Database, kind: PersonKind, query: PersonListQuery) {
  const table = tableFor(kind);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 25;
  const q = query.q?.trim();
  const digits = q ? phoneDigitsTyped(q) : '';
  const where = and(
    kind === 'men' ? aManOfTheProgramme : undefined,
    query.status ? eq(table.status, query.status as never) : undefined,
    q
      ? or(
          ilike(sql`${table.firstName} || ' ' || ${table.lastName}`, `%${escapeLike(q)}%`),
          ilike(table.email, `%${escapeLike(q)}%`),
          ilike(table.church, `%${escapeLike(q)}%`),
          digits ? ilike(table.mobile, `%${digits}%`) : undefined,
        )
      : undefined,
  );
  const sortColumn = {
    lastName: sql`lower(${table.lastName})`,
    firstName: sql`lower(${table.firstName})`,
    email: sql`lower(${table.email})`,
    mobile: sql`${table.mobile}`,
    maritalStatus: sql`${table.maritalStatus}`,
    church: sql`lower(${table.church})`,
    age: sql`${table.age}`,
    createdAt: sql`${table.createdAt}`,
  }[query.sort ?? 'lastName'];
  const direction = query.dir === 'desc' ? desc : asc;
  // Facilitator applicants come first: they are waiting for an answer.
  const applicantsFirst = kind === 'facilitators' ? [sql`${facilitators.status} <> 'applicant'`] : [];
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...applicantsFirst, direction(sortColumn), asc(table.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return { rows: rows as PersonRow[], total: Number(totals[0]?.total ?? 0), page, pageSize };
}

export async function findPerson(db: Database | Transaction, kind: PersonKind, id: string) {
  const table = tableFor(kind);
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row as PersonRow | undefined;
}

/** The record an account is linked to. */
export async function findPersonOfAccount(db: Database, kind: PersonKind, userId: string) {
  const table = tableFor(kind);
  const [row] = await db.select().from(table).where(eq(table.userId, userId));
  return row as PersonRow | undefined;
}

export async function findPersonByEmail(db: Database | Transaction, kind: PersonKind, email: string) {
  const table = tableFor(kind);
  const [row] = await db.select().from(table).where(sql`lower(${table.email}) = lower(${email})`);
  return row as PersonRow | undefined;
}

export async function unlinkedByEmail(db: Database | Transaction, kind: PersonKind, email: string) {
  const table = tableFor(kind);
  const [row] = await db
    .select()
    .from(table)
    .where(and(sql`lower(${table.email}) = lower(${email})`, isNull(table.userId)));
  return row as PersonRow | undefined;
}

export async function countPeople(db: Database) {
  const [[menCount], byStatus] = await Promise.all([
    db.select({ total: count() }).from(men).where(aManOfTheProgramme),
    db
      .select({ status: facilitators.status, total: count() })
      .from(facilitators)
      .groupBy(facilitators.status),
  ]);
  const of = (status: string) => Number(byStatus.find((row) => row.status === status)?.total ?? 0);
  return { men: Number(menCount?.total ?? 0), facilitators: of('approved'), applicants: of('applicant') };
}

/** Adds a man or a facilitator; a second record with the same email is a unique violation. */
export async function insertPerson(
  db: Database | Transaction,
  kind: PersonKind,
  values: Record<string, unknown>,
) {
  const [row] = await db
    .insert(tableFor(kind))
    .values(values as never)
    .returning();
  return row as PersonRow;
}

export async function updatePerson(
  db: Database,
  kind: PersonKind,
  id: string,
  change: Record<string, unknown>,
) {
  const table = tableFor(kind);
  const [row] = await db
    .update(table)
    .set({ ...change, updatedAt: new Date() } as never)
    .where(eq(table.id, id))
    .returning();
  return row as PersonRow | undefined;
}

/** Sets a facilitator's status; the row only when this changed it (not when it was so already, or is gone). */
export async function setFacilitatorStatus(
  db: Database | Transaction,
  id: string,
  status: 'approved' | 'declined',
) {
  const [row] = await db
    .update(facilitators)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(facilitators.id, id), ne(facilitators.status, status)))
    .returning();
  return row;
}

export async function deletePersonRow(db: Database, kind: PersonKind, id: string) {
  const table = tableFor(kind);
  const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  return deleted.length > 0;
}

export async function linkToAccount(
  db: Database | Transaction,
  kind: PersonKind,
  personId: string,
  userId: string,
) {
  const table = tableFor(kind);
  await db.update(table).set({ userId }).where(eq(table.id, personId));
}

export async function insertIncompleteMan(
  db: Database,
  values: {
    firstName: string;
    lastName: string;
    email: string;
    userId: string;
    privacyVersion: number | null;
  },
) {
  await db
    .insert(men)
    .values({ ...values, mobile: '', status: 'incomplete' })
    .onConflictDoNothing();
}

export async function findAccount(db: Database, id: string) {
  const [account] = await db.select().from(user).where(eq(user.id, id));
  return account;
}

/** The account a person signs in with: his linked one, or the one with his email. */
export async function findAccountOf(
  db: Database | Transaction,
  person: { userId: string | null; email: string },
) {
  const [account] = await db
    .select()
    .from(user)
    .where(person.userId ? eq(user.id, person.userId) : sql`lower(${user.email}) = lower(${person.email})`);
  return account;
}

/** Gives an account the facilitator role and ends its sessions, so the next sign-in carries the role. */
export async function makeFacilitator(db: Database | Transaction, userId: string) {
  await db.update(user).set({ role: 'facilitator' }).where(eq(user.id, userId));
  await db.delete(session).where(eq(session.userId, userId));
}
