import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { AGE_GROUPS } from '../../../shared/participants/age-groups.ts';
import type { Database } from '../../db/client.ts';
import {
  emailChanges,
  entryLinks,
  entryTransfers,
  erasureRequests,
  events,
  jobRuns,
  mailOutbox,
  men,
  mobileChanges,
  onlinePayments,
  payLinks,
  paymentNotices,
  registrationGroups,
  registrationHistory,
  registrations,
  smsOutbox,
  statementLines,
  submissions,
  waitlistEntries,
  walkUpClashes,
} from '../../db/schema/index.ts';

// --- The daily job's lease: one server at a time, once per Harare day.

export async function ensureJobRow(db: Database, name: string) {
  await db.insert(jobRuns).values({ name }).onConflictDoNothing();
}

/** Takes the job for `today` if nobody ran it today and no other server holds a live lease. */
export async function claimJob(db: Database, name: string, today: string, now: Date, until: Date) {
  const claimed = await db
    .update(jobRuns)
    .set({ leaseUntil: until })
    .where(
      and(
        eq(jobRuns.name, name),
        or(isNull(jobRuns.lastRunOn), lt(jobRuns.lastRunOn, today)),
        or(isNull(jobRuns.leaseUntil), lt(jobRuns.leaseUntil, now)),
      ),
    )
    .returning({ name: jobRuns.name });
  return claimed.length === 1;
}

export async function finishJob(db: Database, name: string, today: string, now: Date) {
  await db
    .update(jobRuns)
    .set({ lastRunOn: today, leaseUntil: null, lastFinishedAt: now })
    .where(eq(jobRuns.name, name));
}

export async function releaseJob(db: Database, name: string) {
  await db.update(jobRuns).set({ leaseUntil: null }).where(eq(jobRuns.name, name));
}

// --- What is due.

/** The Harare day after which an event's entries are anonymised (its day plus its retention days). */
const keptUntil = sql<string>`(${events.eventDate} + ${events.entryRetentionDays})`;

/** An event's settings changed this recently are left for the next day's run. */
export const SETTLING_MS = 24 * 3600_000;

/**
 * Entries and waitlist rows, not yet anonymised, of events whose retention ended before `today` (by id, so a
 * run cut short and the next go through them in the same order). An event
 * changed in the last day waits: a day of the event typed in the wrong year would otherwise empty every
 * entry within the hour, before anyone saw the dashboard's notice.
 */
export async function entriesDue(db: Database, today: string, now: Date) {
  const dueEvents = db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        isNotNull(events.eventDate),
        sql`${keptUntil} < ${today}::date`,
        lt(events.updatedAt, new Date(now.getTime() - SETTLING_MS)),
      ),
    );
  const [entries, waiting, eventRows] = await Promise.all([
    db
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(isNull(registrations.anonymisedAt), inArray(registrations.eventId, dueEvents)))
      .orderBy(registrations.id),
    db
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(isNull(waitlistEntries.anonymisedAt), inArray(waitlistEntries.eventId, dueEvents)))
      .orderBy(waitlistEntries.id),
    dueEvents,
  ]);
  return {
    registrationIds: entries.map((row) => row.id),
    waitlistIds: waiting.map((row) => row.id),
    eventIds: eventRows.map((row) => row.id),
  };
}

/**
 * Per event with entries not yet anonymised: the first Harare day its retention allows, when the event was
 * last changed (a run leaves it alone for a day after), and how many entries.
 */
export async function eventsWithKeptEntries(db: Database) {
  const day = sql<string>`to_char(${keptUntil} + 1, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ firstDay: day, changedAt: events.updatedAt, count: sql<number>`count(*)::int` })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(isNull(registrations.anonymisedAt), isNotNull(events.eventDate)))
    .groupBy(events.id, events.eventDate, events.entryRetentionDays, events.updatedAt);
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** The Harare day the job last ran (null: never). */
export async function lastRunOn(db: Database, name: string) {
  const [row] = await db.select({ lastRunOn: jobRuns.lastRunOn }).from(jobRuns).where(eq(jobRuns.name, name));
  return row?.lastRunOn ?? null;
}

/** Men who left or graduated longer ago (Harare days) than the current event's programme retention. */
export async function menDue(db: Database, today: string) {
  const rows = await db
    .select({ id: men.id })
    .from(men)
    .where(
      and(
        isNotNull(men.endedAt),
        sql`(${men.endedAt} at time zone 'Africa/Harare')::date + coalesce((select ${events.programmeRetentionDays} from ${events} where ${events.isCurrent} limit 1), 730) < ${today}::date`,
      ),
    );
  return rows.map((row) => row.id);
}

// --- Anonymising and deleting.

/** The first age of the age's group, so counts by age group stay what they were. */
const ageGroupStart = (age: typeof registrations.age | typeof waitlistEntries.age) =>
  sql.join(
    [
      sql`case`,
      ...[...AGE_GROUPS]
        .reverse()
        .map(
          (group) => sql`when ${age} >= ${sql.raw(String(group.from))} then ${sql.raw(String(group.from))}`,
        ),
      sql`else 0 end`,
    ],
    sql` `,
  );

/** What an entry and a waitlist place both hold of the person, emptied (NOT NULL texts become ''). */
const PERSON_EMPTIED = {
  firstName: '',
  lastName: '',
  email: '',
  mobile: '',
  nextOfKinMobile: '',
  guardianName: null,
  guardianMobile: null,
  guardianConsentedAt: null,
  idempotencyKey: null,
  requestDigest: null,
  listedInSearch: false,
} as const;

/**
 * Empties the personal fields of these entries and waitlist rows and deletes what served only the person
 * (private links, offer tokens, Paynow phone numbers and the messages kept about their payments, statement
 * lines' raw text, history texts that may name people, the mails to addresses no remaining entry uses);
 * keeps what statistics and the ledger need.
 * Rows already anonymised are left alone, so running it twice changes nothing.
 */
export async function anonymiseEntries(
  db: Database,
  { registrationIds, waitlistIds }: { registrationIds: string[]; waitlistIds: string[] },
  now: Date,
) {
  const emails = new Set<string>();
  let entries: string[] = [];
  let waiting: string[] = [];
  if (registrationIds.length > 0) {
    const rows = await db
      .select({ email: registrations.email })
      .from(registrations)
      .where(and(inArray(registrations.id, registrationIds), isNull(registrations.anonymisedAt)));
    for (const row of rows) if (row.email) emails.add(row.email.toLowerCase());
    const changed = await db
      .update(registrations)
      .set({
        ...PERSON_EMPTIED,
        age: sql`${ageGroupStart(registrations.age)}`,
        payerReference: null,
        waiverReason: null,
        confirmationResentAt: null,
        checkedInBy: null,
        tshirtCollectedBy: null,
        anonymisedAt: now,
      })
      .where(and(inArray(registrations.id, registrationIds), isNull(registrations.anonymisedAt)))
      .returning({ id: registrations.id });
    entries = changed.map((row) => row.id);
  }
  if (entries.length > 0) {
    // A new address waiting to be confirmed is the person's too.
    await db.delete(emailChanges).where(inArray(emailChanges.registrationId, entries));
    // So is a new number waiting for its code.
    await db.delete(mobileChanges).where(inArray(mobileChanges.registrationId, entries));
    // So is the address or number a place was being given to.
    await db.delete(entryTransfers).where(inArray(entryTransfers.registrationId, entries));
    await db
      .update(registrationHistory)
      .set({ summary: '' })
      .where(inArray(registrationHistory.registrationId, entries));
    await db.delete(entryLinks).where(inArray(entryLinks.registrationId, entries));
    // A pay link shows the entry's first name (a group's, every member's): it goes with the other links.
    await db.delete(payLinks).where(inArray(payLinks.registrationId, entries));
    await db.delete(payLinks).where(
      inArray(
        payLinks.groupId,
        db
          .select({ id: registrations.groupId })
          .from(registrations)
          .where(and(inArray(registrations.id, entries), isNotNull(registrations.groupId))),
      ),
    );
    // A group form's request digest (and its key) could confirm a guess at the person's details.
    await db
      .update(registrationGroups)
      .set({ idempotencyKey: null, requestDigest: null })
      .where(
        inArray(
          registrationGroups.id,
          db
            .select({ id: registrations.groupId })
            .from(registrations)
            .where(and(inArray(registrations.id, entries), isNotNull(registrations.groupId))),
        ),
      );
    // The texts about the entry hold its number and private links.
    await db.delete(smsOutbox).where(inArray(smsOutbox.registrationId, entries));
    // A walk-up kept apart because it clashed with the entry is the same person's form, contacts included.
    await db.delete(walkUpClashes).where(inArray(walkUpClashes.clashingRegistrationId, entries));
    await db
      .update(onlinePayments)
      .set({ phone: null, instructions: null })
      .where(inArray(onlinePayments.registrationId, entries));
    await db
      .update(paymentNotices)
      .set({ payload: {} })
      .where(
        inArray(
          paymentNotices.onlinePaymentId,
          db
            .select({ id: onlinePayments.id })
            .from(onlinePayments)
            .where(inArray(onlinePayments.registrationId, entries)),
        ),
      );
    await db
      .update(statementLines)
      .set({ narrative: '', payerPhone: null })
      .where(
        or(
          inArray(statementLines.registrationId, entries),
          // Lines paying several entries (a team's, one number's, assigned by hand) name them as candidates.
          sql`${statementLines.candidates} ?| array[${sql.join(
            entries.map((id) => sql`${id}`),
            sql`, `,
          )}]::text[]`,
        ),
      );
  }
  if (waitlistIds.length > 0) {
    const rows = await db
      .select({ email: waitlistEntries.email })
      .from(waitlistEntries)
      .where(and(inArray(waitlistEntries.id, waitlistIds), isNull(waitlistEntries.anonymisedAt)));
    for (const row of rows) if (row.email) emails.add(row.email.toLowerCase());
    const changed = await db
      .update(waitlistEntries)
      .set({
        ...PERSON_EMPTIED,
        age: sql`${ageGroupStart(waitlistEntries.age)}`,
        offerTokenDigest: null,
        anonymisedAt: now,
      })
      .where(and(inArray(waitlistEntries.id, waitlistIds), isNull(waitlistEntries.anonymisedAt)))
      .returning({ id: waitlistEntries.id });
    waiting = changed.map((row) => row.id);
    if (waiting.length > 0) await db.delete(smsOutbox).where(inArray(smsOutbox.waitlistId, waiting));
  }
  emails.delete('');
  const mails = await deleteMailsNoEntryNeeds(db, [...emails]);
  return { entries: entries.length, waitlist: waiting.length, mails };
}

/** Deletes the mails to these addresses unless an entry or waitlist row still uses the address. */
async function deleteMailsNoEntryNeeds(db: Database, emails: string[]) {
  if (emails.length === 0) return 0;
  const deleted = await db
    .delete(mailOutbox)
    .where(
      and(
        inArray(sql`lower(${mailOutbox.to})`, emails),
        sql`not exists (select 1 from ${registrations} where lower(${registrations.email}) = lower(${mailOutbox.to}) and ${registrations.anonymisedAt} is null)`,
        sql`not exists (select 1 from ${waitlistEntries} where lower(${waitlistEntries.email}) = lower(${mailOutbox.to}) and ${waitlistEntries.anonymisedAt} is null)`,
      ),
    )
    .returning({ id: mailOutbox.id });
  return deleted.length;
}

/**
 * Deletes these men with everything of theirs (attendance, session registrations, checklist ticks, cell
 * group membership go by cascade) and returns their uploads' storage keys, for the files to go after commit.
 * The rows are locked first, so an upload either lands before (and goes here) or fails its foreign key.
 */
export async function deleteMen(db: Database, ids: string[]) {
  if (ids.length === 0) return { men: 0, storageKeys: [] as string[] };
  await db.select({ id: men.id }).from(men).where(inArray(men.id, ids)).for('update');
  const files = await db
    .delete(submissions)
    .where(inArray(submissions.manId, ids))
    .returning({ storageKey: submissions.storageKey });
  const gone = await db.delete(men).where(inArray(men.id, ids)).returning({ id: men.id });
  return { men: gone.length, storageKeys: files.map((file) => file.storageKey) };
}

/** Erasure requests decided before `since` (they name no one; kept as long as the audit trail). */
export async function deleteErasureRequestsDecidedBefore(db: Database, since: Date) {
  const gone = await db
    .delete(erasureRequests)
    .where(lt(erasureRequests.decidedAt, since))
    .returning({ id: erasureRequests.id });
  return gone.length;
}
