import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  erasureRequests,
  facilitators,
  mailOutbox,
  men,
  registrations,
  session,
  user,
  verification,
  waitlistEntries,
} from '../../db/schema/index.ts';

export type ErasureRequestRow = typeof erasureRequests.$inferSelect;
type NewRequest = Omit<typeof erasureRequests.$inferInsert, 'id'>;

export async function findRegistration(db: Database, id: string) {
  const [row] = await db
    .select({ id: registrations.id, email: registrations.email, reference: registrations.reference })
    .from(registrations)
    .where(eq(registrations.id, id));
  return row;
}

export async function findWaitlistEntry(db: Database, id: string) {
  const [row] = await db
    .select({ id: waitlistEntries.id, email: waitlistEntries.email, reference: waitlistEntries.reference })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, id));
  return row;
}

/** Every entry and waitlist row with this email (any event), plus the one named (its email may be gone). */
export async function entriesOf(db: Database, email: string) {
  const address = email.toLowerCase();
  if (address === '') return { registrationIds: [], waitlistIds: [] };
  const [entries, waiting] = await Promise.all([
    db
      .select({ id: registrations.id })
      .from(registrations)
      .where(sql`lower(${registrations.email}) = ${address}`),
    db
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(sql`lower(${waitlistEntries.email}) = ${address}`),
  ]);
  return { registrationIds: entries.map((row) => row.id), waitlistIds: waiting.map((row) => row.id) };
}

/**
 * The records a proven mobile number reaches: every entry and waitlist place (any edition) whose own Mobile is
 * the number, and programme records (men, facilitators) with it. Never an entry where it is only the next of
 * kin's or the guardian's number.
 */
export async function recordsOfMobile(db: Database, mobile: string) {
  const [entries, waiting, manRows, facilitatorRows] = await Promise.all([
    db.select({ id: registrations.id }).from(registrations).where(eq(registrations.mobile, mobile)),
    db.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.mobile, mobile)),
    db.select({ id: men.id, email: men.email, userId: men.userId }).from(men).where(eq(men.mobile, mobile)),
    db
      .select({ id: facilitators.id, email: facilitators.email, userId: facilitators.userId })
      .from(facilitators)
      .where(eq(facilitators.mobile, mobile)),
  ]);
  return {
    registrationIds: entries.map((row) => row.id),
    waitlistIds: waiting.map((row) => row.id),
    menIds: manRows.map((row) => row.id),
    facilitatorIds: facilitatorRows.map((row) => row.id),
    emails: [...manRows, ...facilitatorRows].map((row) => row.email),
    accountIds: [...manRows, ...facilitatorRows].flatMap((row) => (row.userId ? [row.userId] : [])),
  };
}

export async function deleteMailsTo(db: Database, emails: string[]) {
  const addresses = emails.map((email) => email.toLowerCase()).filter((email) => email !== '');
  if (addresses.length === 0) return 0;
  const gone = await db
    .delete(mailOutbox)
    .where(inArray(sql`lower(${mailOutbox.to})`, addresses))
    .returning({ id: mailOutbox.id });
  return gone.length;
}

export async function findPerson(db: Database, kind: 'man' | 'facilitator', id: string) {
  const table = kind === 'man' ? men : facilitators;
  const [row] = await db
    .select({ id: table.id, email: table.email, userId: table.userId })
    .from(table)
    .where(eq(table.id, id));
  return row;
}

export async function deleteFacilitators(db: Database, ids: string[]) {
  if (ids.length === 0) return 0;
  const gone = await db
    .delete(facilitators)
    .where(inArray(facilitators.id, ids))
    .returning({ id: facilitators.id });
  return gone.length;
}

/** The programme records an account holds: linked to it, or under its email once that is proven (verified). */
export async function programmeRecordsOf(db: Database, accountId: string, provenEmail: string) {
  const address = provenEmail.toLowerCase();
  const underEmail = (column: AnyPgColumn) =>
    address === '' ? sql`false` : sql`lower(${column}) = ${address}`;
  const [manRows, facilitatorRows] = await Promise.all([
    db
      .select({ id: men.id })
      .from(men)
      .where(or(eq(men.userId, accountId), underEmail(men.email))),
    db
      .select({ id: facilitators.id })
      .from(facilitators)
      .where(or(eq(facilitators.userId, accountId), underEmail(facilitators.email))),
  ]);
  return { menIds: manRows.map((row) => row.id), facilitatorIds: facilitatorRows.map((row) => row.id) };
}

export async function findAccount(db: Database, id: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, id));
  return row;
}

export async function endSessions(db: Database, userId: string) {
  await db.delete(session).where(eq(session.userId, userId));
}

/**
 * Deletes the account: its sessions, sign-in and change history go by cascade; the entries a company
 * account made stay (they are the entrants'), no longer tied to it; pending verification mails' tokens go.
 */
export async function deleteAccount(db: Database, id: string) {
  const account = await findAccount(db, id);
  if (!account) return 0;
  await db
    .update(registrations)
    .set({ companyAccountId: null })
    .where(eq(registrations.companyAccountId, id));
  await db
    .delete(verification)
    .where(sql`lower(${verification.identifier}) = ${account.email.toLowerCase()}`);
  const gone = await db.delete(user).where(eq(user.id, id)).returning({ id: user.id });
  return gone.length;
}

export async function insertRequest(db: Database, values: NewRequest) {
  const [row] = await db.insert(erasureRequests).values(values).returning();
  if (!row) throw new Error('erasure request not stored');
  return row;
}

export async function findRequest(db: Database, id: string) {
  const [row] = await db.select().from(erasureRequests).where(eq(erasureRequests.id, id)).for('update');
  return row;
}

export async function pendingRequestFor(
  db: Database,
  subjectType: NewRequest['subjectType'],
  subjectId: string,
) {
  const [row] = await db
    .select()
    .from(erasureRequests)
    .where(
      and(
        eq(erasureRequests.subjectType, subjectType),
        eq(erasureRequests.subjectId, subjectId),
        eq(erasureRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return row;
}

/** Decides every pending request about this subject (and the one named), as done or declined. */
export async function decideRequests(
  db: Database,
  subject: { subjectType: NewRequest['subjectType']; subjectId: string },
  decision: Pick<ErasureRequestRow, 'status' | 'decidedAt' | 'decidedBy' | 'decidedByName'> & {
    subjectLabel?: string;
  },
) {
  await db
    .update(erasureRequests)
    .set({
      ...decision,
      // A number is kept only while its request waits: once decided, the request names itself.
      ...(subject.subjectType === 'mobile' ? { subjectId: sql`${erasureRequests.id}::text` } : {}),
    })
    .where(
      and(
        eq(erasureRequests.subjectType, subject.subjectType),
        eq(erasureRequests.subjectId, subject.subjectId),
        eq(erasureRequests.status, 'pending'),
      ),
    );
}

export async function listPendingRequests(db: Database) {
  return db
    .select()
    .from(erasureRequests)
    .where(eq(erasureRequests.status, 'pending'))
    .orderBy(asc(erasureRequests.requestedAt));
}

export async function countPendingRequests(db: Database) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(erasureRequests)
    .where(eq(erasureRequests.status, 'pending'));
  return Number(row?.count ?? 0);
}

/** The records a reach names, as the admin confirming an erasure sees them. */
export async function recordsOf(
  db: Database,
  reach: {
    registrationIds: string[];
    waitlistIds: string[];
    menIds: string[];
    facilitatorIds: string[];
    accountId: string | null;
  },
) {
  const among = (column: AnyPgColumn, ids: string[]) =>
    ids.length === 0 ? sql`false` : inArray(column, ids);
  const [entries, waitlist, manRows, facilitatorRows, accounts] = await Promise.all([
    db
      .select({
        reference: registrations.reference,
        firstName: registrations.firstName,
        lastName: registrations.lastName,
        emailChangedAt: registrations.emailChangedAt,
      })
      .from(registrations)
      .where(among(registrations.id, reach.registrationIds))
      .orderBy(asc(registrations.reference)),
    db
      .select({
        reference: waitlistEntries.reference,
        firstName: waitlistEntries.firstName,
        lastName: waitlistEntries.lastName,
      })
      .from(waitlistEntries)
      .where(among(waitlistEntries.id, reach.waitlistIds)),
    db
      .select({ id: men.id, firstName: men.firstName, lastName: men.lastName })
      .from(men)
      .where(among(men.id, reach.menIds)),
    db
      .select({ id: facilitators.id, firstName: facilitators.firstName, lastName: facilitators.lastName })
      .from(facilitators)
      .where(among(facilitators.id, reach.facilitatorIds)),
    db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(among(user.id, reach.accountId ? [reach.accountId] : [])),
  ]);
  return {
    entries,
    waitlist,
    people: [
      ...manRows.map((row) => ({ ...row, kind: 'man' as const })),
      ...facilitatorRows.map((row) => ({ ...row, kind: 'facilitator' as const })),
    ],
    accounts,
  };
}
