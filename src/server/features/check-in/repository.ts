import { and, asc, count, eq, isNull, like, or, sql } from 'drizzle-orm';
import type { CheckInAction } from '../../../shared/check-in/check-in.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { checkInActions, raceOptions, registrations } from '../../db/schema/index.ts';
import { activeInEvent, paymentAgainstFee } from '../registrations/queries.ts';

/** What check-in reads of an entry: no email, mobile, next of kin or age. */
const entryColumns = {
  id: registrations.id,
  reference: registrations.reference,
  firstName: registrations.firstName,
  lastName: registrations.lastName,
  bib: registrations.bib,
  discipline: registrations.discipline,
  race: raceOptions.label,
  tshirtSize: registrations.tshirtSize,
  ...paymentAgainstFee,
  checkedInAt: registrations.checkedInAt,
  checkedInBy: registrations.checkedInBy,
  tshirtCollectedAt: registrations.tshirtCollectedAt,
  tshirtCollectedBy: registrations.tshirtCollectedBy,
  registeredAt: registrations.createdAt,
};
export type EntryRow = Awaited<ReturnType<typeof findEntry>>;

const entries = (db: Database | Transaction) =>
  db
    .select(entryColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId));

export async function findEntry(db: Database | Transaction, eventId: string, id: string) {
  const [row] = await entries(db).where(and(activeInEvent(eventId), eq(registrations.id, id)));
  return row;
}

export async function findEntryByCode(db: Database, eventId: string, code: string) {
  const [row] = await entries(db).where(and(activeInEvent(eventId), eq(registrations.checkInCode, code)));
  return row;
}

const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Active entries whose bib or check-in code the text is, and, with `partial`, whose name or reference contains
 * it.
 */
export async function searchEntries(
  db: Database,
  eventId: string,
  text: string,
  { limit, partial }: { limit: number; partial: boolean },
) {
  const lower = text.toLowerCase();
  const bib = /^\d{1,9}$/.test(text) ? Number(text) : null;
  return entries(db)
    .where(
      and(
        activeInEvent(eventId),
        or(
          partial ? like(registrations.nameText, likeEscaped(lower)) : undefined,
          partial ? like(sql`lower(${registrations.reference})`, likeEscaped(lower)) : undefined,
          bib === null ? undefined : eq(registrations.bib, bib),
          eq(registrations.checkInCode, lower),
        ),
      ),
    )
    .orderBy(asc(registrations.lastName), asc(registrations.firstName), asc(registrations.reference))
    .limit(limit);
}

/** Holds the entry until the transaction ends, so two taps on it are applied one after the other. */
export async function lockEntry(tx: Transaction, eventId: string, id: string) {
  const [row] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(activeInEvent(eventId), eq(registrations.id, id)))
    .for('update');
  return row;
}

export async function findAction(db: Database | Transaction, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(checkInActions)
    .where(eq(checkInActions.idempotencyKey, idempotencyKey));
  return row;
}

export async function insertAction(tx: Transaction, action: typeof checkInActions.$inferInsert) {
  await tx.insert(checkInActions).values(action);
}

type Done = { at: Date; by: string } | null;

export async function setCheckedIn(tx: Transaction, id: string, done: Done) {
  await tx
    .update(registrations)
    .set({ checkedInAt: done?.at ?? null, checkedInBy: done?.by ?? null })
    .where(eq(registrations.id, id));
}

export async function setTshirtCollected(tx: Transaction, id: string, done: Done) {
  await tx
    .update(registrations)
    .set({ tshirtCollectedAt: done?.at ?? null, tshirtCollectedBy: done?.by ?? null })
    .where(eq(registrations.id, id));
}

export async function actionsOf(db: Database, registrationId: string, action?: CheckInAction) {
  return db
    .select()
    .from(checkInActions)
    .where(
      and(
        eq(checkInActions.registrationId, registrationId),
        action ? eq(checkInActions.action, action) : undefined,
      ),
    )
    .orderBy(asc(checkInActions.id));
}

/** Per race and T-shirt size: active entries, how many are checked in, how many T-shirts are not collected. */
export async function countsBySize(db: Database, eventId: string) {
  return db
    .select({
      raceId: registrations.raceOptionId,
      size: registrations.tshirtSize,
      registered: count(),
      checkedIn: count(registrations.checkedInAt),
      tshirtsLeft: sql<number>`(count(*) filter (where ${isNull(registrations.tshirtCollectedAt)}))::int`,
    })
    .from(registrations)
    .where(activeInEvent(eventId))
    .groupBy(registrations.raceOptionId, registrations.tshirtSize);
}

export async function racesOf(db: Database, eventId: string) {
  return db
    .select({ id: raceOptions.id, discipline: raceOptions.discipline, label: raceOptions.label })
    .from(raceOptions)
    .where(eq(raceOptions.eventId, eventId))
    .orderBy(asc(raceOptions.discipline), asc(raceOptions.sortOrder), asc(raceOptions.label));
}
