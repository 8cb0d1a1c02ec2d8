import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { StatementAccount, StatementOutcome } from '../../../shared/statements/statements.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { groupCode } from '../../db/group-code.ts';
import {
  raceOptions,
  registrations,
  statementImports,
  statementLines,
  statementMappings,
} from '../../db/schema/index.ts';
import { teamCode } from '../../db/team-code.ts';
import { activeEntryIn, activeInEvent, paymentAgainstFee } from '../registrations/queries.ts';

export type NewStatementLine = Omit<typeof statementLines.$inferInsert, 'id' | 'importId' | 'eventId'>;

export async function findMapping(db: Database, account: StatementAccount) {
  const [row] = await db.select().from(statementMappings).where(eq(statementMappings.account, account));
  return row?.mapping;
}

export async function saveMapping(
  tx: Transaction,
  account: StatementAccount,
  mapping: Record<string, string>,
) {
  await tx
    .insert(statementMappings)
    .values({ account, mapping })
    .onConflictDoUpdate({ target: statementMappings.account, set: { mapping, updatedAt: sql`now()` } });
}

export async function insertImport(tx: Database | Transaction, values: typeof statementImports.$inferInsert) {
  const [row] = await tx.insert(statementImports).values(values).returning({ id: statementImports.id });
  if (!row) throw new Error('statement import not stored');
  return row.id;
}

export const deleteImport = (tx: Database | Transaction, id: string) =>
  tx.delete(statementImports).where(eq(statementImports.id, id));

/** Makes an import's stored lines its review: listed, reviewed and confirmable from now on. */
export const finishImport = (tx: Transaction, id: string) =>
  tx.update(statementImports).set({ staging: false }).where(eq(statementImports.id, id));

/** Deletes up to `limit` of an import's lines; answers how many it deleted. */
export async function deleteSomeLines(db: Database, importId: string, limit: number) {
  const some = db
    .select({ id: statementLines.id })
    .from(statementLines)
    .where(eq(statementLines.importId, importId))
    .limit(limit);
  const rows = await db
    .delete(statementLines)
    .where(inArray(statementLines.id, some))
    .returning({ id: statementLines.id });
  return rows.length;
}

/** The event's imports still staging since before `before`: a server stopped while it stored them. */
export const abandonedImports = async (db: Database, eventId: string, before: Date) =>
  (
    await db
      .select({ id: statementImports.id })
      .from(statementImports)
      .where(
        and(
          eq(statementImports.eventId, eventId),
          eq(statementImports.staging, true),
          lt(statementImports.uploadedAt, before),
        ),
      )
  ).map((row) => row.id);

/** Stores the lines not stored before for the event (by their key); answers how many were new. */
export async function insertNewLines(
  tx: Transaction,
  importId: string,
  eventId: string,
  lines: NewStatementLine[],
) {
  let stored = 0;
  // Batches keep each statement's parameters well under PostgreSQL's limit of 65,535.
  for (let at = 0; at < lines.length; at += 500) {
    const batch = lines.slice(at, at + 500).map((line) => ({ ...line, importId, eventId }));
    const rows = await tx
      .insert(statementLines)
      .values(batch)
      .onConflictDoNothing({ target: [statementLines.eventId, statementLines.lineKey] })
      .returning({ id: statementLines.id });
    stored += rows.length;
  }
  return stored;
}

const entryColumns = {
  id: registrations.id,
  reference: registrations.reference,
  firstName: registrations.firstName,
  lastName: registrations.lastName,
  status: registrations.status,
  ...paymentAgainstFee,
  race: raceOptions.label,
};

const entriesWhere = (where: SQL | undefined) => (db: Database | Transaction) =>
  db
    .select({ ...entryColumns, teamCode })
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(where)
    .orderBy(asc(registrations.reference));

export type StatementEntryRow = Awaited<ReturnType<ReturnType<typeof entriesWhere>>>[number];

/** The event's entries with these references. */
export const entriesWithReferences = (db: Database | Transaction, eventId: string, references: string[]) =>
  references.length === 0
    ? Promise.resolve([])
    : entriesWhere(and(eq(registrations.eventId, eventId), inArray(registrations.reference, references)))(db);

/** The event's active team entries of these teams (by team code). */
export const teamEntries = (db: Database | Transaction, eventId: string, codes: string[]) =>
  codes.length === 0
    ? Promise.resolve([])
    : entriesWhere(
        and(activeInEvent(eventId), isNotNull(registrations.companyAccountId), inArray(teamCode, codes)),
      )(db);

/** The event's active entries of these groups (by group code), each group's in form order. */
export const groupEntries = (db: Database | Transaction, eventId: string, codes: string[]) =>
  codes.length === 0
    ? Promise.resolve([])
    : db
        .select({ ...entryColumns, groupCode })
        .from(registrations)
        .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
        .where(and(activeInEvent(eventId), inArray(groupCode, codes)))
        .orderBy(sql`length(${registrations.reference})`, asc(registrations.reference));

/** The event's active entries registered with these mobiles (E.164), each number's in reference order. */
export const entriesWithMobiles = (db: Database | Transaction, eventId: string, mobiles: string[]) =>
  mobiles.length === 0
    ? Promise.resolve([])
    : db
        .select({ ...entryColumns, mobile: registrations.mobile })
        .from(registrations)
        .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
        .where(and(activeInEvent(eventId), inArray(registrations.mobile, mobiles)))
        .orderBy(asc(registrations.reference));

/** The event's entries among these ids (those the admin assigns a line to). */
export const eventEntryIds = async (db: Database | Transaction, eventId: string, ids: string[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: registrations.id })
          .from(registrations)
          .where(and(eq(registrations.eventId, eventId), inArray(registrations.id, ids)))
      ).map((row) => row.id);

export const entriesWithIds = (db: Database | Transaction, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : entriesWhere(inArray(registrations.id, ids))(db);

export async function findImport(db: Database | Transaction, eventId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(statementImports)
    .where(
      and(
        eq(statementImports.id, id),
        eq(statementImports.eventId, eventId),
        eq(statementImports.staging, false),
      ),
    );
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Up to `limit` of an import's lines after the line `afterId`, in the file's order. */
export const linesAfter = (db: Database | Transaction, importId: string, afterId: number, limit: number) =>
  db
    .select()
    .from(statementLines)
    .where(and(eq(statementLines.importId, importId), gt(statementLines.id, afterId)))
    .orderBy(asc(statementLines.id))
    .limit(limit);

export type StatementLineRow = Awaited<ReturnType<typeof linesAfter>>[number];

/** Which of these lines are applied already. */
export const appliedLineIds = async (tx: Transaction, ids: number[]) =>
  new Set(
    ids.length === 0
      ? []
      : (
          await tx
            .select({ id: statementLines.id })
            .from(statementLines)
            .where(and(inArray(statementLines.id, ids), isNotNull(statementLines.appliedAt)))
        ).map((row) => row.id),
  );

/** The entries a line names: those an ambiguous or a team's line lists, else the one it pays. */
const namedEntries = sql`(select (jsonb_array_elements_text(coalesce(${statementLines.candidates}, jsonb_build_array(${statementLines.registrationId}))))::uuid)`;
const namedCount = sql<number>`(select count(*) from registrations r where r.id in ${namedEntries})::int`;
/** Not "paid already": the line names an active entry still unpaid, or no entry at all (any more). */
const notAlreadyPaid = sql`(exists (select 1 from registrations r where r.id in ${namedEntries} and ${sql.raw(activeEntryIn('r'))} and r.payment_status = 'unpaid') or ${namedCount} = 0)`;
/** A matched line with nothing left to do: applied, or naming only entries paid, waived or cancelled. */
const matchedClosed = sql<boolean>`(${statementLines.appliedAt} is not null or not ${notAlreadyPaid})`;

/** How many lines of each outcome an import holds. */
export const outcomeCounts = (db: Database, importId: string) =>
  db
    .select({ outcome: statementLines.outcome, lines: sql<number>`count(*)::int` })
    .from(statementLines)
    .where(eq(statementLines.importId, importId))
    .groupBy(statementLines.outcome);

/**
 * An import's matched lines not applied: the entries those still to act on name, and how many name only
 * entries paid before.
 */
export async function openMatched(db: Database, importId: string) {
  const [row] = await db
    .select({
      toMark: sql<number>`coalesce(sum(${namedCount}) filter (where ${notAlreadyPaid}), 0)::int`,
      alreadyPaid: sql<number>`(count(*) filter (where not ${notAlreadyPaid}))::int`,
    })
    .from(statementLines)
    .where(
      and(
        eq(statementLines.importId, importId),
        eq(statementLines.outcome, 'matched'),
        isNull(statementLines.appliedAt),
      ),
    );
  return row ?? { toMark: 0, alreadyPaid: 0 };
}

/** A page of an import's lines of one outcome, in the file's order; matched ones still to act on first. */
export const linesPage = (
  db: Database,
  importId: string,
  outcome: StatementOutcome,
  page: { offset: number; limit: number },
) =>
  db
    .select()
    .from(statementLines)
    .where(and(eq(statementLines.importId, importId), eq(statementLines.outcome, outcome)))
    .orderBy(...(outcome === 'matched' ? [matchedClosed] : []), asc(statementLines.id))
    .offset(page.offset)
    .limit(page.limit);

/** Marks a line applied (and, for a line the admin chose an entry for, which one). */
export async function markLineApplied(tx: Transaction, id: number, registrationId: string | null) {
  await tx
    .update(statementLines)
    .set({ appliedAt: sql`now()`, ...(registrationId ? { registrationId } : {}) })
    .where(and(eq(statementLines.id, id), isNull(statementLines.appliedAt)));
}

/** Marks a line applied to the entries the admin assigned it to. */
export async function markLineAssigned(tx: Transaction, id: number, entries: string[]) {
  await tx
    .update(statementLines)
    .set({ appliedAt: sql`now()`, candidates: entries, registrationId: null, matchedBy: 'hand' })
    .where(and(eq(statementLines.id, id), isNull(statementLines.appliedAt)));
}

export async function markImportConfirmed(tx: Transaction, id: string) {
  await tx.update(statementImports).set({ confirmedAt: sql`now()` }).where(eq(statementImports.id, id));
}

/** The event's latest imports, newest first, with how many lines each stored and matched. */
export const recentImports = (db: Database, eventId: string, limit: number) =>
  db
    .select({
      id: statementImports.id,
      account: statementImports.account,
      fileName: statementImports.fileName,
      uploadedAt: statementImports.uploadedAt,
      uploadedBy: statementImports.uploadedByName,
      confirmedAt: statementImports.confirmedAt,
      lines: sql<number>`count(${statementLines.id})::int`,
      matched: sql<number>`(count(*) filter (where ${statementLines.outcome} = 'matched'))::int`,
    })
    .from(statementImports)
    .leftJoin(statementLines, eq(statementLines.importId, statementImports.id))
    .where(and(eq(statementImports.eventId, eventId), eq(statementImports.staging, false)))
    .groupBy(statementImports.id)
    .orderBy(desc(statementImports.uploadedAt))
    .limit(limit);
