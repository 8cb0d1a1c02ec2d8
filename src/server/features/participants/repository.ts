import { and, asc, between, count, desc, eq, gte, isNull, like, lte, or, type SQL, sql } from 'drizzle-orm';
import { BIB_MAX, type BibOrder } from '../../../shared/participants/bibs.ts';
import type {
  ParticipantColumn,
  ParticipantFilter,
  ParticipantListQuery,
} from '../../../shared/participants/participants.ts';
import { GROUP_REFERENCE } from '../../../shared/registrations/group.ts';
import { TEAM_REFERENCE } from '../../../shared/registrations/team.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { groupCode, groupReferenceOf } from '../../db/group-code.ts';
import { ofEntrysGroupOrTeam, paysEntry, underWay } from '../../db/online-payment-under-way.ts';
import {
  bibBlocks,
  entryTransfers,
  onlinePayments,
  raceOptions,
  registrationHistory,
  registrations,
  user,
} from '../../db/schema/index.ts';
import { escapeLike, phoneDigitsTyped } from '../../db/search-terms.ts';
import { teamCode } from '../../db/team-code.ts';
import { activeEntry, activeEntryIn, paymentAgainstFee } from '../registrations/queries.ts';

/** A row of the list: what its table shows (no next of kin, no guardian; an opened entry has those). */
export const participantColumns = {
  id: registrations.id,
  reference: registrations.reference,
  discipline: registrations.discipline,
  firstName: registrations.firstName,
  lastName: registrations.lastName,
  email: registrations.email,
  mobile: registrations.mobile,
  age: registrations.age,
  gender: registrations.gender,
  raceType: raceOptions.label,
  tshirtSize: registrations.tshirtSize,
  ...paymentAgainstFee,
  bib: registrations.bib,
  createdAt: registrations.createdAt,
  group: groupReferenceOf,
};

const SORT_EXPRESSIONS: Record<
  ParticipantColumn,
  SQL | typeof registrations.age | typeof registrations.createdAt
> = {
  firstName: sql`lower(${registrations.firstName})`,
  lastName: sql`lower(${registrations.lastName})`,
  email: sql`lower(${registrations.email})`,
  mobile: sql`${registrations.mobile}`,
  age: registrations.age,
  // Never null, so that the exports can page by it; 'Unknown' keeps a missing gender after the others.
  gender: sql`coalesce(${registrations.gender}, 'Unknown')`,
  raceType: sql`${raceOptions.sortOrder}`,
  discipline: sql`${registrations.discipline}`,
  tshirtSize: sql`${registrations.tshirtSize}`,
  paymentStatus: sql`${registrations.paymentStatus}`,
  reference: sql`${registrations.reference}`,
  // Never null, so that the exports can page by it; entries without a bib come after the highest.
  bib: sql`coalesce(${registrations.bib}, ${BIB_MAX + 1})`,
  createdAt: registrations.createdAt,
};

/** The WHERE of the list and the exports: active entries of the event matching every filter. */
export function participantFilter(eventId: string, filter: ParticipantFilter): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(registrations.eventId, eventId),
    activeEntry,
    filter.discipline ? eq(registrations.discipline, filter.discipline) : undefined,
    // A subquery rather than a join, so the list needs race_options only to sort by race.
    filter.race
      ? sql`${registrations.raceOptionId} in (select ${raceOptions.id} from ${raceOptions}
          where ${raceOptions.eventId} = ${eventId} and ${raceOptions.label} = ${filter.race})`
      : undefined,
    filter.payment ? eq(registrations.paymentStatus, filter.payment) : undefined,
    filter.gender === 'unknown'
      ? isNull(registrations.gender)
      : filter.gender
        ? eq(registrations.gender, filter.gender)
        : undefined,
    filter.tshirt ? eq(registrations.tshirtSize, filter.tshirt) : undefined,
  ];
  const q = filter.q?.trim();
  const team = q ? TEAM_REFERENCE.exec(q) : null;
  const group = q ? GROUP_REFERENCE.exec(q) : null;
  if (team) {
    // A team reference (CFR26-T3F9A2C) finds the team's entries, to be marked paid together.
    conditions.push(sql`${teamCode} = ${team[2]?.toUpperCase()}`);
  } else if (group) {
    // So does a group form's (CFR26-G3F9A2C).
    conditions.push(sql`${groupCode} = ${group[2]?.toUpperCase()}`);
  } else if (q) {
    const digits = phoneDigitsTyped(q);
    conditions.push(
      or(
        // Lower-cased by PostgreSQL, as search_text was, so both sides fold case the same way.
        like(registrations.searchText, sql`lower(${`%${escapeLike(q)}%`})`),
        digits ? like(registrations.mobile, `%${digits}%`) : undefined,
      ),
    );
  }
  return and(...conditions) as SQL;
}

export function participantOrder(sort: ParticipantColumn = 'createdAt', dir: 'asc' | 'desc' = 'desc') {
  const direction = dir === 'asc' ? asc : desc;
  // The reference breaks ties, so paging never shows a row twice or skips one.
  return [direction(SORT_EXPRESSIONS[sort]), direction(registrations.reference)];
}

export async function listParticipants(db: Database, eventId: string, query: ParticipantListQuery) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 25;
  const order = participantOrder(query.sort, query.dir);
  // Sort and skip over narrow rows (ids), then fetch the page's full rows: the sort stays small and in memory.
  const matching = db.select({ id: registrations.id }).from(registrations).$dynamic();
  if (query.sort === 'raceType')
    matching.innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId));
  const pageIds = matching
    .where(participantFilter(eventId, query))
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as('page_ids');
  const [rows, total] = await Promise.all([
    db
      .select(participantColumns)
      .from(pageIds)
      .innerJoin(registrations, eq(registrations.id, pageIds.id))
      .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
      .orderBy(...order),
    countParticipants(db, eventId, query),
  ]);
  return { rows, total, page, pageSize };
}

/** How many entries match the filters. */
export async function countParticipants(db: Database, eventId: string, filter: ParticipantFilter) {
  const [row] = await db
    .select({ total: count() })
    .from(registrations)
    .where(participantFilter(eventId, filter));
  return Number(row?.total ?? 0);
}

/** What an opened entry and an export show besides the list's columns: whom to call. */
const contactColumns = {
  nextOfKinMobile: registrations.nextOfKinMobile,
  guardianName: registrations.guardianName,
  guardianMobile: registrations.guardianMobile,
  guardianConsentedAt: registrations.guardianConsentedAt,
};

/** Everything an export shows: the list's columns, whom to call, and how each entry was paid. */
export const exportColumns = {
  ...participantColumns,
  ...contactColumns,
  paymentMethod: registrations.paymentMethod,
  paymentAmount: registrations.paymentAmount,
  paymentCurrency: registrations.paymentCurrency,
  payerReference: registrations.payerReference,
  paidOn: registrations.paidOn,
};
export type ExportRow = Awaited<ReturnType<typeof listParticipants>>['rows'][number] & {
  nextOfKinMobile: string;
  guardianName: string | null;
  guardianMobile: string | null;
  guardianConsentedAt: Date | null;
  paymentMethod: string | null;
  paymentAmount: string | null;
  paymentCurrency: string | null;
  payerReference: string | null;
  paidOn: string | null;
};

/**
 * Where a batch starts: after the last row of the one before in the sort (both keys in the same direction).
 * The key travels as text and PostgreSQL reads it back as its own type, so a timestamp keeps its microseconds.
 */
function keysetAfter(
  sort: ParticipantColumn,
  dir: 'asc' | 'desc',
  last: { sortKey: string; reference: string },
) {
  const beyond = dir === 'asc' ? sql`>` : sql`<`;
  return sql`(${SORT_EXPRESSIONS[sort]}, ${registrations.reference}) ${beyond} (${last.sortKey}, ${last.reference})`;
}

/**
 * Rows for an export in the list's order, in batches. Each batch starts where the last one ended (keyset
 * paging), so PostgreSQL keeps only a batch's rows in its sort instead of sorting the whole list every time.
 * Each batch still reads the whole filtered list, so a few large batches cost less than many small ones.
 */
export async function* participantBatches(
  db: Database,
  eventId: string,
  query: ParticipantListQuery,
  batchSize = 5000,
) {
  const sort = query.sort ?? 'lastName';
  const dir = query.dir ?? 'asc';
  const where = participantFilter(eventId, query);
  let last: { sortKey: string; reference: string } | undefined;
  for (;;) {
    const rows: (ExportRow & { sortKey: string })[] = await db
      .select({ ...exportColumns, sortKey: sql<string>`(${SORT_EXPRESSIONS[sort]})::text` })
      .from(registrations)
      .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
      .where(last ? and(where, keysetAfter(sort, dir, last)) : where)
      .orderBy(...participantOrder(sort, dir))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    last = rows[rows.length - 1];
  }
}

const raceWithBibRange = {
  id: raceOptions.id,
  discipline: raceOptions.discipline,
  label: raceOptions.label,
  bibFrom: raceOptions.bibFrom,
  bibTo: raceOptions.bibTo,
};

/** A race of the event with its bib range, or undefined for another event's race or none. */
export async function findRaceOfEvent(
  db: Database | Transaction,
  eventId: string,
  raceId: string,
  { lock = false } = {},
) {
  const query = db
    .select(raceWithBibRange)
    .from(raceOptions)
    .where(and(eq(raceOptions.id, raceId), eq(raceOptions.eventId, eventId)));
  const [race] = lock ? await query.for('update') : await query;
  return race;
}

const inRace = (raceId: string) => and(eq(registrations.raceOptionId, raceId), activeEntry) as SQL;

/** How many entries of a race are not cancelled. */
export async function countInRace(db: Database, raceId: string) {
  const [row] = await db.select({ total: count() }).from(registrations).where(inRace(raceId));
  return Number(row?.total ?? 0);
}

const surnameKey = sql<string>`lower(${registrations.lastName})`;
const firstNameKey = sql<string>`lower(${registrations.firstName})`;

/**
 * A race's entries that are not cancelled, by surname, then first name, in batches: each starts after the
 * last row of the one before (keyset paging), as the exports do.
 */
export async function* startListBatches(db: Database, raceId: string, batchSize = 5000) {
  let last: { surnameKey: string; firstNameKey: string; reference: string } | undefined;
  for (;;) {
    const rows = await db
      .select({
        reference: registrations.reference,
        bib: registrations.bib,
        firstName: registrations.firstName,
        lastName: registrations.lastName,
        gender: registrations.gender,
        age: registrations.age,
        tshirtSize: registrations.tshirtSize,
        paymentStatus: registrations.paymentStatus,
        surnameKey,
        firstNameKey,
      })
      .from(registrations)
      .where(
        last
          ? and(
              inRace(raceId),
              sql`(${surnameKey}, ${firstNameKey}, ${registrations.reference})
                > (${last.surnameKey}, ${last.firstNameKey}, ${last.reference})`,
            )
          : inRace(raceId),
      )
      .orderBy(asc(surnameKey), asc(firstNameKey), asc(registrations.reference))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    last = rows[rows.length - 1];
  }
}
type BatchOf<T> = T extends AsyncGenerator<(infer R)[]> ? R : never;
export type StartListRow = BatchOf<ReturnType<typeof startListBatches>>;

/** An entry of this event, or (eventId null) of any edition. */
export async function findParticipant(db: Database | Transaction, eventId: string | null, id: string) {
  const [row] = await db
    .select({
      ...participantColumns,
      ...contactColumns,
      eventId: registrations.eventId,
      status: registrations.status,
      raceOptionId: registrations.raceOptionId,
      method: registrations.paymentMethod,
      amount: registrations.paymentAmount,
      currency: registrations.paymentCurrency,
      payerReference: registrations.payerReference,
      paidOn: registrations.paidOn,
      waiverReason: registrations.waiverReason,
      listedInSearch: registrations.listedInSearch,
      showInResults: registrations.showInResults,
      notifyBy: registrations.notifyBy,
      companyAccountId: registrations.companyAccountId,
      bibFrom: raceOptions.bibFrom,
      bibTo: raceOptions.bibTo,
    })
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(and(eq(registrations.id, id), eventId === null ? undefined : eq(registrations.eventId, eventId)));
  return row;
}

export async function updateEntry(
  tx: Transaction,
  id: string,
  change: Partial<Omit<typeof registrations.$inferInsert, 'id'>>,
) {
  await tx.update(registrations).set(change).where(eq(registrations.id, id));
}

export async function historyOf(db: Database, registrationId: string) {
  return db
    .select({
      at: registrationHistory.at,
      action: registrationHistory.action,
      summary: registrationHistory.summary,
      by: sql<string | null>`coalesce(${user.name}, ${registrationHistory.actorName})`,
      actorId: user.id,
      actorRole: user.role,
      actorEmail: user.email,
    })
    .from(registrationHistory)
    .leftJoin(user, eq(user.id, registrationHistory.actorId))
    .where(eq(registrationHistory.registrationId, registrationId))
    .orderBy(desc(registrationHistory.at), desc(registrationHistory.id));
}

type HistoryNote = {
  registrationId: string;
  action: 'edited' | 'payment' | 'cancelled' | 'check-in' | 'transferred' | 'result';
  summary: string;
};

/** `id` is null for someone without an account (the entrant, by the private link). */
export const addHistory = (tx: Transaction, entry: HistoryNote, actor: { id: string | null; name: string }) =>
  addHistoryNotes(tx, [entry], actor);

/** Notes in the history of several entries at once, all by the same admin. */
export async function addHistoryNotes(
  tx: Transaction,
  entries: HistoryNote[],
  actor: { id: string | null; name: string },
) {
  if (entries.length === 0) return;
  await tx
    .insert(registrationHistory)
    .values(entries.map((entry) => ({ ...entry, actorId: actor.id, actorName: actor.name })));
}

/** Locks the entry's row until the transaction ends: an online payment starting meanwhile waits (payments/). */
export async function lockEntry(tx: Transaction, id: string) {
  await tx.select({ id: registrations.id }).from(registrations).where(eq(registrations.id, id)).for('update');
}

/**
 * Whether an online payment of the entry, or of its group's or team's total, is under way (see
 * db/online-payment-under-way.ts); `groupOnly`: of its group's or team's total only.
 */
export async function onlinePaymentUnderWay(tx: Transaction, id: string, { groupOnly = false } = {}) {
  const [row] = await tx
    .select({ id: onlinePayments.id })
    .from(onlinePayments)
    .where(and(groupOnly ? ofEntrysGroupOrTeam(id) : paysEntry(id), underWay))
    .limit(1);
  return row !== undefined;
}

/**
 * A race of the event with its bib range, locked until the transaction ends: whoever assigns or sets bibs
 * of this race meanwhile waits, and then sees the numbers given here.
 */
export const lockRaceBibs = (tx: Transaction, eventId: string, raceId: string) =>
  findRaceOfEvent(tx, eventId, raceId, { lock: true });

const BIB_ORDER_KEYS: Record<BibOrder, SQL[]> = {
  surname: [
    sql`lower(${registrations.lastName})`,
    sql`lower(${registrations.firstName})`,
    sql`${registrations.reference}`,
  ],
  registration: [sql`${registrations.createdAt}`, sql`${registrations.reference}`],
};

/** A race's entries that are not cancelled and have no bib, in the order they get one (the first `limit`). */
export async function entriesWithoutBib(tx: Transaction, raceId: string, order: BibOrder, limit?: number) {
  const query = tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(inRace(raceId), isNull(registrations.bib)))
    .orderBy(...BIB_ORDER_KEYS[order].map((key) => asc(key)));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((row) => row.id);
}

/** How many of a race's entries are not cancelled and have no bib. */
export const countWithoutBib = (tx: Transaction, raceId: string) =>
  tx.$count(registrations, and(inRace(raceId), isNull(registrations.bib)));

/** The bibs between `from` and `to` that an entry of the event holds, cancelled ones too. */
export async function bibsTakenBetween(
  tx: Database | Transaction,
  eventId: string,
  from: number,
  to: number,
) {
  const rows = await tx
    .select({ bib: registrations.bib })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), between(registrations.bib, from, to)));
  return new Set(rows.map((row) => row.bib as number));
}

/**
 * The numbers between `from` and `to` that a prepared phone keeps for its walk-ups (its unreleased bib
 * blocks, issue 37): the admin's assignment leaves them to the phone.
 */
export async function bibsReservedBetween(
  tx: Database | Transaction,
  eventId: string,
  from: number,
  to: number,
) {
  const blocks = await tx
    .select({ from: bibBlocks.bibFrom, to: bibBlocks.bibTo })
    .from(bibBlocks)
    .where(
      and(
        eq(bibBlocks.eventId, eventId),
        isNull(bibBlocks.releasedAt),
        lte(bibBlocks.bibFrom, to),
        gte(bibBlocks.bibTo, from),
      ),
    );
  const reserved = new Set<number>();
  for (const block of blocks) {
    for (let bib = Math.max(block.from, from); bib <= Math.min(block.to, to); bib++) reserved.add(bib);
  }
  return reserved;
}

/** Gives each entry its bib, a thousand entries a statement. */
export async function giveBibs(tx: Transaction, given: { id: string; bib: number }[]) {
  for (let start = 0; start < given.length; start += 1000) {
    const rows = sql.join(
      given.slice(start, start + 1000).map(({ id, bib }) => sql`(${id}::uuid, ${bib}::integer)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${registrations} set bib = given.bib from (values ${rows}) as given(id, bib)
        where ${registrations.id} = given.id`,
    );
  }
}

/** Each race of the event with its bib range and how many of its entries have a bib, and how many numbers are free. */
export async function raceBibCounts(db: Database, eventId: string) {
  return db
    .select({
      ...raceWithBibRange,
      active: sql<number>`(select count(*)::integer from ${registrations} as r
        where r.race_option_id = "race_options"."id" and ${sql.raw(activeEntryIn('r'))})`,
      withoutBib: sql<number>`(select count(*)::integer from ${registrations} as r
        where r.race_option_id = "race_options"."id" and ${sql.raw(activeEntryIn('r'))} and r.bib is null)`,
      takenInRange: sql<number>`(select count(*)::integer from ${registrations} as r
        where r.event_id = "race_options"."event_id"
          and r.bib between "race_options"."bib_from" and "race_options"."bib_to")`,
    })
    .from(raceOptions)
    .where(eq(raceOptions.eventId, eventId))
    .orderBy(raceOptions.discipline, raceOptions.sortOrder);
}

/** The ids of the event's entries matching the filters (active ones, as the list shows). */
export async function idsMatching(db: Database, eventId: string, filter: ParticipantFilter) {
  const rows = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(participantFilter(eventId, filter));
  return rows.map((row) => row.id);
}

/** Whether a link giving the entry to someone else is waiting (transfers/): the entry is not cancelled meanwhile. */
export async function transferWaiting(tx: Transaction, id: string) {
  const [row] = await tx
    .select({ id: entryTransfers.registrationId })
    .from(entryTransfers)
    .where(eq(entryTransfers.registrationId, id));
  return row !== undefined;
}

/** Drops the link giving the entry to someone else: an organiser cancelled the entry. */
export async function dropTransfer(tx: Transaction, id: string) {
  await tx.delete(entryTransfers).where(eq(entryTransfers.registrationId, id));
}
