import { and, desc, eq, inArray, isNotNull, isNull, lte, notExists, type SQL, sql } from 'drizzle-orm';
import type { Audience } from '../../../shared/messages/message.ts';
import type { Database, Transaction } from '../../db/client.ts';
import {
  entryLinks,
  events,
  mailOutbox,
  messageRecipients,
  messages,
  raceOptions,
  registrations,
  smsOutbox,
  user,
  waitlistEntries,
} from '../../db/schema/index.ts';
import { activeInEvent } from '../registrations/queries.ts';

export type MessageRow = typeof messages.$inferSelect;

/** What a message needs of each person it goes to. */
export interface Recipient {
  /** The entry's id, or the waitlist place's. */
  id: string;
  waiting: boolean;
  firstName: string;
  reference: string;
  race: string;
  startTime: string | null;
  bib: number | null;
  /** None where the entrant gave none: he is reached by text alone. */
  email: string | null;
  mobile: string;
  age: number;
  guardianMobile: string | null;
  notifyBy: 'sms' | 'email' | 'both';
  smsStopped: boolean;
  checkInCode: string | null;
}

const entrantColumns = {
  id: registrations.id,
  firstName: registrations.firstName,
  reference: registrations.reference,
  race: raceOptions.label,
  startTime: raceOptions.startTime,
  bib: registrations.bib,
  email: registrations.email,
  mobile: registrations.mobile,
  age: registrations.age,
  guardianMobile: registrations.guardianMobile,
  notifyBy: registrations.notifyBy,
  smsStopped: sql<boolean>`${registrations.smsRemindersStoppedAt} is not null`,
  checkInCode: registrations.checkInCode,
};

function entrantsWhere(eventId: string, audience: Audience): SQL {
  const conditions: (SQL | undefined)[] = [
    activeInEvent(eventId),
    isNull(registrations.anonymisedAt),
    audience.discipline ? eq(registrations.discipline, audience.discipline) : undefined,
    audience.race ? eq(raceOptions.label, audience.race) : undefined,
    audience.payment ? eq(registrations.paymentStatus, audience.payment) : undefined,
    audience.minor === 'yes' ? sql`${registrations.age} < 18` : undefined,
    audience.minor === 'no' ? sql`${registrations.age} >= 18` : undefined,
    audience.team === 'yes'
      ? isNotNull(registrations.companyAccountId)
      : audience.team === 'no'
        ? isNull(registrations.companyAccountId)
        : audience.team
          ? eq(registrations.companyAccountId, audience.team)
          : undefined,
    audience.checkedIn === 'yes' ? isNotNull(registrations.checkedInAt) : undefined,
    audience.checkedIn === 'no' ? isNull(registrations.checkedInAt) : undefined,
  ];
  return and(...conditions) as SQL;
}

/** Everyone the audience names, in the order of their references. */
export async function audienceOf(db: Database | Transaction, eventId: string, audience: Audience) {
  if (audience.people === 'waitlist') return waitingAudience(db, eventId, audience);
  const rows = await db
    .select(entrantColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(entrantsWhere(eventId, audience))
    .orderBy(registrations.reference);
  return rows.map((row): Recipient => ({ ...row, waiting: false }));
}

async function waitingAudience(db: Database | Transaction, eventId: string, audience: Audience) {
  const rows = await db
    .select({
      id: waitlistEntries.id,
      firstName: waitlistEntries.firstName,
      reference: waitlistEntries.reference,
      race: raceOptions.label,
      startTime: raceOptions.startTime,
      email: waitlistEntries.email,
      mobile: waitlistEntries.mobile,
      age: waitlistEntries.age,
      guardianMobile: waitlistEntries.guardianMobile,
      notifyBy: waitlistEntries.notifyBy,
    })
    .from(waitlistEntries)
    .innerJoin(raceOptions, eq(raceOptions.id, waitlistEntries.raceOptionId))
    .where(
      and(
        eq(waitlistEntries.eventId, eventId),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
        isNull(waitlistEntries.anonymisedAt),
        audience.discipline ? eq(waitlistEntries.discipline, audience.discipline) : undefined,
        audience.race ? eq(raceOptions.label, audience.race) : undefined,
        audience.minor === 'yes' ? sql`${waitlistEntries.age} < 18` : undefined,
        audience.minor === 'no' ? sql`${waitlistEntries.age} >= 18` : undefined,
      ),
    )
    .orderBy(waitlistEntries.createdAt);
  return rows.map(
    (row): Recipient => ({ ...row, waiting: true, bib: null, smsStopped: false, checkInCode: null }),
  );
}

/** The active entrants of the edition the race pack has not gone to yet. */
export async function entrantsWithoutRacePack(tx: Transaction, eventId: string, racePackId: string) {
  const rows = await tx
    .select(entrantColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(
      and(
        entrantsWhere(eventId, {}),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(messageRecipients)
            .where(
              and(
                eq(messageRecipients.messageId, racePackId),
                eq(messageRecipients.registrationId, registrations.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(registrations.reference);
  return rows.map((row): Recipient => ({ ...row, waiting: false }));
}

/** The edition's race pack, made the first time it is due. */
export async function racePackOf(tx: Transaction, values: typeof messages.$inferInsert) {
  await tx.insert(messages).values(values).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.eventId, values.eventId), eq(messages.kind, 'race-pack')))
    .for('update');
  if (!row) throw new Error('race pack missing');
  return row;
}

export async function insertMessage(tx: Transaction, values: typeof messages.$inferInsert) {
  const [row] = await tx.insert(messages).values(values).returning();
  if (!row) throw new Error('message not inserted');
  return row;
}

export async function updateMessage(
  db: Database | Transaction,
  id: string,
  values: Partial<typeof messages.$inferInsert>,
) {
  const [row] = await db.update(messages).set(values).where(eq(messages.id, id)).returning();
  return row;
}

/** Adds to what the message reached (the race pack grows as entrants come). */
export async function countSent(
  tx: Transaction,
  id: string,
  counts: { entrants: number; notByMail: number; notBySms: number },
) {
  await tx
    .update(messages)
    .set({
      entrants: sql`${messages.entrants} + ${counts.entrants}`,
      notByMail: sql`${messages.notByMail} + ${counts.notByMail}`,
      notBySms: sql`${messages.notBySms} + ${counts.notBySms}`,
      sentAt: sql`coalesce(${messages.sentAt}, now())`,
      state: 'sent',
    })
    .where(eq(messages.id, id));
}

export async function insertRecipients(tx: Transaction, rows: (typeof messageRecipients.$inferInsert)[]) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await tx.insert(messageRecipients).values(rows.slice(start, start + BATCH));
  }
}

/** Private links (digests) for many entries at once: full ones for mail, short ones for texts. */
export async function keepLinks(tx: Transaction, links: (typeof entryLinks.$inferInsert)[]) {
  for (let start = 0; start < links.length; start += BATCH) {
    await tx.insert(entryLinks).values(links.slice(start, start + BATCH));
  }
}

const BATCH = 500;

/** Scheduled messages whose time has come, each claimed by one server (the rest skip it). */
export async function claimDueMessages(tx: Transaction, now: Date) {
  return tx
    .select()
    .from(messages)
    .where(and(eq(messages.state, 'scheduled'), lte(messages.sendAt, now)))
    .orderBy(messages.sendAt)
    .limit(5)
    .for('update', { skipLocked: true });
}

export async function findMessage(db: Database | Transaction, id: string, forUpdate = false) {
  const query = db.select().from(messages).where(eq(messages.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function eventOf(db: Database | Transaction, eventId: string) {
  const [row] = await db.select().from(events).where(eq(events.id, eventId));
  return row;
}

/** The newest 100 messages of the edition (or the one asked) with their delivery states counted from the outboxes. */
export async function messagesOf(db: Database, which: { eventId: string } | { id: string }) {
  const rows = await db
    .select()
    .from(messages)
    .where('id' in which ? eq(messages.id, which.id) : eq(messages.eventId, which.eventId))
    .orderBy(desc(messages.sendAt))
    .limit(100);
  if (rows.length === 0) return [];
  const delivery = await db
    .select({
      messageId: messageRecipients.messageId,
      mailWaiting: sql<number>`count(*) filter (where ${mailOutbox.id} is not null and ${mailOutbox.sentAt} is null and ${mailOutbox.lastError} is null)::int`,
      mailSent: sql<number>`count(*) filter (where ${mailOutbox.sentAt} is not null)::int`,
      mailFailing: sql<number>`count(*) filter (where ${mailOutbox.sentAt} is null and ${mailOutbox.lastError} is not null)::int`,
      smsWaiting: sql<number>`count(*) filter (where ${smsOutbox.status} = 'queued')::int`,
      smsAccepted: sql<number>`count(*) filter (where ${smsOutbox.status} = 'accepted')::int`,
      smsDelivered: sql<number>`count(*) filter (where ${smsOutbox.status} = 'delivered')::int`,
      smsUndelivered: sql<number>`count(*) filter (where ${smsOutbox.status} = 'undelivered')::int`,
      smsFailed: sql<number>`count(*) filter (where ${smsOutbox.status} = 'failed')::int`,
    })
    .from(messageRecipients)
    .leftJoin(mailOutbox, eq(mailOutbox.id, messageRecipients.mailId))
    .leftJoin(smsOutbox, eq(smsOutbox.id, messageRecipients.smsId))
    .where(
      inArray(
        messageRecipients.messageId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(messageRecipients.messageId);
  const byMessage = new Map(delivery.map((row) => [row.messageId, row]));
  return rows.map((row) => ({ row, delivery: byMessage.get(row.id) }));
}

/** The company teams with entries in the edition, by name, for the audience's choice. */
export async function teamsOf(db: Database, eventId: string) {
  return db
    .selectDistinct({ id: user.id, name: user.name })
    .from(registrations)
    .innerJoin(user, eq(user.id, registrations.companyAccountId))
    .where(activeInEvent(eventId))
    .orderBy(user.name);
}
